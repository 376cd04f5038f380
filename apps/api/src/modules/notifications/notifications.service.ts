import {
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationsRead,
} from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { notFound } from '../../platform/errors';
import type { EventBus, PendingNotification } from '../../platform/events';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import * as repository from './notifications.repository';

/** A notification written and not yet announced on its owner's channel. */
export type { PendingNotification };

/**
 * Where a notification is handled, by its kind: an order's step opens the order, an application the
 * team admin's applications or the applicant's teams, a verification the admins' queue or the user's
 * verification centre, an offer its conversation (the buyer's or the team's side; a paid one its
 * order). A new kind adds its line here.
 */
export function notificationLink(
  kind: NotificationKind,
  orderId: number | null,
  chatRoomId: number | null,
): string {
  switch (kind) {
    case 'offer_received':
      return chatRoomId === null ? '/messages' : `/chat/${chatRoomId}`;
    case 'offer_declined':
      return chatRoomId === null ? '/messages' : `/team-chat/${chatRoomId}`;
    case 'application_received':
      return '/teams/manage';
    case 'application_approved':
    case 'application_rejected':
      return '/teams/my-teams';
    case 'verification_submitted':
      return '/admin/verifications';
    case 'verification_approved':
    case 'verification_rejected':
      return '/verification';
    default:
      return orderId === null ? '/notifications' : `/orders/${orderId}`;
  }
}

function toNotificationResponse(row: repository.NotificationRow): Notification {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    order_id: row.orderId,
    link: notificationLink(kind, row.orderId, row.chatRoomId),
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
    /** Absent (or null) for the kinds not about an order, and for an offer not paid for. */
    orderId?: number | null;
    /** The conversation of an offer's notification. */
    chatRoomId?: number;
    text: string;
    at: Date;
    /** The one who caused it: never told of their own act. */
    actorId?: number;
  },
): Promise<PendingNotification[]> {
  const recipients = new Set(entry.userIds);
  if (entry.actorId !== undefined) recipients.delete(entry.actorId);
  const rows = await repository.insertNotifications(
    transaction,
    [...recipients].map((userId) => ({
      userId,
      kind: entry.kind,
      orderId: entry.orderId ?? null,
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

/** Subscribes the bell to committed order steps: their notifications reach their owners' open pages. */
export function subscribeNotificationsToOrderSteps(events: EventBus, bus: RealtimeBus): void {
  events.on('order.step_committed', (step) => publishNotifications(bus, step.notifications));
}

export async function listOwnNotifications(
  db: DatabaseOrTransaction,
  actor: { id: number },
  window: { skip: number; limit: number; unread: boolean },
): Promise<NotificationList> {
  const { items, total, unread } = await repository.listNotifications(db, actor.id, {
    skip: window.skip,
    limit: window.limit,
    unreadOnly: window.unread,
  });
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
