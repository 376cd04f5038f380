import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, instant, requiredReference } from './columns';
import { orders, payments } from './orders';
import { teams } from './teams';

/**
 * The team admin's split of a team's earnings among its current members, in whole percents. No row
 * at all means the default: everything to the admin. A member who leaves loses their row and the
 * admin's row grows by it, in the transaction that removes the membership.
 */
export const teamPayoutShares = pgTable(
  'team_payout_shares',
  {
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    percent: integer('percent').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    check('team_payout_shares_percent_range', sql`${table.percent} between 0 and 100`),
  ],
);

/** The split in force when the order was paid: later edits of the team's split never change it. */
export const orderPayoutShares = pgTable(
  'order_payout_shares',
  {
    orderId: requiredReference('order_id', () => orders.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'restrict'),
    percent: integer('percent').notNull(),
    /** The team admin at purchase, who receives the cents that rounding leaves over. */
    isAdmin: boolean('is_admin').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.userId] }),
    index('order_payout_shares_user_idx').on(table.userId),
    check('order_payout_shares_percent_range', sql`${table.percent} between 0 and 100`),
  ],
);

/**
 * `buyer_funds` is the outside world the charges come from (it goes negative), `escrow` holds paid
 * orders until they complete, `platform_fee` is the marketplace's own, `member_payable` (one per
 * user) is earned and not yet transferred, `paid_out` (one per user) went to their payout account,
 * `refunded` went back to buyers.
 */
export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  'buyer_funds',
  'escrow',
  'platform_fee',
  'member_payable',
  'paid_out',
  'refunded',
]);
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', [
  'charge',
  'completion',
  'refund',
  'payout',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: ledgerAccountKind('kind').notNull(),
    /** Set for the per-user kinds only. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    unique('ledger_accounts_kind_user_key').on(table.kind, table.userId).nullsNotDistinct(),
    check(
      'ledger_accounts_user_when_per_user',
      sql`(${table.kind} in ('member_payable', 'paid_out')) = (${table.userId} is not null)`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: ledgerTransactionKind('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The payout this transaction records (kind payout): one transaction per payout at most. */
    payoutId: integer('payout_id'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // An order is charged into escrow once and completed once, however often the callers retry.
    uniqueIndex('ledger_transactions_order_once_idx')
      .on(table.orderId, table.kind)
      .where(sql`${table.kind} in ('charge', 'completion')`),
    uniqueIndex('ledger_transactions_payout_idx').on(table.payoutId),
    index('ledger_transactions_created_idx').on(table.createdAt),
  ],
);

/** Signed integer cents; the entries of one transaction sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: requiredReference('transaction_id', () => ledgerTransactions.id, 'restrict'),
    accountId: requiredReference('account_id', () => ledgerAccounts.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_order_idx').on(table.orderId),
    check('ledger_entries_amount_nonzero', sql`${table.amountCents} <> 0`),
  ],
);

/** A member's connected account at the payment provider, where their payouts go. */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  status: text('status', { enum: ['pending', 'active'] }).notNull(),
  /**
   * When the provider's state behind `status` was true: an event's own creation time, or the moment
   * we asked the provider. An older event than this never overwrites the status.
   */
  statusAsOf: instant('status_as_of'),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * One transfer per payable ledger entry (a member's share of one completed order). The entry's id
 * is the provider's idempotency key and is unique here, so no entry is ever paid twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'restrict'),
    orderId: requiredReference('order_id', () => orders.id, 'restrict'),
    payableEntryId: requiredReference('payable_entry_id', () => ledgerEntries.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'paid'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** While processing: after this a crashed attempt is taken up again (same idempotency key). */
    leaseUntil: instant('lease_until'),
    transferId: text('transfer_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
  },
  (table) => [
    uniqueIndex('payouts_payable_entry_idx').on(table.payableEntryId),
    uniqueIndex('payouts_idempotency_key_idx').on(table.idempotencyKey),
    index('payouts_due_idx').on(table.status, table.nextAttemptAt),
    index('payouts_user_idx').on(table.userId),
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * Money going back to a buyer through the provider. The row, the payment's refunded amount and the
 * ledger's refund are written in the transaction of the change that decides the refund; the provider
 * is called after the commit under `idempotency_key`, so a retry (the refund job, after a failure or
 * a crash) never refunds twice. `next_attempt_at` is also the claim: whoever calls the provider first
 * moves it on, so no two workers call at once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: requiredReference('payment_id', () => payments.id, 'restrict'),
    orderId: requiredReference('order_id', () => orders.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key_idx').on(table.idempotencyKey),
    index('refunds_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('refunds_payment_idx').on(table.paymentId),
    check('refunds_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
