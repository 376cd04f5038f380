import { desc, eq, sql } from 'drizzle-orm';
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

/** What went back to the payer; a full refund also marks the payment refunded. */
export async function recordRefund(
  db: DatabaseOrTransaction,
  id: number,
  amountCents: number,
  full: boolean,
) {
  await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${amountCents}`,
      ...(full ? { status: 'refunded' as PaymentStatus } : {}),
    })
    .where(eq(payments.id, id));
}
