import Stripe from 'stripe';
import { AppError } from '../../platform/errors';
import * as payments from '../payments/payments.service';
import { applyPayoutAccountEvent } from '../payments/payouts.service';
import { announceSettledCharge, settleCharge, type CheckoutContext } from './checkout.service';
import {
  CHARGE_KEY_METADATA,
  stripeAccountStatus,
  stripeChargeOutcome,
} from '../../platform/payments/stripe-payment-provider';

const PAYMENT_INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * A Stripe event, verified on the raw body with the webhook secret (a forged or altered one is
 * refused before anything is read or written). Each event id is processed once, in the transaction
 * that records it as processed; and as the charge's outcome is recorded by whoever comes first (the
 * purchase itself, this webhook, the reconciliation job), events may arrive in any order and twice.
 * `account.updated` sets a member's payout account status as of the event's creation, so an older
 * event delivered late changes nothing.
 */
export async function handleStripeWebhook(
  context: CheckoutContext,
  webhookSecret: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (!webhookSecret) throw new AppError('bad_request', 'Stripe webhooks are not configured');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch {
    throw new AppError('bad_request', 'The webhook signature is not valid');
  }
  const settled = await context.db.transaction(async (transaction) => {
    const first = await payments.markEventProcessed(transaction, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
    });
    if (!first) return undefined;
    if (event.type === 'account.updated') {
      const account = event.data.object as Stripe.Account;
      await applyPayoutAccountEvent(
        transaction,
        {
          provider: 'stripe',
          providerAccountId: account.id,
          status: stripeAccountStatus(account),
          createdAt: new Date(event.created * 1000),
        },
        context.clock(),
      );
      return undefined;
    }
    if (!PAYMENT_INTENT_EVENTS.has(event.type)) return undefined;
    const intent = event.data.object as Stripe.PaymentIntent;
    const chargeKey = intent.metadata?.[CHARGE_KEY_METADATA];
    const outcome = stripeChargeOutcome(intent);
    if (!chargeKey || !outcome) return undefined;
    return settleCharge(transaction, chargeKey, outcome, context.clock());
  });
  await announceSettledCharge(context, settled);
  return { received: true };
}
