import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
  payments,
  payouts,
} from '../../db/schema/index';

export type LedgerAccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type LedgerTransactionKind = (typeof ledgerTransactions.$inferSelect)['kind'];

/** The statuses of an order whose money the marketplace holds: paid, not yet completed or returned. */
export const HELD_ORDER_STATUSES = ['confirmed', 'in_progress', 'delivered', 'disputed'] as const;

/** The account of `kind` (of `userId` for the per-user kinds), opened on first use. */
export async function accountId(
  db: DatabaseOrTransaction,
  kind: LedgerAccountKind,
  userId: number | null = null,
): Promise<number> {
  const match = and(
    eq(ledgerAccounts.kind, kind),
    userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
  );
  const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(match);
  if (found) return found.id;
  await db.insert(ledgerAccounts).values({ kind, userId }).onConflictDoNothing();
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(match);
  return row!.id;
}

export interface NewLedgerEntry {
  accountId: number;
  amountCents: number;
}

/**
 * One balanced transaction: its entries must sum to zero (entries of 0 cents are left out). A
 * transaction that does not balance is a bug, so it throws and the caller's transaction rolls back.
 */
export async function insertTransaction(
  db: DatabaseOrTransaction,
  transaction: {
    kind: LedgerTransactionKind;
    orderId: number | null;
    payoutId?: number;
    description: string;
    createdAt?: Date;
    entries: NewLedgerEntry[];
  },
): Promise<{ id: number; entryIds: number[] }> {
  const entries = transaction.entries.filter((entry) => entry.amountCents !== 0);
  const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
  if (sum !== 0 || !entries.every((entry) => Number.isInteger(entry.amountCents))) {
    throw new Error(`A ${transaction.kind} ledger transaction must sum to zero cents (it sums to ${sum})`);
  }
  const [row] = await db
    .insert(ledgerTransactions)
    .values({
      kind: transaction.kind,
      orderId: transaction.orderId,
      payoutId: transaction.payoutId ?? null,
      description: transaction.description,
      ...(transaction.createdAt ? { createdAt: transaction.createdAt } : {}),
    })
    .returning({ id: ledgerTransactions.id });
  const inserted =
    entries.length === 0
      ? []
      : await db
          .insert(ledgerEntries)
          .values(
            entries.map((entry) => ({
              transactionId: row!.id,
              accountId: entry.accountId,
              amountCents: entry.amountCents,
              orderId: transaction.orderId,
            })),
          )
          .returning({ id: ledgerEntries.id });
  return { id: row!.id, entryIds: inserted.map((entry) => entry.id) };
}

export async function hasTransaction(
  db: DatabaseOrTransaction,
  orderId: number,
  kind: LedgerTransactionKind,
) {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, kind)))
    .limit(1);
  return row !== undefined;
}

/** What escrow holds for one order. */
export async function orderEscrowCents(db: DatabaseOrTransaction, orderId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerAccounts.kind, 'escrow')));
  return Number(row?.value ?? 0);
}

/**
 * The credits of an order's completion (the fee and each member's payable) with, for a member's
 * payable, whether a payout already claimed it.
 */
export async function completionCredits(db: DatabaseOrTransaction, orderId: number) {
  return db
    .select({
      entryId: ledgerEntries.id,
      accountId: ledgerEntries.accountId,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      amountCents: ledgerEntries.amountCents,
      payoutId: payouts.id,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(payouts, eq(payouts.payableEntryId, ledgerEntries.id))
    .where(
      and(
        eq(ledgerTransactions.orderId, orderId),
        eq(ledgerTransactions.kind, 'completion'),
        sql`${ledgerEntries.amountCents} > 0`,
      ),
    )
    .orderBy(ledgerEntries.id);
}

/** The balance of every account kind, summed over the per-user accounts. */
export async function balancesByKind(db: DatabaseOrTransaction) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.value)]));
}

/** Transactions whose entries do not sum to zero: none, in a ledger that is right. */
export async function unbalancedTransactionCount(db: DatabaseOrTransaction): Promise<number> {
  const result = await db.execute<{ value: string }>(sql`
    select count(*) as value from (
      select ${ledgerTransactions.id}
      from ${ledgerTransactions}
      left join ${ledgerEntries} on ${ledgerEntries.transactionId} = ${ledgerTransactions.id}
      group by ${ledgerTransactions.id}
      having coalesce(sum(${ledgerEntries.amountCents}), 0) <> 0
    ) as unbalanced`);
  return Number(result.rows[0]?.value ?? 0);
}

/**
 * What buyers paid for the orders the marketplace holds, from the orders and payments alone (not the
 * ledger): completed payments, less what went back, of orders paid and not completed or returned.
 */
export async function heldOrdersCents(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db
    .select({
      value: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'completed'), inArray(orders.status, [...HELD_ORDER_STATUSES])));
  return Number(row?.value ?? 0);
}

/** The latest transactions, each with the money it moved (the sum of its credits). */
export async function recentTransactions(db: DatabaseOrTransaction, limit: number) {
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      orderId: ledgerTransactions.orderId,
      description: ledgerTransactions.description,
      createdAt: ledgerTransactions.createdAt,
      amountCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0), 0)`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .orderBy(desc(ledgerTransactions.id))
    .limit(limit);
}
