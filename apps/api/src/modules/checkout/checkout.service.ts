import { createHash } from 'node:crypto';
import {
  ORDER_TEXTS,
  OFFER_TEXTS,
  cardBrandOf,
  type BillingAddress,
  type Order,
  type PaymentDeclinedResponse,
  type Payment,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { isGeneralAdmin, type Actor } from '../../platform/auth/actor';
import type { ChargeResult, FoundCharge } from '../../platform/payments/payment-provider';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import type { RateLimiter, RateLimitRule, Reserved } from '../../platform/rate-limit/rate-limiter';
import { recordActivity } from '../activity/activity.service';
import type { PendingNotification } from '../notifications/notifications.service';
import * as offers from '../offers/offers.service';
import * as orders from '../orders/orders.service';
import * as payments from '../payments/payments.service';
import * as repository from './checkout.repository';

/**
 * The checkout owns the charge's lifecycle: the purchase (order pending, the provider called under a
 * charge key, its answer recorded), the settlement of the provider's answer however it arrives
 * (the purchase itself, the webhook, the reconciliation job), late charges given back, pending refunds
 * sent again, and the Idempotency-Key that makes a retried purchase pay once. The order's own states
 * belong to the orders module, the money's books to payments; the checkout composes them and neither
 * of them imports it (decision 0075).
 */
export interface CheckoutContext extends orders.OrdersContext {
  /** For the offer card both sides see change when its payment accepts it. */
  bus: RealtimeBus;
  limiter: RateLimiter;
  paymentAttemptRules: { perBuyer: RateLimitRule; perAddress: RateLimitRule };
}

const HOUR_MS = 60 * 60 * 1000;

export function checkoutContext(deps: AppDeps): CheckoutContext {
  const { config, limiter, bus } = deps;
  return {
    ...orders.ordersContext(deps),
    bus,
    limiter,
    paymentAttemptRules: {
      perBuyer: {
        bucket: 'payment-attempt:buyer',
        limit: config.paymentAttemptLimits.perBuyer,
        windowMs: HOUR_MS,
      },
      perAddress: {
        bucket: 'payment-attempt:address',
        limit: config.paymentAttemptLimits.perAddress,
        windowMs: HOUR_MS,
        perAddress: true,
      },
    },
  };
}

const toCents = (dollars: number) => Math.round(dollars * 100);

export interface OrderCreateInput extends payments.PaymentDetails {
  /** Exactly one of the two: a catalogue package, or a custom offer of the buyer's conversation. */
  service_package_id?: number | undefined;
  offer_id?: number | undefined;
  total_amount: number;
  billing_address: BillingAddress;
}

/**
 * A purchase either paid (the order is confirmed), was declined (it stays pending with a failed
 * payment), or waits for the card holder's authentication (order and payment pending, the order
 * answer carries `payment_action`).
 */
export type OrderCreateResult = (
  | { outcome: 'paid'; order: Order }
  | { outcome: 'declined'; declined: PaymentDeclinedResponse }
  | { outcome: 'requires_action'; order: Order }
) & { replayed: boolean };

/** The same rule as the `can_purchase_services` flag: BUYER or USER; general admins and superusers may do everything. */
const canPurchase = (actor: Actor) =>
  actor.role === 'BUYER' || actor.role === 'USER' || isGeneralAdmin(actor);

/**
 * What decides whether two requests with one Idempotency-Key are "the same": the body with the
 * card reduced to what may be kept (brand, last four, expiry), so neither the number nor the CVV feeds even a hash.
 */
function requestFingerprint(input: OrderCreateInput): string {
  const card = input.card
    ? {
        brand: cardBrandOf(input.card.card_number),
        last_four: input.card.card_number.slice(-4),
        expiry_month: input.card.expiry_month,
        expiry_year: input.card.expiry_year,
        cardholder_name: input.card.cardholder_name,
      }
    : null;
  const canonical = JSON.stringify(
    {
      service_package_id: input.service_package_id ?? null,
      offer_id: input.offer_id ?? null,
      total_amount: toCents(input.total_amount),
      payment_method: input.payment_method,
      card,
      paypal_email: input.paypal_email?.toLowerCase() ?? null,
      billing_address: input.billing_address,
    },
    (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * What a purchase attempt counts against the limits: a decline twice (a card tester, who is declined
 * most of the time, meets the limit at half the attempts of a buyer whose card works), anything else
 * once, a replay of an earlier answer not at all.
 */
const DECLINE_WEIGHT = 2;

/**
 * Reserves a purchase attempt for the buyer and for the client address before anything reaches the
 * payment provider, refusing with 429 past either limit. It reserves the most it can count (a
 * decline's weight) under the limiter's per-counter lock, so parallel attempts are counted one after
 * the other with their outcomes still open and pass exactly as often as sequential ones; once the
 * outcome is known, `keep` gives back what it did not use. A repeat of an earlier key replays its
 * answer and is not counted.
 */
async function reservePaymentAttempt(
  context: CheckoutContext,
  actor: Actor,
  idempotencyKey: string | undefined,
  clientAddress: string,
): Promise<Reserved | undefined> {
  if (
    idempotencyKey !== undefined &&
    (await repository.findIdempotencyKey(context.db, actor.id, idempotencyKey))
  ) {
    return undefined;
  }
  return context.limiter.reserve([
    { rule: context.paymentAttemptRules.perBuyer, key: String(actor.id), weight: DECLINE_WEIGHT },
    { rule: context.paymentAttemptRules.perAddress, key: clientAddress, weight: DECLINE_WEIGHT },
  ]);
}

/** A recorded charge, with what its announcement after the commit needs. */
interface SettledCharge {
  /** `given_up`: the money came for an order expired or cancelled meanwhile, and goes back after the commit. */
  outcome: 'paid' | 'declined' | 'given_up';
  chargeKey: string;
  orderId: number;
  buyerId: number;
  buyerUsername: string;
  title: string;
  totalCents: number;
  /** The team's bell entries for a confirmed order, published after the commit. */
  notifications: PendingNotification[];
  /** For a given-up order: the refund of its charge, sent to the provider after the commit. */
  refundId?: number | undefined;
  /** The custom offer the payment accepted, whose card both sides see change after the commit. */
  offerId?: number | undefined;
}

/**
 * Records the provider's answer for a charge key in the caller's transaction and moves the order
 * with it: a success confirms a pending order (its due date counts from now), a decline leaves it
 * pending with the failed payment. The purchase itself, the webhook and the reconciliation job all
 * come here, and the payment row's lock lets only the first of them record anything (undefined for
 * the others), so an order is confirmed once whoever learns the outcome first.
 */
export async function settleCharge(
  transaction: DatabaseOrTransaction,
  chargeKey: string,
  result: FoundCharge,
  now: Date,
): Promise<SettledCharge | undefined> {
  const recorded = await payments.recordChargeOutcome(transaction, chargeKey, result, now);
  if (!recorded) return undefined;
  const { locked, row } = (await orders.lockOrderWithRow(transaction, recorded.orderId))!;
  const settled: SettledCharge = {
    outcome: recorded.outcome,
    chargeKey,
    orderId: locked.id,
    buyerId: locked.buyerId,
    buyerUsername: row.buyerUsername,
    title: row.package.title,
    totalCents: locked.totalCents,
    notifications: [],
  };
  if (recorded.outcome === 'declined') {
    await orders.recordStep(transaction, {
      orderId: locked.id,
      type: 'payment_failed',
      actorId: locked.buyerId,
      message: recorded.message,
      at: now,
    });
    await recordActivity(transaction, {
      userId: locked.buyerId,
      action: 'order.payment_failed',
      description: `Payment for ${row.package.title} failed: ${recorded.message}`,
      metadata: { order_id: locked.id },
    });
    return settled;
  }
  // Only a pending order is confirmed, and only then does the team hear of it: one given up
  // meanwhile keeps its status and its money is refunded after the commit (see decision 0056).
  if (locked.status !== 'pending') {
    const refundId = await payments.refundGivenUpCharge(transaction, chargeKey, now);
    return { ...settled, outcome: 'given_up', refundId };
  }
  await orders.confirmPaidOrder(transaction, locked.id, now, orders.addDays(now, row.package.durationDays));
  // An order of a custom offer accepts the offer here, with the payment: a declined card leaves it
  // pending. The team's word of the new order is then the offer's acceptance.
  const accepted = await offers.acceptPaidOffer(
    transaction,
    {
      packageId: row.package.id,
      orderId: locked.id,
      buyerUsername: row.buyerUsername,
      teamId: row.team.id,
      teamAdminId: row.team.adminId,
    },
    now,
  );
  const confirmed = await orders.recordStep(transaction, {
    orderId: locked.id,
    type: 'confirmed',
    actorId: null,
    at: now,
    ...(accepted
      ? {}
      : {
          notify: {
            audience: ['team'],
            text: `New order from ${row.buyerUsername}: ${row.package.title}`,
          },
        }),
  });
  settled.notifications = accepted ? accepted.notifications : confirmed;
  settled.offerId = accepted?.offerId;
  await recordActivity(transaction, {
    userId: locked.buyerId,
    action: 'order.placed',
    description: `Ordered ${row.package.title} from ${row.team.name}`,
    metadata: { order_id: locked.id },
  });
  return settled;
}

/**
 * After the commit of a charge that confirmed an order: the team hears of the new order. A charge
 * for an order given up is refunded instead (recorded with the charge); should the provider fail,
 * the reconciliation job sends the refund again under the same key.
 */
export async function announceSettledCharge(context: CheckoutContext, settled: SettledCharge | undefined) {
  if (settled?.outcome === 'given_up') {
    await payments.sendRefund(context, settled.refundId);
    return;
  }
  if (settled?.outcome !== 'paid') return;
  if (settled.offerId !== undefined) await offers.announceOfferChange(context, settled.offerId);
  await orders.announceStep(context, {
    orderId: settled.orderId,
    type: 'confirmed',
    status: 'confirmed',
    actorId: settled.buyerId,
    audience: ['team'],
    subject: `New order: ${settled.title}`,
    paragraphs: [
      `${settled.buyerUsername} bought ${settled.title} for $${(settled.totalCents / 100).toFixed(2)}.`,
      'The payment is confirmed; start the work when you are ready.',
    ],
    activityAction: 'order.received',
    notifications: settled.notifications,
  });
}

/** The reconciliation job's idea of "long ago": far beyond any provider call's timeout. */
export const STALE_CHARGE_MS = 10 * 60 * 1000;
/**
 * When a charge the provider does not know is taken as never made. Longer than a stale charge,
 * because a provider's search may lag behind its charges (Stripe's: up to an hour in an outage).
 */
export const INTERRUPTED_CHARGE_MS = 2 * 60 * 60 * 1000;
const RECONCILE_BATCH = 50;

/**
 * A crash between the provider call and transaction 2 leaves a pending payment behind. The job
 * asks the provider by the charge key and records its answer; a charge the provider still does not
 * know after INTERRUPTED_CHARGE_MS is recorded as interrupted (nothing was charged), and the pending
 * order then expires as a declined one does. It also sends again every refund whose provider call
 * failed or never happened (`payments.retryRefunds`). Returns how many charges and refunds it recorded.
 */
export async function reconcileCharges(context: CheckoutContext): Promise<number> {
  const now = context.clock();
  const stale = await payments.listStaleCharges(
    context.db,
    new Date(now.getTime() - STALE_CHARGE_MS),
    RECONCILE_BATCH,
  );
  let count = 0;
  for (const { chargeKey, placedAt } of stale) {
    const found = await context.provider.findCharge(chargeKey);
    const waiting = !found || found.outcome === 'requires_action';
    if (waiting && now.getTime() - placedAt.getTime() < INTERRUPTED_CHARGE_MS) continue;
    // Never reached the provider, or an authentication the buyer abandoned: nothing was charged.
    // Either is recorded so that a success the provider reports later still wins.
    const result: FoundCharge = waiting
      ? {
          outcome: 'declined',
          transactionId: found?.transactionId ?? null,
          message: found ? ORDER_TEXTS.authenticationNotCompleted : payments.CHARGE_INTERRUPTED_MESSAGE,
          cardBrand: found?.cardBrand ?? null,
          cardLastFour: found?.cardLastFour ?? null,
        }
      : found;
    const settled = await context.db.transaction((transaction) =>
      settleCharge(transaction, chargeKey, result, context.clock()),
    );
    if (settled) count += 1;
    await announceSettledCharge(context, settled);
  }
  return count + (await payments.retryRefunds(context));
}

/**
 * The answer of a purchase whose charge is recorded: the order (201) or the decline (402), stored
 * once under its Idempotency-Key so that every repeat replays the same answer.
 */
async function purchaseAnswer(
  transaction: DatabaseOrTransaction,
  actor: Actor,
  orderId: number,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<OrderCreateResult | undefined> {
  if (idempotencyKey !== undefined) {
    // A concurrent repeat may have stored the answer already: it is the one to give.
    const stored = await repository.findIdempotencyKey(transaction, actor.id, idempotencyKey);
    if (stored && stored.outcome !== 'pending') return replayOf(stored, false);
  }
  const payment = await payments.latestPaymentOf(transaction, orderId);
  if (payment?.status === 'pending' && payment.actionClientSecret) {
    // Not final: a repeat asks the provider again and gets the same authentication to complete.
    return {
      outcome: 'requires_action',
      order: await orders.getOrder(transaction, actor, orderId, now),
      replayed: false,
    };
  }
  if (!payment || payment.status === 'pending') return undefined;
  const answer: Exclude<OrderCreateResult, { outcome: 'requires_action' }> =
    payment.status === 'failed'
      ? {
          outcome: 'declined',
          declined: {
            detail: payment.failureMessage ?? ORDER_TEXTS.cardDeclined,
            order_id: orderId,
            payment_status: 'failed',
          },
          replayed: false,
        }
      : { outcome: 'paid', order: await orders.getOrder(transaction, actor, orderId, now), replayed: false };
  if (idempotencyKey === undefined) return answer;
  const stored = await repository.finalizeIdempotencyKey(
    transaction,
    actor.id,
    idempotencyKey,
    answer.outcome,
    answer.outcome === 'paid' ? answer.order : answer.declined,
  );
  return stored ? replayOf(stored, false) : answer;
}

function replayOf(
  stored: { outcome: 'paid' | 'declined' | 'pending'; responseBody: unknown },
  replayed: boolean,
): OrderCreateResult {
  return stored.outcome === 'paid'
    ? { outcome: 'paid', order: stored.responseBody as Order, replayed }
    : { outcome: 'declined', declined: stored.responseBody as PaymentDeclinedResponse, replayed };
}

/**
 * Two transactions with the provider call between them, so that no transaction waits on the
 * network: (1) the order `pending`, its payment `pending` with a charge key, and the
 * Idempotency-Key; then the provider is called under the charge key; (2) its answer is recorded. A
 * decline keeps a `pending` order with a `failed` payment (402); a success confirms the order
 * (201); details the provider refuses outright (422) take the order back out. A repeat with the same
 * Idempotency-Key replays a recorded answer, or, while the charge is still open (in flight, or left
 * by a crash), calls the provider again under the same charge key, which charges nothing twice.
 */
export async function createOrder(
  context: CheckoutContext,
  actor: Actor,
  input: OrderCreateInput,
  idempotencyKey: string | undefined,
  clientAddress: string,
): Promise<OrderCreateResult> {
  if (!canPurchase(actor)) throw new AppError('forbidden', ORDER_TEXTS.cannotPurchase);
  const fingerprint = requestFingerprint(input);
  const attempt = await reservePaymentAttempt(context, actor, idempotencyKey, clientAddress);
  // Giving back is best effort: a unit it leaves provisional counts as used a few minutes later, so
  // a failure here can only count too much, never let an attempt past the limit.
  const keep = (units: number) => attempt?.keep(units).catch(() => undefined);
  let purchased: { result: OrderCreateResult; counts: number };
  try {
    purchased = await purchase(context, actor, input, idempotencyKey, fingerprint);
  } catch (error) {
    // Refused (before or by the provider) or its outcome unknown: it counts once, as it always did.
    await keep(1);
    throw error;
  }
  await keep(purchased.counts);
  return purchased.result;
}

/** The purchase of createOrder, with how many units of its attempt it counts (see DECLINE_WEIGHT). */
async function purchase(
  context: CheckoutContext,
  actor: Actor,
  input: OrderCreateInput,
  idempotencyKey: string | undefined,
  fingerprint: string,
): Promise<{ result: OrderCreateResult; counts: number }> {
  const started = await context.db.transaction(async (transaction) => {
    if (idempotencyKey !== undefined) {
      await repository.lockIdempotencyKey(transaction, actor.id, idempotencyKey);
      const earlier = await repository.findIdempotencyKey(transaction, actor.id, idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== fingerprint)
          throw new AppError('validation', ORDER_TEXTS.idempotencyKeyReused);
        if (earlier.outcome !== 'pending')
          return { kind: 'replay' as const, answer: replayOf(earlier, true) };
        const orderId = (earlier.responseBody as { order_id: number }).order_id;
        return {
          kind: 'resume' as const,
          orderId,
          pending: await payments.findOpenCharge(transaction, orderId),
        };
      }
    }

    // An offer is bought through its own package (never in the catalogue), after the offer's checks.
    const offer =
      input.offer_id === undefined
        ? undefined
        : await offers.lockOfferForPurchase(transaction, actor, input.offer_id, context.clock());
    const item = await repository.findPackageForPurchase(
      transaction,
      offer ? offer.packageId : input.service_package_id!,
    );
    if (!item || (!offer && item.status !== 'published'))
      throw new AppError('not_found', ORDER_TEXTS.packageNotFound);
    if (!item.teamIsActive) throw new AppError('conflict', ORDER_TEXTS.packageNotPurchasable);
    if (item.teamAdminId === actor.id || (await orders.isTeamMember(transaction, item.teamId, actor.id))) {
      throw new AppError('forbidden', ORDER_TEXTS.ownTeamPackage);
    }
    if (toCents(input.total_amount) !== item.priceCents) {
      const mismatch = offer ? OFFER_TEXTS.amountMismatch : ORDER_TEXTS.amountMismatch;
      throw new AppError('conflict', mismatch, [{ path: 'body.total_amount', message: mismatch }]);
    }

    const placedAt = context.clock();
    const orderId = await orders.placePendingOrder(transaction, {
      buyerId: actor.id,
      servicePackageId: item.id,
      teamId: item.teamId,
      status: 'pending',
      totalCents: item.priceCents,
      revisionsIncluded: item.revisions,
      createdAt: placedAt,
      updatedAt: placedAt,
    });
    await orders.recordStep(transaction, { orderId, type: 'placed', actorId: actor.id, at: placedAt });
    const pending = await payments.startCharge(
      transaction,
      actor.id,
      { id: orderId, amountCents: item.priceCents },
      input,
      placedAt,
    );
    if (idempotencyKey !== undefined) {
      await repository.insertIdempotencyKey(transaction, {
        userId: actor.id,
        key: idempotencyKey,
        requestHash: fingerprint,
        outcome: 'pending',
        responseBody: { order_id: orderId },
      });
    }
    return { kind: 'new' as const, orderId, pending };
  });

  // An answer recorded meanwhile by a concurrent repeat of this key: nothing counts.
  if (started.kind === 'replay') return { result: started.answer, counts: 0 };
  const replayed = started.kind === 'resume';
  let charged: { chargeKey: string; result: FoundCharge } | undefined;
  if (started.pending) {
    const { pending } = started;
    let result: ChargeResult;
    try {
      result = await payments.requestCharge(context.db, context.provider, actor.id, pending, input);
    } catch {
      // The outcome is unknown: the payment stays pending for a repeat of this purchase (same
      // Idempotency-Key), the webhook or the reconciliation job to record.
      throw new AppError('unavailable', ORDER_TEXTS.paymentUnconfirmed);
    }
    if (result.outcome === 'invalid') {
      await context.db.transaction(async (transaction) => {
        if (idempotencyKey !== undefined)
          await repository.deleteIdempotencyKey(transaction, actor.id, idempotencyKey);
        await orders.deleteUnpaidOrder(transaction, pending.orderId);
      });
      throw new AppError('validation', result.message, [
        { path: `body.${result.field}`, message: result.message },
      ]);
    }
    charged = { chargeKey: pending.chargeKey, result };
  }
  // Transaction 2: the outcome, and the answer every repeat of this purchase will replay.
  const { settled, answer } = await context.db.transaction(async (transaction) => {
    const now = context.clock();
    const recorded = charged
      ? await settleCharge(transaction, charged.chargeKey, charged.result, now)
      : undefined;
    return {
      settled: recorded,
      answer: await purchaseAnswer(transaction, actor, started.orderId, idempotencyKey, now),
    };
  });
  await announceSettledCharge(context, settled);
  // Without an answer the order is still open in the other process that holds its charge.
  if (!answer) throw new AppError('unavailable', ORDER_TEXTS.paymentUnconfirmed);
  const result = { ...answer, replayed: answer.replayed || replayed };
  // A resumed charge counts once: its decline is the first attempt's, which reserved a decline's
  // weight (left provisional by a crash, it counts in full).
  return { result, counts: result.outcome === 'declined' && !replayed ? DECLINE_WEIGHT : 1 };
}

/** A general admin refunds a payment, which refunds its order through the order's state machine. */
export async function refundPaymentById(
  context: CheckoutContext,
  actor: Actor,
  paymentId: number,
): Promise<Payment> {
  const { orderId } = await payments.refundablePayment(context.db, actor, paymentId);
  await orders.updateOrderStatus(context, actor, orderId, 'refunded');
  return payments.getPayment(context.db, paymentId);
}

/** A retry comes within minutes; a key older than a day only holds the answer it replays. */
export function deleteIdempotencyKeysBefore(db: Database, before: Date): Promise<number> {
  return repository.deleteIdempotencyKeysBefore(db, before);
}

/** The charge reconciliation job (queue `payments.reconcile`): see reconcileCharges. */
export interface ChargeReconciler {
  reconcileCharges(): Promise<number>;
}

export function createChargeReconciler(context: CheckoutContext): ChargeReconciler {
  return { reconcileCharges: () => reconcileCharges(context) };
}
