import { desc, eq } from 'drizzle-orm';
import type { PaymentStatus } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { payments } from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: DatabaseOrTransaction, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning({ id: payments.id });
  return row!.id;
}

export async function findLatestPayment(db: DatabaseOrTransaction, orderId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function findPayment(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function setPaymentStatus(db: DatabaseOrTransaction, id: number, status: PaymentStatus) {
  await db.update(payments).set({ status }).where(eq(payments.id, id));
}
