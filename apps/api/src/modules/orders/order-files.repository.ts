import { eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { orderFiles } from '../../db/schema/index';

export async function insertOrderFile(db: DatabaseOrTransaction, values: typeof orderFiles.$inferInsert) {
  await db.insert(orderFiles).values(values);
}

export async function findOrderFile(db: DatabaseOrTransaction, id: string) {
  const [row] = await db.select().from(orderFiles).where(eq(orderFiles.id, id));
  return row;
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
