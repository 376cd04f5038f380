import {
  BILLING_TEXTS,
  MONEY_TEXTS,
  SAVED_PAYMENT_METHODS_MAX,
  cardBrandOf,
  type CardBrand,
  type PaymentHistory,
  type PaymentHistoryStatus,
  type PaymentStatus,
  type SavedPaymentMethod,
  type SavedPaymentMethodList,
  type SavedPaymentMethodType,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { recordActivity } from '../activity/activity.service';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import * as repository from './billing.repository';

const methodNotFound = () => new AppError('not_found', BILLING_TEXTS.methodNotFound);

function toMethodResponse(row: repository.SavedMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    last_four: row.lastFour,
    brand: row.brand as CardBrand | null,
    expiry_month: row.expiryMonth,
    expiry_year: row.expiryYear,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function reload(db: DatabaseOrTransaction, actor: Actor, id: number) {
  const row = await repository.findMethod(db, actor.id, id);
  if (!row) throw methodNotFound();
  return toMethodResponse(row);
}

export async function listMethods(db: Database, actor: Actor): Promise<SavedPaymentMethodList> {
  return { items: (await repository.listMethods(db, actor.id)).map(toMethodResponse) };
}

export function getMethod(db: Database, actor: Actor, id: number): Promise<SavedPaymentMethod> {
  return reload(db, actor, id);
}

/**
 * A saved card of the buyer that can pay: another user's method is not found (its existence is
 * not revealed), a saved PayPal account or bank transfer cannot pay here.
 */
export async function findPayingCard(db: DatabaseOrTransaction, userId: number, id: number) {
  const row = await repository.findMethod(db, userId, id);
  if (!row) throw new AppError('not_found', MONEY_TEXTS.savedMethodNotFound);
  if (row.type !== 'CREDIT_CARD') {
    throw new AppError('validation', MONEY_TEXTS.savedMethodNotACard, [
      { path: 'body.saved_payment_method_id', message: MONEY_TEXTS.savedMethodNotACard },
    ]);
  }
  return {
    id: row.id,
    brand: row.brand as CardBrand | null,
    lastFour: row.lastFour,
    providerMethodId: row.providerMethodId,
  };
}

const expiryIssue = (field: 'expiry_month' | 'expiry_year', message: string) =>
  new AppError('validation', message, [{ path: `body.${field}`, message }]);

type CardDetails = {
  lastFour: string | null;
  brand: CardBrand | null;
  expiryMonth: number | null | undefined;
  expiryYear: number | null | undefined;
  providerMethodId: string | null;
};

/** The buyer's customer at the provider, if one was made (it owns their saved cards there). */
export function providerCustomerId(db: DatabaseOrTransaction, userId: number, providerName: string) {
  return repository.findCustomerId(db, userId, providerName);
}

/**
 * The buyer's customer at the provider, created on first need. The provider keys the creation by
 * the user id, so two concurrent first saves make one customer; the row keeps the first recorded.
 */
async function customerOf(db: Database, provider: PaymentProvider, actor: Actor) {
  const known = await repository.findCustomerId(db, actor.id, provider.name);
  if (known) return known;
  const { customerId } = await provider.createCustomer({ userId: actor.id, email: actor.email });
  await repository.insertCustomer(db, { userId: actor.id, provider: provider.name, customerId });
  return (await repository.findCustomerId(db, actor.id, provider.name)) ?? customerId;
}

/**
 * A card from the provider's card element (docs/decisions/0055): attached to the buyer's customer
 * outside any transaction, and described by the provider's answer, never by the browser.
 */
async function attachedCard(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  providerMethodId: string,
): Promise<CardDetails> {
  const refuse = (message: string) =>
    new AppError('validation', message, [{ path: 'body.provider_method_id', message }]);
  if (provider.name === 'test') throw refuse(BILLING_TEXTS.providerMethodNotAvailable);
  const attached = await provider.attachCard(await customerOf(db, provider, actor), providerMethodId);
  if (attached.outcome === 'invalid') throw refuse(attached.message);
  return {
    lastFour: attached.lastFour,
    brand: attached.brand,
    expiryMonth: attached.expiryMonth,
    expiryYear: attached.expiryYear,
    providerMethodId: attached.providerMethodId,
  };
}

/**
 * A card number (see docs/decisions/0031), when sent, is reduced here to its brand and
 * last four digits; it and the CVV go no further than this function's arguments.
 */
export async function addMethod(
  { db, provider }: { db: Database; provider: PaymentProvider },
  actor: Actor,
  input: {
    type: SavedPaymentMethodType;
    name: string;
    card_number?: string;
    cvv?: string;
    last_four?: string | null;
    brand?: CardBrand | null;
    expiry_month?: number | null;
    expiry_year?: number | null;
    provider_method_id?: string;
    is_default: boolean;
  },
): Promise<SavedPaymentMethod> {
  const isCard = input.type === 'CREDIT_CARD';
  const card: CardDetails =
    isCard && input.provider_method_id !== undefined
      ? await attachedCard(db, provider, actor, input.provider_method_id)
      : {
          lastFour: input.card_number ? input.card_number.slice(-4) : (input.last_four ?? null),
          brand: isCard
            ? input.card_number
              ? cardBrandOf(input.card_number)
              : (input.brand ?? 'unknown')
            : null,
          expiryMonth: isCard ? input.expiry_month : null,
          expiryYear: isCard ? input.expiry_year : null,
          providerMethodId: null,
        };
  const { lastFour } = card;
  const id = await db.transaction(async (transaction) => {
    const existing = await repository.lockMethodsOf(transaction, actor.id);
    if (existing.length >= SAVED_PAYMENT_METHODS_MAX)
      throw new AppError('conflict', BILLING_TEXTS.tooManyMethods);
    // The first method is the default whatever was asked: there is always exactly one once there is any.
    const isDefault = existing.length === 0 || input.is_default;
    if (isDefault) await repository.clearDefault(transaction, actor.id);
    const row = await repository.insertMethod(transaction, {
      userId: actor.id,
      type: input.type,
      name: input.name,
      lastFour,
      brand: card.brand,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      providerMethodId: card.providerMethodId,
      isDefault,
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'payment_method.added',
      description: `Saved the payment method ${input.name}${lastFour ? ` ending in ${lastFour}` : ''}`,
    });
    return row.id;
  });
  return reload(db, actor, id);
}

export async function updateMethod(
  db: Database,
  actor: Actor,
  id: number,
  input: { name: string; expiry_month?: number | null; expiry_year?: number | null; is_default?: boolean },
): Promise<SavedPaymentMethod> {
  await db.transaction(async (transaction) => {
    await repository.lockMethodsOf(transaction, actor.id);
    const row = await repository.findMethod(transaction, actor.id, id);
    if (!row) throw methodNotFound();
    const isCard = row.type === 'CREDIT_CARD';
    if (isCard && input.expiry_month == null) throw expiryIssue('expiry_month', BILLING_TEXTS.expiryRequired);
    if (isCard && input.expiry_year == null) throw expiryIssue('expiry_year', BILLING_TEXTS.expiryRequired);
    if (!isCard && (input.expiry_month != null || input.expiry_year != null)) {
      throw expiryIssue(
        input.expiry_month != null ? 'expiry_month' : 'expiry_year',
        'Only a card has an expiry',
      );
    }
    if (input.is_default === false && row.isDefault) {
      throw new AppError('conflict', 'Make another payment method the default instead');
    }
    if (input.is_default === true) await repository.clearDefault(transaction, actor.id, id);
    await repository.updateMethod(transaction, id, {
      name: input.name,
      expiryMonth: isCard ? input.expiry_month : null,
      expiryYear: isCard ? input.expiry_year : null,
      ...(input.is_default === true ? { isDefault: true } : {}),
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'payment_method.updated',
      description: `Updated the payment method ${input.name}`,
    });
  });
  return reload(db, actor, id);
}

export async function setDefaultMethod(db: Database, actor: Actor, id: number): Promise<SavedPaymentMethod> {
  await db.transaction(async (transaction) => {
    await repository.lockMethodsOf(transaction, actor.id);
    const row = await repository.findMethod(transaction, actor.id, id);
    if (!row) throw methodNotFound();
    if (row.isDefault) return;
    await repository.clearDefault(transaction, actor.id, id);
    await repository.updateMethod(transaction, id, { isDefault: true });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'payment_method.default',
      description: `Made ${row.name} the default payment method`,
    });
  });
  return reload(db, actor, id);
}

