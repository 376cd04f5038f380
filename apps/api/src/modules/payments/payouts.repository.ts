import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orderPayoutShares,
  orders,
  payoutAccounts,
  payouts,
  servicePackages,
  teams,
} from '../../db/schema/index';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: DatabaseOrTransaction, userId: number) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** Keeps the first account when two requests open one at once; the caller reads back the winner. */
export async function insertPayoutAccount(
  db: DatabaseOrTransaction,
  values: typeof payoutAccounts.$inferInsert,
) {
  await db.insert(payoutAccounts).values(values).onConflictDoNothing();
}

export async function setPayoutAccountStatus(
  db: DatabaseOrTransaction,
  userId: number,
  status: PayoutAccountRow['status'],
  now: Date,
) {
  await db
    .update(payoutAccounts)
    .set({ status, statusAsOf: now, updatedAt: now })
    .where(eq(payoutAccounts.userId, userId));
}

/**
 * The provider's word on a connected account as of `asOf` (its event's creation time). Applied
 * only when nothing newer is known, so an event delivered late never undoes a later state; the
 * provider's times are whole seconds, so of two events of one second the later delivered wins.
 * Answers whether it applied.
 */
export async function applyPayoutAccountStatus(
  db: DatabaseOrTransaction,
  account: { provider: string; providerAccountId: string },
  status: PayoutAccountRow['status'],
  asOf: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payoutAccounts)
    .set({ status, statusAsOf: asOf, updatedAt: now })
    .where(
      and(
        eq(payoutAccounts.provider, account.provider),
        eq(payoutAccounts.providerAccountId, account.providerAccountId),
        or(isNull(payoutAccounts.statusAsOf), lte(payoutAccounts.statusAsOf, asOf)),
      ),
    )
    .returning({ userId: payoutAccounts.userId });
  return rows.length > 0;
}

/**
 * Members' shares of completed orders that no payout has claimed yet, for members whose payout
 * account is active. The orders are locked `for share`, so an admin refunding one of them at the
 * same moment waits for the claim (and then sees the payout) or goes first (and the order is no
 * longer completed here).
 */
export async function unclaimedPayables(db: DatabaseOrTransaction, limit: number) {
  const result = await db.execute<{
    entry_id: number;
    user_id: number;
    order_id: number;
    amount_cents: number;
  }>(sql`
    select e.id as entry_id, a.user_id, t.order_id, e.amount_cents
    from ${ledgerEntries} e
    join ${ledgerTransactions} t on t.id = e.transaction_id and t.kind = 'completion'
    join ${ledgerAccounts} a on a.id = e.account_id and a.kind = 'member_payable'
    join ${payoutAccounts} pa on pa.user_id = a.user_id and pa.status = 'active'
    join ${orders} o on o.id = t.order_id and o.status = 'completed'
    where e.amount_cents > 0
      and not exists (select 1 from ${payouts} p where p.payable_entry_id = e.id)
    order by e.id
    limit ${limit}
    for share of o skip locked`);
  return result.rows.map((row) => ({
    entryId: Number(row.entry_id),
    userId: Number(row.user_id),
    orderId: Number(row.order_id),
    amountCents: Number(row.amount_cents),
  }));
}

/** One payout per payable entry: a second claim of the same entry is ignored. */
export async function insertPayouts(db: DatabaseOrTransaction, rows: (typeof payouts.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(payouts).values(rows).onConflictDoNothing();
}

/**
 * The next payout to attempt, locked for this worker (`skip locked`: another worker takes the next
 * one): a pending one whose time has come, or one left processing by a worker that died.
 */
export async function lockNextDuePayout(db: DatabaseOrTransaction, now: Date) {
  const [row] = await db
    .select({ payout: payouts, accountId: payoutAccounts.providerAccountId })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.userId))
    .where(
      and(
        eq(payoutAccounts.status, 'active'),
        sql`((${payouts.status} = 'pending' and ${payouts.nextAttemptAt} <= ${now})
          or (${payouts.status} = 'processing' and ${payouts.leaseUntil} <= ${now}))`,
      ),
    )
    .orderBy(payouts.nextAttemptAt, payouts.id)
    .limit(1)
    .for('update', { of: payouts, skipLocked: true });
  return row;
}

export async function startAttempt(db: DatabaseOrTransaction, id: number, leaseUntil: Date) {
  await db
    .update(payouts)
    .set({ status: 'processing', attempts: sql`${payouts.attempts} + 1`, leaseUntil })
    .where(eq(payouts.id, id));
}

/** Marks the payout paid if it still waits for this outcome; false when another attempt recorded it. */
export async function markPaid(db: DatabaseOrTransaction, id: number, transferId: string, now: Date) {
  const rows = await db
    .update(payouts)
    .set({ status: 'paid', transferId, paidAt: now, leaseUntil: null, lastError: null })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'processing')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

export async function markFailed(db: DatabaseOrTransaction, id: number, nextAttemptAt: Date, error: string) {
  await db
    .update(payouts)
    .set({ status: 'pending', nextAttemptAt, leaseUntil: null, lastError: error })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'processing')));
}

/**
 * A member's part in every order they have a share of, with what the ledger says of it: the credit
 * at completion, what a refund took back from their payable, and what was paid out (and when).
 */
export async function earningRows(db: DatabaseOrTransaction, userId: number) {
  const payable = sql`(select id from ${ledgerAccounts} where kind = 'member_payable' and user_id = ${userId})`;
  return db
    .select({
      orderId: orders.id,
      orderStatus: orders.status,
      totalCents: orders.totalCents,
      orderTitle: servicePackages.title,
      teamId: teams.id,
      teamName: teams.name,
      percent: orderPayoutShares.percent,
      createdAt: orders.createdAt,
      completedAt: orders.completedAt,
      creditCents: sql<string>`coalesce((select sum(e.amount_cents) from ${ledgerEntries} e
        join ${ledgerTransactions} t on t.id = e.transaction_id and t.kind = 'completion'
        where e.order_id = ${orders.id} and e.account_id = ${payable}), 0)`,
      reversedCents: sql<string>`coalesce((select -sum(e.amount_cents) from ${ledgerEntries} e
        join ${ledgerTransactions} t on t.id = e.transaction_id and t.kind = 'refund'
        where e.order_id = ${orders.id} and e.account_id = ${payable}), 0)`,
      paidCents: sql<string>`coalesce((select sum(p.amount_cents) from ${payouts} p
        where p.order_id = ${orders.id} and p.user_id = ${userId} and p.status = 'paid'), 0)`,
      paidAt: sql<Date | null>`(select max(p.paid_at) from ${payouts} p
        where p.order_id = ${orders.id} and p.user_id = ${userId} and p.status = 'paid')`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(orderPayoutShares)
    .innerJoin(orders, eq(orders.id, orderPayoutShares.orderId))
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .where(eq(orderPayoutShares.userId, userId))
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`);
}

/** The balance of the member's own accounts of `kind`. */
export async function memberBalance(
  db: DatabaseOrTransaction,
  userId: number,
  kind: 'member_payable' | 'paid_out',
): Promise<number> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.userId, userId)));
  return Number(row?.value ?? 0);
}
