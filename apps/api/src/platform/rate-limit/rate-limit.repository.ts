import { and, count, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
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
 * One counter's hits in its window, in one statement (so a provisional hit moved to `bucket`
 * meanwhile is counted once): `used` counts for good, as do provisional hits from `settledBefore` or
 * earlier, whose attempt never told its outcome; `provisional` hits still wait for their attempt's.
 */
export async function countCounter(
  db: DatabaseOrTransaction,
  counter: { bucket: string; provisionalBucket: string; key: string },
  since: Date,
  settledBefore: Date,
) {
  const [row] = await db
    .select({
      used: sql<number>`count(*) filter (where ${or(
        eq(rateLimitHits.bucket, counter.bucket),
        lte(rateLimitHits.createdAt, settledBefore),
      )})::int`,
      provisional: sql<number>`count(*) filter (where ${and(
        eq(rateLimitHits.bucket, counter.provisionalBucket),
        gt(rateLimitHits.createdAt, settledBefore),
      )})::int`,
    })
    .from(rateLimitHits)
    .where(
      and(
        inArray(rateLimitHits.bucket, [counter.bucket, counter.provisionalBucket]),
        eq(rateLimitHits.key, counter.key),
        gt(rateLimitHits.createdAt, since),
      ),
    );
  return { used: row?.used ?? 0, provisional: row?.provisional ?? 0 };
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

/** Moves hits to another bucket, keeping their time (a provisional hit that now counts for good). */
export async function moveHits(db: DatabaseOrTransaction, ids: number[], bucket: string) {
  if (ids.length > 0) await db.update(rateLimitHits).set({ bucket }).where(inArray(rateLimitHits.id, ids));
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
