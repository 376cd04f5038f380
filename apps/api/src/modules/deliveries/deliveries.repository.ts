import type { DatabaseOrTransaction } from '../../db/database';
import { deliveries } from '../../db/schema/index';

export async function insertDelivery(
  db: DatabaseOrTransaction,
  values: { orderId: number; authorId: number; message: string; createdAt: Date },
) {
  const [row] = await db.insert(deliveries).values(values).returning({ id: deliveries.id });
  return row!.id;
}
