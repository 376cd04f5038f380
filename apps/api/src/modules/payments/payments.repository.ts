import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  orders,
  payments,
  processedWebhookEvents,
  refunds,
  servicePackages,
  teams,
  users,
} from '../../db/schema/index';

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

/** The payment of a charge key, locked so that the caller, the webhook and the job record it once. */
export async function lockPaymentByChargeKey(db: DatabaseOrTransaction, chargeKey: string) {
  const [row] = await db.select().from(payments).where(eq(payments.chargeKey, chargeKey)).for('update');
  return row;
}

export async function updatePayment(
  db: DatabaseOrTransaction,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
) {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** Charges still waiting for their outcome since before `placedBefore`: the reconciliation job asks the provider about them. */
export async function listPendingChargesBefore(db: DatabaseOrTransaction, placedBefore: Date, limit: number) {
  return db
    .select({ chargeKey: payments.chargeKey, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lte(payments.createdAt, placedBefore),
        isNotNull(payments.chargeKey),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Marks a provider event handled; false when it already was (a replayed delivery). */
export async function markEventProcessed(
  db: DatabaseOrTransaction,
  event: { provider: string; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return rows.length > 0;
}

/** A payment with what its receipt shows: the order, the package, the buyer. */
export async function findReceipt(db: DatabaseOrTransaction, paymentId: number) {
  const [row] = await db
    .select({
      payment: payments,
      buyerId: orders.buyerId,
      buyerUsername: users.username,
      buyerName: users.fullName,
      packageTitle: servicePackages.title,
      teamName: teams.name,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** A refund decided in the caller's transaction; the key is unique, so one decision is one row. */
export async function insertRefund(db: DatabaseOrTransaction, values: typeof refunds.$inferInsert) {
  const rows = await db.insert(refunds).values(values).onConflictDoNothing().returning({ id: refunds.id });
  return rows[0]?.id;
}

/**
 * Takes a due pending refund for one provider call: the attempt is counted and the next attempt
 * moved to `leaseUntil`, in one statement, so a second worker finds it not due and a crashed
 * attempt is taken up again once the lease has passed. Undefined when someone else has it.
 */
export async function claimRefund(db: DatabaseOrTransaction, id: number, now: Date, leaseUntil: Date) {
  const [row] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .returning();
  return row;
}

export async function listDueRefunds(db: DatabaseOrTransaction, now: Date, limit: number) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function markRefundSucceeded(
  db: DatabaseOrTransaction,
  id: number,
  providerRefundId: string,
  now: Date,
) {
  await db
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, completedAt: now, lastError: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

export async function markRefundAttemptFailed(
  db: DatabaseOrTransaction,
  id: number,
  outcome: { retryAt: Date; error: string; giveUp: boolean },
) {
  await db
    .update(refunds)
    .set({
      lastError: outcome.error,
      nextAttemptAt: outcome.retryAt,
      ...(outcome.giveUp ? { status: 'failed' as const } : {}),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}
