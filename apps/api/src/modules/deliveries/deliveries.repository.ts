import { eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { deliveries, orders } from '../../db/schema/index';

export async function insertDelivery(
  db: DatabaseOrTransaction,
  values: { orderId: number; authorId: number; message: string; createdAt: Date },
) {
  const [row] = await db.insert(deliveries).values(values).returning({ id: deliveries.id });
  return row!.id;
}

/** in_progress → delivered: the latest delivery's time and when the system will accept it. */
export async function markDelivered(
  db: DatabaseOrTransaction,
  orderId: number,
  now: Date,
  autoCompleteAt: Date,
) {
  await db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now, autoCompleteAt, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** delivered → in_progress on the buyer's request: one revision used, the timer stopped. */
export async function markRevisionRequested(db: DatabaseOrTransaction, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({
      status: 'in_progress',
      revisionsUsed: sql`${orders.revisionsUsed} + 1`,
      autoCompleteAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
}
