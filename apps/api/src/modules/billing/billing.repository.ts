import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  orders,
  paymentCustomers,
  payments,
  savedPaymentMethods,
  servicePackages,
} from '../../db/schema/index';

const SAVED_METHODS_LOCK_SPACE = 7002;

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;

const ofUser = (userId: number) => eq(savedPaymentMethods.userId, userId);

export function listMethods(db: DatabaseOrTransaction, userId: number) {
  return db
    .select()
    .from(savedPaymentMethods)
    .where(ofUser(userId))
    .orderBy(
      desc(savedPaymentMethods.isDefault),
      asc(savedPaymentMethods.createdAt),
      asc(savedPaymentMethods.id),
    );
}

/** One of the user's methods; another user's id finds nothing. */
export async function findMethod(db: DatabaseOrTransaction, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(ofUser(userId), eq(savedPaymentMethods.id, id)));
  return row;
}

/**
 * Serialises changes to one user's methods (adding, deleting, choosing the default) until the
 * transaction ends. An advisory lock, because row locks cannot hold back two first additions to an
 * empty list; the first number names this use, apart from every other advisory lock.
 */
export async function lockMethodsOf(db: DatabaseOrTransaction, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${SAVED_METHODS_LOCK_SPACE}, ${userId})`);
  return db.select().from(savedPaymentMethods).where(ofUser(userId)).orderBy(asc(savedPaymentMethods.id));
}

export async function insertMethod(
  db: DatabaseOrTransaction,
  values: typeof savedPaymentMethods.$inferInsert,
) {
  const [row] = await db.insert(savedPaymentMethods).values(values).returning();
  return row!;
}

export async function updateMethod(
  db: DatabaseOrTransaction,
  id: number,
  values: Partial<typeof savedPaymentMethods.$inferInsert>,
) {
  await db
    .update(savedPaymentMethods)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedPaymentMethods.id, id));
}

export async function clearDefault(db: DatabaseOrTransaction, userId: number, exceptId?: number) {
  await db
    .update(savedPaymentMethods)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        ofUser(userId),
        eq(savedPaymentMethods.isDefault, true),
        exceptId === undefined ? undefined : ne(savedPaymentMethods.id, exceptId),
      ),
    );
}

export async function deleteMethod(db: DatabaseOrTransaction, id: number) {
  await db.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
}

/** The payments of the orders the user bought, newest first. */
export async function listPaymentsOf(
  db: DatabaseOrTransaction,
  userId: number,
  window: { skip: number; limit: number },
) {
  const bought = eq(orders.buyerId, userId);
  const [items, [total]] = await Promise.all([
    db
      .select({ payment: payments, packageTitle: servicePackages.title })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
      .where(bought)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(window.skip)
      .limit(window.limit),
    db
      .select({ value: count() })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(bought),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** The buyer's customer at the provider, which owns their saved cards there. */
export async function findCustomerId(db: DatabaseOrTransaction, userId: number, provider: string) {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/** Keeps the first customer recorded for the user; a concurrent second one changes nothing. */
export async function insertCustomer(
  db: DatabaseOrTransaction,
  values: { userId: number; provider: string; customerId: string },
) {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
}
