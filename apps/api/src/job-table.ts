import type { ChargeReconciler } from './modules/checkout/checkout.service';
import { OFFER_EXPIRY_QUEUE, type OfferExpiry } from './modules/offers/offers.service';
import type { OrderTimers } from './modules/orders/order-timers';
import type { Payouts } from './modules/payments/payouts.service';
import type { Retention } from './modules/retention/retention.service';
import { EVERY_MINUTE, type JobDefinition } from './platform/jobs';

/** Deletes rows past their keeping time; hourly, as the shortest keeping time (a rate limit's window) is an hour. */
const HOURLY_AT_17 = '17 * * * *';

/**
 * Every recurring job of the marketplace, in one table: the platform's job runner (pg-boss) runs
 * them, each on whichever instance takes it. A composition root, so it may name any module.
 */
export function jobTable(sweeps: {
  timers: OrderTimers;
  chargeReconciler: ChargeReconciler;
  retention: Retention;
  payouts: Payouts;
  offerExpiry: OfferExpiry;
}): JobDefinition[] {
  const { timers, chargeReconciler, retention, payouts, offerExpiry } = sweeps;
  const orderSweep = { message: 'timer sweep changed orders', countName: 'count' };
  return [
    {
      queue: 'orders.auto-complete',
      schedule: EVERY_MINUTE,
      run: () => timers.autoComplete(),
      log: orderSweep,
    },
    {
      queue: 'orders.expire-pending',
      schedule: EVERY_MINUTE,
      run: () => timers.expirePending(),
      log: orderSweep,
    },
    { queue: 'orders.remind-due', schedule: EVERY_MINUTE, run: () => timers.remindDue(), log: orderSweep },
    {
      queue: 'payments.reconcile',
      schedule: EVERY_MINUTE,
      // Charges left open by a crash between the provider call and its record; refunds to send again.
      run: () => chargeReconciler.reconcileCharges(),
      log: orderSweep,
    },
    {
      queue: 'retention.sweep',
      schedule: HOURLY_AT_17,
      run: () => retention.sweep(),
      log: { message: 'retention sweep', countName: 'deleted', always: true },
    },
    {
      // Transfers members' available money to their payout accounts, and retries failed transfers.
      queue: 'payments.payouts',
      schedule: EVERY_MINUTE,
      run: () => payouts.run(),
      log: { message: 'payouts transferred', countName: 'paid' },
    },
    {
      // A job is also queued for each offer's expiry time; this sweep catches up on any the runner
      // missed (it was down, or the job was lost).
      queue: OFFER_EXPIRY_QUEUE,
      schedule: EVERY_MINUTE,
      run: () => offerExpiry.expireDue(),
      log: { message: 'offers expired', countName: 'expired' },
    },
  ];
}
