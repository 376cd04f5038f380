import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  gt,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { disputes, orders, payments, servicePackages } from '../../db/schema/index';
import { qualified } from '../../db/sql';

/**
 * The first order (with its package title) matching `where` in `order`, locked; a row another
 * transaction holds (the buyer acting on it, another instance's sweep) is skipped, and once that
 * transaction commits the row no longer qualifies.
 */
async function lockNextOrder(db: DatabaseOrTransaction, where: SQL | undefined, order: AnyColumn) {
  const [row] = await db
    .select({ order: orders, title: servicePackages.title })
    .from(orders)
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .where(where)
    .orderBy(asc(order))
    .limit(1)
    .for('update', { of: orders, skipLocked: true });
  return row;
}

/** The next delivered order whose auto-complete time has come and that has no open dispute, locked. */
export function lockNextAutoComplete(db: DatabaseOrTransaction, now: Date) {
  return lockNextOrder(
    db,
    and(
      eq(orders.status, 'delivered'),
      isNotNull(orders.autoCompleteAt),
      lte(orders.autoCompleteAt, now),
      sql`not exists (select 1 from ${disputes} d where d.order_id = ${qualified(orders.id)} and d.status = 'open')`,
    ),
    orders.autoCompleteAt,
  );
}

/** The next pending order placed at or before `placedBefore`, locked as above. */
export function lockNextExpiredPending(db: DatabaseOrTransaction, placedBefore: Date) {
  return lockNextOrder(
    db,
    and(
      eq(orders.status, 'pending'),
      lte(orders.createdAt, placedBefore),
      // A charge still open may yet succeed: the reconciliation job settles it first.
      sql`not exists (select 1 from ${payments} p where p.order_id = ${qualified(orders.id)} and p.status = 'pending')`,
    ),
    orders.createdAt,
  );
}

/**
 * Claims the orders in progress (or confirmed) due within a day that have had no reminder: marks them
 * reminded and returns them, in one statement, so each is reminded once whoever sweeps.
 */
export async function claimDueReminders(
  db: DatabaseOrTransaction,
  now: Date,
  dueBefore: Date,
  limit: number,
) {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['confirmed', 'in_progress']),
        isNull(orders.dueReminderSentAt),
        isNotNull(orders.dueAt),
        gt(orders.dueAt, now),
        lte(orders.dueAt, dueBefore),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ dueReminderSentAt: now })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id, status: orders.status, dueAt: orders.dueAt });
}
