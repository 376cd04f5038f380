import { randomUUID } from 'node:crypto';
import {
  MONEY_TEXTS,
  ORDER_TEXTS,
  cardBrandOf,
  type CardBrand,
  type Payment,
  type PaymentMethod,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { Clock } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { isGeneralAdmin } from '../../platform/auth/actor';
import { findPayingCard, providerCustomerId } from '../billing/billing.service';
import * as ledger from './ledger.service';
import type { ChargeResult, FoundCharge, PaymentProvider } from '../../platform/payments/payment-provider';
import * as repository from './payments.repository';
import { retryDelayMs } from './payouts.service';
import { renderReceipt } from './receipt-pdf';

/** How the buyer pays, as the purchase form sends it; card details are never stored. */
export interface PaymentDetails {
  payment_method: PaymentMethod;
  card?: {
    card_number: string;
    expiry_month: number;
    expiry_year: number;
    cvv: string;
    cardholder_name: string;
  };
  card_token?: string;
  saved_payment_method_id?: number;
  paypal_email?: string;
}

/** A payment written `pending` before the provider is called, with the key the call will carry. */
export interface PendingCharge {
  paymentId: number;
  orderId: number;
  amountCents: number;
  chargeKey: string;
}

/** What a recorded charge meant for the order: paid, or refused by the gateway with a message for the buyer. */
export type ChargeOutcome = { outcome: 'paid' } | { outcome: 'declined'; message: string };

/** The outcome given to a charge the provider never saw (a crash before the call reached it). */
export const CHARGE_INTERRUPTED_MESSAGE =
  'The payment was interrupted before it reached the card network. Nothing was charged.';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPaymentResponse(payment: repository.PaymentRow): Payment {
  return {
    id: payment.id,
    order_id: payment.orderId,
    status: payment.status,
    method: payment.method as PaymentMethod,
    amount: payment.amountCents / 100,
    currency: payment.currency,
    transaction_id: payment.transactionId,
    card_brand: payment.cardBrand as CardBrand | null,
    card_last_four: payment.cardLastFour,
    failure_message: payment.failureMessage,
    created_at: payment.createdAt.toISOString(),
    completed_at: iso(payment.completedAt),
  };
}

/**
 * Transaction 1 of a purchase: the payment is written `pending` with a fresh charge key, before
 * any network call. A card keeps only its brand and last four; a saved card must be the buyer's own
 * card (else 404, or 422 for a saved PayPal or bank account), so a refusal rolls the order back.
 */
export async function startCharge(
  transaction: DatabaseOrTransaction,
  buyerId: number,
  order: { id: number; amountCents: number },
  details: PaymentDetails,
  now: Date,
): Promise<PendingCharge> {
  let card: { brand: CardBrand | null; lastFour: string | null; savedId: number | null } = {
    brand: null,
    lastFour: null,
    savedId: null,
  };
  if (details.card) {
    card = {
      brand: cardBrandOf(details.card.card_number),
      lastFour: details.card.card_number.slice(-4),
      savedId: null,
    };
  } else if (details.saved_payment_method_id !== undefined) {
    const saved = await findPayingCard(transaction, buyerId, details.saved_payment_method_id);
    card = { brand: saved.brand, lastFour: saved.lastFour, savedId: saved.id };
  }
  const chargeKey = `teamhire_${randomUUID()}`;
  const paymentId = await repository.insertPayment(transaction, {
    orderId: order.id,
    status: 'pending',
    method: details.payment_method,
    amountCents: order.amountCents,
    cardBrand: card.brand,
    cardLastFour: card.lastFour,
    savedPaymentMethodId: card.savedId,
    chargeKey,
    createdAt: now,
  });
  return { paymentId, orderId: order.id, amountCents: order.amountCents, chargeKey };
}

/**
 * The order's charge still waiting for its outcome, for a repeat of the purchase (same
 * Idempotency-Key) to call the provider again under the same charge key.
 */
export async function findOpenCharge(
  db: DatabaseOrTransaction,
  orderId: number,
): Promise<PendingCharge | undefined> {
  const payment = await repository.findLatestPayment(db, orderId);
  if (!payment || payment.status !== 'pending' || !payment.chargeKey) return undefined;
  return { paymentId: payment.id, orderId, amountCents: payment.amountCents, chargeKey: payment.chargeKey };
}

/**
 * The network step, outside any transaction: asks the provider to charge under the pending
 * payment's key, so calling again (a retry, a concurrent repeat) never charges twice.
 */
export async function requestCharge(
  db: DatabaseOrTransaction,
  provider: PaymentProvider,
  buyerId: number,
  pending: PendingCharge,
  details: PaymentDetails,
): Promise<ChargeResult> {
  const common = {
    amountCents: pending.amountCents,
    currency: 'USD',
    description: `TeamHire order ${pending.orderId}`,
    orderId: pending.orderId,
    idempotencyKey: pending.chargeKey,
  };
  if (details.payment_method === 'paypal') {
    return provider.charge({ ...common, method: 'paypal', paypalEmail: details.paypal_email ?? '' });
  }
  if (details.card) {
    return provider.charge({
      ...common,
      method: 'credit_card',
      card: {
        number: details.card.card_number,
        expiryMonth: details.card.expiry_month,
        expiryYear: details.card.expiry_year,
        cvv: details.card.cvv,
        holderName: details.card.cardholder_name,
      },
    });
  }
  if (details.card_token !== undefined) {
    return provider.charge({ ...common, method: 'card_token', token: details.card_token });
  }
  const saved = await findPayingCard(db, buyerId, details.saved_payment_method_id!);
  return provider.charge({
    ...common,
    method: 'saved_card',
    savedCard: {
      brand: saved.brand,
      lastFour: saved.lastFour,
      providerMethodId: saved.providerMethodId,
      customerId: await providerCustomerId(db, buyerId, provider.name),
    },
  });
}

/**
 * Transaction 2 of a purchase, and what the webhook and the reconciliation job run too: the one
 * place where the provider's answer for a charge key is recorded. The payment row is locked, so
 * whoever comes first records it and the others find it recorded (undefined). A success also
 * overrides an interruption recorded by the job, as the provider's word is the truth about money.
 */
export async function recordChargeOutcome(
  transaction: DatabaseOrTransaction,
  chargeKey: string,
  result: FoundCharge,
  now: Date,
): Promise<(ChargeOutcome & { orderId: number; paymentId: number }) | undefined> {
  const payment = await repository.lockPaymentByChargeKey(transaction, chargeKey);
  if (!payment) return undefined;
  if (result.outcome === 'requires_action') {
    // Nothing is decided yet: the buyer's browser completes the authentication with this secret.
    if (payment.status === 'pending') {
      await repository.updatePayment(transaction, payment.id, {
        transactionId: result.transactionId,
        cardBrand: result.cardBrand ?? payment.cardBrand,
        cardLastFour: result.cardLastFour ?? payment.cardLastFour,
        actionClientSecret: result.clientSecret,
      });
    }
    return undefined;
  }
  const interrupted =
    payment.status === 'failed' &&
    (payment.failureMessage === CHARGE_INTERRUPTED_MESSAGE ||
      payment.failureMessage === ORDER_TEXTS.authenticationNotCompleted);
  const open = payment.status === 'pending' || (interrupted && result.outcome === 'succeeded');
  if (!open) return undefined;
  const card = {
    transactionId: result.transactionId,
    cardBrand: result.cardBrand ?? payment.cardBrand,
    cardLastFour: result.cardLastFour ?? payment.cardLastFour,
    actionClientSecret: null,
  };
  if (result.outcome === 'declined') {
    await repository.updatePayment(transaction, payment.id, {
      ...card,
      status: 'failed',
      failureMessage: result.message,
    });
    return { outcome: 'declined', message: result.message, orderId: payment.orderId, paymentId: payment.id };
  }
  await repository.updatePayment(transaction, payment.id, {
    ...card,
    status: 'completed',
    failureMessage: null,
    completedAt: now,
  });
  // The money is held from here until the order completes, is cancelled or is refunded.
  await ledger.recordCharge(transaction, {
    orderId: payment.orderId,
    amountCents: payment.amountCents,
    at: now,
  });
  return { outcome: 'paid', orderId: payment.orderId, paymentId: payment.id };
}

/** The order's newest payment, as the purchase's answer reads it. */
export function latestPaymentOf(db: DatabaseOrTransaction, orderId: number) {
  return repository.findLatestPayment(db, orderId);
}

/** Pending charges older than `placedBefore`, for the reconciliation job. */
export async function listStaleCharges(db: DatabaseOrTransaction, placedBefore: Date, limit: number) {
  const rows = await repository.listPendingChargesBefore(db, placedBefore, limit);
  return rows.map((row) => ({ chargeKey: row.chargeKey!, placedAt: row.createdAt }));
}

/** Records a provider event as handled in the caller's transaction; false for a replay. */
export function markEventProcessed(
  transaction: DatabaseOrTransaction,
  event: { provider: string; eventId: string; type: string },
) {
  return repository.markEventProcessed(transaction, event);
}

/** What sends a refund to the provider after the commit that decided it. */
export interface RefundContext {
  db: Database;
  provider: PaymentProvider;
  clock: Clock;
}

/** How long one provider call may hold a claimed refund before the job takes it up again. */
const REFUND_ATTEMPT_LEASE_MS = 10 * 60 * 1000;
/** After this many failed calls (about a day of backoff) a refund is left `failed` for a person to look at. */
export const REFUND_MAX_ATTEMPTS = 12;
const REFUND_BATCH = 50;

/**
 * Money goes back to the buyer: all of it, or `amountCents` of it for a partial refund (the payment
 * then stays completed, with what went back recorded). Written in the caller's transaction, with no
 * network call: the payment's refunded amount, the ledger's refund and a pending refund row keyed
 * `refund_<payment>_<refunded so far>_<amount>` (a retry of this refund is the same key, a later
 * partial refund another). The caller sends it after the commit (`sendRefund`); answers its id, or
 * undefined when there is nothing for the provider to return.
 */
export async function refundOrderPayment(
  transaction: DatabaseOrTransaction,
  orderId: number,
  now: Date,
  amountCents?: number,
): Promise<number | undefined> {
  const payment = await repository.findLatestPayment(transaction, orderId);
  if (!payment || payment.status !== 'completed') return undefined;
  // A whole refund returns what is left after an earlier partial one.
  const amount = amountCents ?? payment.amountCents - payment.refundedCents;
  if (amount <= 0) return undefined;
  return recordPendingRefund(transaction, payment, {
    amountCents: amount,
    idempotencyKey: `refund_${payment.id}_${payment.refundedCents}_${amount}`,
    now,
  });
}

async function recordPendingRefund(
  transaction: DatabaseOrTransaction,
  payment: repository.PaymentRow,
  refund: { amountCents: number; idempotencyKey: string; now: Date; ledgerAt?: Date },
): Promise<number | undefined> {
  await repository.recordRefund(
    transaction,
    payment.id,
    refund.amountCents,
    payment.refundedCents + refund.amountCents >= payment.amountCents,
  );
  // The ledger moves the money out of escrow now, when the refund is decided: see decision 0058.
  await ledger.recordRefund(transaction, {
    orderId: payment.orderId,
    amountCents: refund.amountCents,
    ...(refund.ledgerAt ? { at: refund.ledgerAt } : {}),
  });
  // A payment the provider never identified (from before providers kept ids) has nothing to call.
  if (!payment.transactionId) return undefined;
  return repository.insertRefund(transaction, {
    paymentId: payment.id,
    orderId: payment.orderId,
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
    nextAttemptAt: refund.now,
    createdAt: refund.now,
  });
}

/**
 * The charge of an order given up meanwhile (expired or cancelled) succeeded: in the transaction
 * that records the charge, all of it is refunded (payment, ledger, a pending refund keyed by the
 * charge key), for `sendRefund` after the commit and the job after a failure.
 */
export async function refundGivenUpCharge(
  transaction: DatabaseOrTransaction,
  chargeKey: string,
  now: Date,
): Promise<number | undefined> {
  const payment = await repository.lockPaymentByChargeKey(transaction, chargeKey);
  if (!payment || payment.status !== 'completed' || payment.refundedCents > 0) return undefined;
  return recordPendingRefund(transaction, payment, {
    amountCents: payment.amountCents,
    idempotencyKey: `refund_${chargeKey}`,
    now,
    ledgerAt: now,
  });
}

/**
 * Calls the provider for one pending refund, outside any transaction, under the refund's key, and
 * records what it said. Whoever claims the refund first calls; a failure is retried by the job
 * after 1, 2, 4 … minutes. Never throws: the change that decided the refund is already committed.
 */
export async function sendRefund(
  context: RefundContext,
  refundId: number | undefined,
): Promise<'succeeded' | 'failed' | 'none'> {
  if (refundId === undefined) return 'none';
  try {
    const now = context.clock();
    const refund = await repository.claimRefund(
      context.db,
      refundId,
      now,
      new Date(now.getTime() + REFUND_ATTEMPT_LEASE_MS),
    );
    if (!refund) return 'none';
    const payment = (await repository.findPayment(context.db, refund.paymentId))!;
    try {
      const { refundId: providerRefundId } = await context.provider.refund(
        payment.transactionId!,
        refund.amountCents,
        refund.idempotencyKey,
      );
      await repository.markRefundSucceeded(context.db, refund.id, providerRefundId, context.clock());
      return 'succeeded';
    } catch (error) {
      await repository.markRefundAttemptFailed(context.db, refund.id, {
        retryAt: new Date(context.clock().getTime() + retryDelayMs(refund.attempts)),
        error: error instanceof Error ? error.message.slice(0, 500) : 'The refund failed',
        giveUp: refund.attempts >= REFUND_MAX_ATTEMPTS,
      });
      return 'failed';
    }
  } catch {
    // The database is unreachable: the refund stays pending and the job takes it up.
    return 'failed';
  }
}

/**
 * The job's part: every pending refund that is due (its call failed, or never happened because the
 * process died after the commit) is sent again under its own key. Answers how many went through.
 */
export async function retryRefunds(context: RefundContext): Promise<number> {
  const due = await repository.listDueRefunds(context.db, context.clock(), REFUND_BATCH);
  let succeeded = 0;
  for (const id of due) {
    if ((await sendRefund(context, id)) === 'succeeded') succeeded += 1;
  }
  return succeeded;
}

/** The payment a general admin may refund: it exists and completed. */
export async function refundablePayment(
  db: DatabaseOrTransaction,
  actor: Actor,
  paymentId: number,
): Promise<{ orderId: number }> {
  if (!isGeneralAdmin(actor)) throw new AppError('forbidden', 'Only a general admin can change a payment');
  const payment = await repository.findPayment(db, paymentId);
  if (!payment) throw new AppError('not_found', ORDER_TEXTS.paymentNotFound);
  if (payment.status !== 'completed') {
    throw new AppError('conflict', `A ${payment.status} payment cannot be refunded`);
  }
  return { orderId: payment.orderId };
}

export async function getPayment(db: DatabaseOrTransaction, paymentId: number): Promise<Payment> {
  const payment = await repository.findPayment(db, paymentId);
  if (!payment) throw new AppError('not_found', ORDER_TEXTS.paymentNotFound);
  return toPaymentResponse(payment);
}

const MARKETPLACE_NAME = 'TeamHire';

/**
 * The PDF receipt of a payment that took money: for its buyer, and for general admins; anyone else
 * learns nothing of it (404). A payment that was declined or is still open has no receipt.
 */
export async function getReceipt(
  db: DatabaseOrTransaction,
  actor: Actor,
  paymentId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await repository.findReceipt(db, paymentId);
  if (!row || (row.buyerId !== actor.id && !isGeneralAdmin(actor))) {
    throw new AppError('not_found', ORDER_TEXTS.paymentNotFound);
  }
  const { payment } = row;
  if ((payment.status !== 'completed' && payment.status !== 'refunded') || !payment.completedAt) {
    throw new AppError('conflict', MONEY_TEXTS.receiptNotAvailable);
  }
  const pdf = await renderReceipt({
    marketplaceName: MARKETPLACE_NAME,
    paymentId: payment.id,
    orderId: payment.orderId,
    packageTitle: row.packageTitle,
    teamName: row.teamName,
    buyerName: row.buyerName?.trim() || row.buyerUsername,
    amountCents: payment.amountCents,
    refundedCents: payment.refundedCents,
    currency: payment.currency,
    method: payment.method as PaymentMethod,
    cardBrand: payment.cardBrand as CardBrand | null,
    cardLastFour: payment.cardLastFour,
    paidAt: payment.completedAt,
  });
  return { fileName: `teamhire-receipt-${payment.id}.pdf`, pdf };
}
