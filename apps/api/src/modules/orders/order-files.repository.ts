import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { orderFiles } from '../../db/schema/index';

export async function insertOrderFile(db: DatabaseOrTransaction, values: typeof orderFiles.$inferInsert) {
  await db.insert(orderFiles).values(values);
}

export async function findOrderFile(db: DatabaseOrTransaction, id: string) {
  const [row] = await db.select().from(orderFiles).where(eq(orderFiles.id, id));
  return row;
}

/** How many files of the order no delivery names yet. */
export async function countUnattachedFiles(db: DatabaseOrTransaction, orderId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), isNull(orderFiles.deliveryId)));
  return row?.value ?? 0;
}

/**
 * Serialises the uploads of one order until the transaction ends, so that uploads sent at once are
 * counted against the order's cap one after the other.
 */
export async function lockOrderUploads(transaction: DatabaseOrTransaction, orderId: number) {
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-files:${orderId}`}))`);
}

/**
 * Deletes at most `limit` files that no delivery names and that were uploaded before `before`, and
 * returns them. A file a delivery is taking right now (its row locked) is skipped: the delivery wins,
 * and a later sweep finds it attached.
 */
export async function deleteUnattachedFilesBefore(db: DatabaseOrTransaction, before: Date, limit: number) {
  const expired = db
    .select({ id: orderFiles.id })
    .from(orderFiles)
    .where(and(isNull(orderFiles.deliveryId), lt(orderFiles.createdAt, before)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(orderFiles)
    .where(inArray(orderFiles.id, expired))
    .returning({ id: orderFiles.id, orderId: orderFiles.orderId });
}

/** The files with these ids, locked so that two deliveries cannot both take one. */
export async function lockOrderFiles(db: DatabaseOrTransaction, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(orderFiles).where(inArray(orderFiles.id, ids)).for('update');
}

export async function attachFilesToDelivery(db: DatabaseOrTransaction, deliveryId: number, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(orderFiles).set({ deliveryId }).where(inArray(orderFiles.id, ids));
}
