import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(
  db: DatabaseOrTransaction,
  rows: (typeof notifications.$inferInsert)[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** A page of one user's notifications, newest first, with their total and unread counts. */
export async function listNotifications(
  db: DatabaseOrTransaction,
  userId: number,
  window: { skip: number; limit: number; unreadOnly: boolean },
) {
  const listed = window.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [items, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(listed)
      .orderBy(desc(notifications.id))
      .offset(window.skip)
      .limit(window.limit),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  const unread = counts?.unread ?? 0;
  return { items, total: window.unreadOnly ? unread : (counts?.total ?? 0), unread };
}

/** Marks one of the user's notifications read; one read already keeps its first time. Undefined when it is not theirs. */
export async function markRead(db: DatabaseOrTransaction, userId: number, id: number, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DatabaseOrTransaction, userId: number, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
