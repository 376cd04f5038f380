import { and, eq, lt, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { idempotencyKeys, servicePackages, teams } from '../../db/schema/index';

/** `pending`: the order and its payment are written, the provider's answer is not recorded yet. */
type PurchaseOutcome = 'paid' | 'declined' | 'pending';

/**
 * The column holds the status the first answer went out with, as it always has, so rows written
 * before purchases had named outcomes still replay; this is the only place that knows the encoding.
 * A pending purchase holds 202 and `{order_id}` until its outcome is recorded.
 */
const STORED_STATUS: Record<PurchaseOutcome, number> = { paid: 201, declined: 402, pending: 202 };
const OUTCOME_OF_STATUS = new Map<number, PurchaseOutcome>(
  Object.entries(STORED_STATUS).map(([outcome, status]) => [status, outcome as PurchaseOutcome]),
);

const toStoredKey = (row: typeof idempotencyKeys.$inferSelect) => ({
  requestHash: row.requestHash,
  outcome: OUTCOME_OF_STATUS.get(row.statusCode) ?? 'declined',
  responseBody: row.responseBody,
});

/** The package and its team as a purchase needs them; the package row is held against deletion meanwhile. */
export async function findPackageForPurchase(db: DatabaseOrTransaction, packageId: number) {
  const [row] = await db
    .select({
      id: servicePackages.id,
      title: servicePackages.title,
      status: servicePackages.status,
      priceCents: servicePackages.priceCents,
      durationDays: servicePackages.durationDays,
      revisions: servicePackages.revisions,
      teamId: teams.id,
      teamName: teams.name,
      teamIsActive: teams.isActive,
      teamAdminId: teams.adminId,
    })
    .from(servicePackages)
    .innerJoin(teams, eq(teams.id, servicePackages.teamId))
    .where(eq(servicePackages.id, packageId))
    .for('key share', { of: servicePackages });
  return row;
}

/**
 * Serialises purchases that carry the same key for the same user until the holder's transaction
 * ends. Two-integer form: the first number names this use, so it never meets another lock.
 */
export async function lockIdempotencyKey(db: DatabaseOrTransaction, userId: number, key: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_SPACE}, hashtext(${`${userId}:${key}`}))`,
  );
}
const IDEMPOTENCY_LOCK_SPACE = 7001;

export async function findIdempotencyKey(db: DatabaseOrTransaction, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ? toStoredKey(row) : undefined;
}

export async function insertIdempotencyKey(
  db: DatabaseOrTransaction,
  values: {
    userId: number;
    key: string;
    requestHash: string;
    outcome: PurchaseOutcome;
    responseBody: unknown;
  },
) {
  const { outcome, ...rest } = values;
  await db.insert(idempotencyKeys).values({ ...rest, statusCode: STORED_STATUS[outcome] });
}

/**
 * Stores the first final answer of a pending purchase; when another request stored one first,
 * that one is returned instead, so every repeat replays the same answer.
 */
export async function finalizeIdempotencyKey(
  db: DatabaseOrTransaction,
  userId: number,
  key: string,
  outcome: Exclude<PurchaseOutcome, 'pending'>,
  responseBody: unknown,
) {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const [updated] = await db
    .update(idempotencyKeys)
    .set({ statusCode: STORED_STATUS[outcome], responseBody })
    .where(and(mine, eq(idempotencyKeys.statusCode, STORED_STATUS.pending)))
    .returning();
  if (updated) return toStoredKey(updated);
  const [stored] = await db.select().from(idempotencyKeys).where(mine);
  return stored ? toStoredKey(stored) : undefined;
}

export async function deleteIdempotencyKey(db: DatabaseOrTransaction, userId: number, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function deleteIdempotencyKeysBefore(db: DatabaseOrTransaction, before: Date) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
