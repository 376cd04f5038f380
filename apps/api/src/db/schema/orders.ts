import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@teamhire/shared';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { savedPaymentMethods } from './billing';
import { servicePackages } from './packages';
import { teams } from './teams';
import { createdAt, instant, requiredReference, timestamps } from './columns';

/** The contract's statuses, lower case in the API and in storage alike, so nothing translates them. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatus = pgEnum('payment_status', [
  'pending',
  'processing',
  'completed',
  'failed',
  'refunded',
]);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    buyerId: requiredReference('buyer_id', () => users.id, 'restrict'),
    servicePackageId: requiredReference('service_package_id', () => servicePackages.id, 'restrict'),
    teamId: requiredReference('team_id', () => teams.id, 'restrict'),
    status: orderStatus('status').notNull().default('pending'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    ...timestamps(),
    completedAt: instant('completed_at'),
    /** When the payment succeeded; the due date counts from here. */
    confirmedAt: instant('confirmed_at'),
    /** confirmed_at + the package's duration_days, fixed at confirmation: deliveries and revisions move nothing. */
    dueAt: instant('due_at'),
    /** The latest delivery. */
    deliveredAt: instant('delivered_at'),
    /** Set by a delivery, cleared by a revision request or a dispute: when the system accepts for the buyer. */
    autoCompleteAt: instant('auto_complete_at'),
    /** Copied from the package at purchase, so a later package edit changes no order. */
    revisionsIncluded: integer('revisions_included').notNull().default(1),
    revisionsUsed: integer('revisions_used').notNull().default(0),
    /** The one reminder to the team a day before due_at; set once so that no sweep sends it twice. */
    dueReminderSentAt: instant('due_reminder_sent_at'),
  },
  (table) => [
    index('orders_auto_complete_idx')
      .on(table.autoCompleteAt)
      .where(sql`${table.autoCompleteAt} is not null`),
    index('orders_due_reminder_idx')
      .on(table.dueAt)
      .where(sql`${table.dueReminderSentAt} is null and ${table.dueAt} is not null`),
    check('orders_revisions_used_range', sql`${table.revisionsUsed} >= 0`),
    index('orders_buyer_idx').on(table.buyerId),
    index('orders_team_idx').on(table.teamId),
    index('orders_status_completed_idx').on(table.status, table.completedAt),
    check('orders_total_positive', sql`${table.totalCents} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: requiredReference('order_id', () => orders.id, 'cascade'),
    status: paymentStatus('status').notNull().default('pending'),
    /** 'credit_card' or 'paypal'. */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    transactionId: text('transaction_id'),
    /** Only brand and last four digits of a card are ever kept. */
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    failureMessage: text('failure_message'),
    /** What went back to the payer: all of it for a refund, a part for a dispute's partial refund. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
    /**
     * The idempotency key the provider is called with, chosen before the call and stored with the
     * pending payment: a retry, the webhook or the reconciliation job asks the provider by it, and
     * the provider never charges one key twice.
     */
    chargeKey: text('charge_key'),
    /** The saved method that paid, when the buyer chose one instead of typing a card. */
    savedPaymentMethodId: integer('saved_payment_method_id').references(() => savedPaymentMethods.id, {
      onDelete: 'set null',
    }),
    /**
     * Set while the card asks its holder to authenticate (3-D Secure): what the buyer's browser needs
     * to complete it. Shown to the buyer only, and cleared once the charge's outcome is recorded.
     */
    actionClientSecret: text('action_client_secret'),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_charge_key_idx').on(table.chargeKey),
    index('payments_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * The first answer to a purchase with an `Idempotency-Key`, replayed for every repeat
 * by the same user. Written in the purchase's own transaction, under a transaction advisory lock on
 * (user, key): a concurrent repeat waits until the first commits (then replays) or rolls back (then
 * proceeds itself). A refusal before anything is written (404, 409, 422) is not kept.
 * `request_hash` fingerprints the body with the card reduced to brand, last four and expiry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_keys_user_key_idx').on(table.userId, table.key)],
);
