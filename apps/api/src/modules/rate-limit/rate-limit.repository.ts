import { and, count, eq, gt, lt } from 'drizzle-orm';
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

export async function insertHit(db: DatabaseOrTransaction, bucket: string, key: string) {
  await db.insert(rateLimitHits).values({ bucket, key });
}

export async function deleteHitsBefore(db: DatabaseOrTransaction, before: Date) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
}
