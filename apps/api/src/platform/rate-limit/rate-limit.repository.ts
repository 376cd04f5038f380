import { and, count, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { rateLimitHits } from '../../db/schema/index';

export async function countRecentHits(db: DatabaseOrTransaction, bucket: string, key: string, since: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(rateLimitHits)
    .where(
      and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)),
    );
  return row?.value ?? 0;
}

/**
 * Serialises every counter of one (bucket, key) until the transaction ends, so a count and the
 * insert that follows it cannot interleave with another request's.
 */
export async function lockCounter(db: DatabaseOrTransaction, bucket: string, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${bucket}\n${key}`}, 0))`);
}

export async function insertHit(db: DatabaseOrTransaction, bucket: string, key: string) {
  const [row] = await db.insert(rateLimitHits).values({ bucket, key }).returning({ id: rateLimitHits.id });
  return row!.id;
}

export async function deleteHits(db: DatabaseOrTransaction, ids: number[]) {
  if (ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}

/** Removes rows older than `before`, except in the long-lived bucket, whose rows go after `longBefore`. */
export async function deleteHitsBefore(
  db: DatabaseOrTransaction,
  before: Date,
  longLived?: { bucket: string; before: Date },
) {
  const rows = await db
    .delete(rateLimitHits)
    .where(
      longLived
        ? or(
            and(lt(rateLimitHits.createdAt, before), ne(rateLimitHits.bucket, longLived.bucket)),
            lt(rateLimitHits.createdAt, longLived.before),
          )
        : lt(rateLimitHits.createdAt, before),
    )
    .returning({ id: rateLimitHits.id });
  return rows.length;
}
