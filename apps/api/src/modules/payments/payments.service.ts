import { ORDER_TEXTS, type CardBrand, type Payment, type PaymentMethod } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/authentication';
import { isGeneralAdmin } from '../verification/verification.service';
import * as ledger from './ledger.service';
import type { PaymentProvider } from './payment-provider';
import * as repository from './payments.repository';

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
  paypal_email?: string;
}

/** What a charge meant for the order: paid, or refused by the gateway with a message for the buyer. */
export type ChargeOutcome = { outcome: 'paid' } | { outcome: 'declined'; message: string };

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
 * Charges an order through the provider and records the payment in the caller's transaction: a
 * decline is kept as a failed payment (the buyer may retry), details the provider cannot charge at
 * all are refused before anything is written.
 */
export async function chargeOrder(
  transaction: DatabaseOrTransaction,
  provider: PaymentProvider,
  order: { id: number; amountCents: number },
  details: PaymentDetails,
  /** When the money was taken: the app's clock, so tests that move time see consistent times. */
  now: Date = new Date(),
): Promise<ChargeOutcome> {
  const charge = await provider.charge({
    amountCents: order.amountCents,
    currency: 'USD',
    description: `TeamHire order ${order.id}`,
    ...(details.payment_method === 'credit_card' && details.card
      ? {
          method: 'credit_card' as const,
          card: {
            number: details.card.card_number,
            expiryMonth: details.card.expiry_month,
            expiryYear: details.card.expiry_year,
            cvv: details.card.cvv,
            holderName: details.card.cardholder_name,
          },
        }
      : { method: 'paypal' as const, paypalEmail: details.paypal_email ?? '' }),
  });
  if (charge.outcome === 'invalid') {
    throw new AppError('validation', charge.message, [
      { path: `body.${charge.field}`, message: charge.message },
    ]);
  }
  const payment = {
    orderId: order.id,
    method: details.payment_method,
    amountCents: order.amountCents,
    transactionId: charge.transactionId,
    cardBrand: charge.cardBrand,
    cardLastFour: charge.cardLastFour,
  };
  if (charge.outcome === 'declined') {
    await repository.insertPayment(transaction, {
      ...payment,
      status: 'failed',
      failureMessage: charge.message,
    });
    return { outcome: 'declined', message: charge.message };
  }
  await repository.insertPayment(transaction, { ...payment, status: 'completed', completedAt: now });
  await ledger.recordCharge(transaction, { orderId: order.id, amountCents: order.amountCents, at: now });
  return { outcome: 'paid' };
}

/**
 * Money goes back through the provider that took it: all of it, or `amountCents` of it for a
 * partial refund (the payment then stays completed, with what went back recorded). A payment that
 * never completed has nothing to return.
 */
export async function refundOrderPayment(
  transaction: DatabaseOrTransaction,
  provider: PaymentProvider,
  orderId: number,
  amountCents?: number,
): Promise<void> {
  const payment = await repository.findLatestPayment(transaction, orderId);
  if (!payment || payment.status !== 'completed') return;
  // A whole refund returns what is left after an earlier partial one.
  const amount = amountCents ?? payment.amountCents - payment.refundedCents;
  if (amount <= 0) return;
  if (payment.transactionId) await provider.refund(payment.transactionId, amount);
  await repository.recordRefund(
    transaction,
    payment.id,
    amount,
    payment.refundedCents + amount >= payment.amountCents,
  );
  await ledger.recordRefund(transaction, { orderId, amountCents: amount });
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