/** Deleting the default hands the role to the oldest remaining method, so one default always remains. */
export async function deleteMethod(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const methods = await repository.lockMethodsOf(transaction, actor.id);
    const row = methods.find((method) => method.id === id);
    if (!row) throw methodNotFound();
    await repository.deleteMethod(transaction, id);
    const successor = methods
      .filter((method) => method.id !== id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)[0];
    if (row.isDefault && successor)
      await repository.updateMethod(transaction, successor.id, { isDefault: true });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'payment_method.deleted',
      description: `Removed the payment method ${row.name}`,
    });
  });
}

/** History speaks upper-case statuses, as the billing screen shows them; a refund shows as CANCELLED. */
const HISTORY_STATUS: Record<PaymentStatus, PaymentHistoryStatus> = {
  pending: 'PENDING',
  processing: 'PENDING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  refunded: 'CANCELLED',
};

export async function paymentHistory(
  db: Database,
  actor: Actor,
  window: { skip: number; limit: number },
): Promise<PaymentHistory> {
  const { items, total } = await repository.listPaymentsOf(db, actor.id, window);
  return {
    items: items.map(({ payment, packageTitle }) => ({
      id: payment.id,
      order_id: payment.orderId,
      created_at: payment.createdAt.toISOString(),
      completed_at: payment.completedAt ? payment.completedAt.toISOString() : null,
      method: payment.method === 'paypal' ? 'PAYPAL' : 'CREDIT_CARD',
      amount: payment.amountCents / 100,
      currency: payment.currency,
      status: HISTORY_STATUS[payment.status],
      payment_status: payment.status,
      transaction_id: payment.transactionId,
      description: packageTitle,
      card_brand: payment.cardBrand as CardBrand | null,
      card_last_four: payment.cardLastFour,
    })),
    total,
    skip: window.skip,
    limit: window.limit,
  };
}
