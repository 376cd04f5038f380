import { z } from 'zod';
import { ORDER_EVENT_TYPES } from './deliveries';
import { paginationQuerySchema } from './pagination';

/**
 * A user's notifications: today one per step of an order the other side took (a delivery, a
 * revision request, a dispute, ...), shown in the header's bell beside unread messages.
 */

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** How many of the newest notifications the bell lists. */
export const BELL_NOTIFICATIONS = 8;

export const NOTIFICATION_TEXTS = {
  notFound: 'Notification not found',
  loadFailed: 'Failed to load notifications',
  empty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  markAllReadFailed: 'Failed to mark the notifications as read. Please try again.',
} as const;

/** Notifications about a custom offer: received (to the buyer), declined or accepted (to the team). */
export const OFFER_NOTIFICATION_KINDS = ['offer_received', 'offer_declined', 'offer_accepted'] as const;
/** What happened: the order timeline's step that caused the notification, or a step of an offer. */
export const NOTIFICATION_KINDS = [...ORDER_EVENT_TYPES, ...OFFER_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The order it is about; null for an offer not (yet) paid. */
  order_id: z.number().int().nullable(),
  /** The conversation of an offer's notification (link there); null for an order's step. */
  chat_room_id: z.number().int().nullish(),
  text: z.string(),
  created_at: z.string(),
  /** Null while unread. */
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});
export const notificationListSchema = z.object({
  /** Newest first. */
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread_count: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationsReadSchema = z.object({
  /** How many notifications this call marked read. */
  marked: z.number().int(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;
