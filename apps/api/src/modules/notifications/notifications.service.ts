import {
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationsRead,
} from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { notFound } from '../../errors';
import type { RealtimeBus } from '../realtime/realtime-bus';
import * as repository from './notifications.repository';

/** A notification written and not yet announced on its owner's channel. */
export interface PendingNotification {
  userId: number;
  notification: Notification;
}

function toNotificationResponse(row: repository.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    order_id: row.orderId,
    chat_room_id: row.chatRoomId,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * One notification per recipient, written in the caller's transaction so that a change and the
 * word of it are kept or rolled back together. Announce them with `publishNotifications` after commit.
 */
export async function createNotifications(
  transaction: DatabaseOrTransaction,
  entry: {
    userIds: Iterable<number>;
    kind: NotificationKind;
    /** Null for an offer not paid for; such a notification names its conversation instead. */
    orderId: number | null;
    chatRoomId?: number;
    text: string;
    at: Date;
  },
): Promise<PendingNotification[]> {
  const rows = await repository.insertNotifications(
    transaction,
    [...new Set(entry.userIds)].map((userId) => ({
      userId,
      kind: entry.kind,
      orderId: entry.orderId,
      chatRoomId: entry.chatRoomId ?? null,
      text: entry.text,
      createdAt: entry.at,
    })),
  );
  return rows.map((row) => ({ userId: row.userId, notification: toNotificationResponse(row) }));
}

/** Each owner's open pages hear of their new notification at once; the bell's poll is the fallback. */
export async function publishNotifications(
  bus: RealtimeBus,
  pending: readonly PendingNotification[],
): Promise<void> {
  await Promise.all(
    pending.map(({ userId, notification }) =>
      bus.publish(`user:${userId}`, { type: 'notification_created', notification }),
    ),
  );
}

export async function listOwnNotifications(
  db: DatabaseOrTransaction,
  actor: { id: number },
  window: { skip: number; limit: number },
): Promise<NotificationList> {
  const { items, total, unread } = await repository.listNotifications(db, actor.id, window);
  return {
    items: items.map(toNotificationResponse),
    total,
    unread_count: unread,
    skip: window.skip,
    limit: window.limit,
  };
}

/** Someone else's notification is answered as one that does not exist. */
export async function markNotificationRead(
  db: DatabaseOrTransaction,
  actor: { id: number },
  id: number,
  now: Date,
): Promise<Notification> {
  const row = await repository.markRead(db, actor.id, id, now);
  if (!row) throw notFound(NOTIFICATION_TEXTS.notFound);
  return toNotificationResponse(row);
}

export async function markAllNotificationsRead(
  db: DatabaseOrTransaction,
  actor: { id: number },
  now: Date,
): Promise<NotificationsRead> {
  return { marked: await repository.markAllRead(db, actor.id, now) };
}
