import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { servicePackages } from './packages';
import { teams } from './teams';

/** Decision A8: lower case in the API and in storage. */
export const orderStatus = pgEnum('order_status', [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'refunded',
]);
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
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    servicePackageId: integer('service_package_id')
      .notNull()
      .references(() => servicePackages.id, { onDelete: 'restrict' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    status: orderStatus('status').notNull().default('pending'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
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
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: paymentStatus('status').notNull().default('pending'),
    /** 'credit_card' or 'paypal'. */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    transactionId: text('transaction_id'),
    /** Decision P2: only brand and last four digits of a card are ever kept. */
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('payments_order_idx').on(table.orderId)],
);
