import { count, desc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { activityLog } from '../../db/schema/index';

export interface ActivityRecord {
  userId: number;
  action: string;
  description: string;
  metadata?: Record<string, string | number | boolean | null>;
}

export async function insertActivity(db: DatabaseOrTransaction, record: ActivityRecord) {
  await db.insert(activityLog).values(record);
}

export async function listActivity(
  db: DatabaseOrTransaction,
  userId: number,
  window: { skip: number; limit: number },
) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: activityLog.id,
        action: activityLog.action,
        description: activityLog.description,
        createdAt: activityLog.createdAt,
      })
      .from(activityLog)
      .where(eq(activityLog.userId, userId))
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .offset(window.skip)
      .limit(window.limit),
    db.select({ value: count() }).from(activityLog).where(eq(activityLog.userId, userId)),
  ]);
  return { items, total: total?.value ?? 0 };
}
