import { z } from 'zod';
import { ORDER_EVENT_TYPES } from './deliveries';
import { paginationQuerySchema, queryBoolean } from './pagination';

/**
 * A user's notifications: a step of an order the other side took (a delivery, a revision request, a
 * dispute, ...), an application to a team and its decision, a role verification request and its
 * decision. Shown in the header's bell beside unread messages and on `/notifications`.
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
  pageTitle: 'Notifications',
  filterAll: 'All',
  filterUnread: 'Unread',
  emptyUnread: 'No unread notifications',
  emptyHint: 'Orders, team applications and verification decisions will show up here.',
  loadMore: 'Load more',
  viewAll: 'View all notifications',
} as const;

/** The texts of the notifications written outside an order's timeline. */
export const NOTIFICATION_EVENT_TEXTS = {
  applicationReceived: (applicant: string, team: string) => `${applicant} applied to join ${team}`,
  applicationDecided: (team: string, decision: 'approved' | 'rejected') =>
    `Your application to ${team} was ${decision}`,
  verificationSubmitted: (username: string, role: string) => `${username} asked to become a ${role}`,
  verificationDecided: (role: string, decision: 'approved' | 'rejected') =>
    `Your request to become a ${role} was ${decision}`,
} as const;

/** A seller applied to a team (to its admin); the team's admin decided (to the applicant). */
export const APPLICATION_NOTIFICATION_KINDS = [
  'application_received',
  'application_approved',
  'application_rejected',
] as const;
/** A user asked for a role (to the general admins); a general admin decided (to the user). */
export const VERIFICATION_NOTIFICATION_KINDS = [
  'verification_submitted',
  'verification_approved',
  'verification_rejected',
] as const;

/** Notifications about a custom offer: received (to the buyer), declined or accepted (to the team). */
export const OFFER_NOTIFICATION_KINDS = ['offer_received', 'offer_declined', 'offer_accepted'] as const;

/**
 * What happened: a step of an order's timeline, or one of the kinds above. A new group of kinds
 * joins this list and the link rule of the notifications service.
 */
export const NOTIFICATION_KINDS = [
  ...ORDER_EVENT_TYPES,
  ...APPLICATION_NOTIFICATION_KINDS,
  ...VERIFICATION_NOTIFICATION_KINDS,
  ...OFFER_NOTIFICATION_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The order it tells of; null for the kinds that are not about an order, or an offer not (yet) paid. */
  order_id: z.number().int().nullable(),
  /** The conversation of an offer's notification; null for the others. */
  chat_room_id: z.number().int().nullish(),
  /** The app path where it is handled (the order, the conversation, the applications, the verification centre...). */
  link: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Null while unread. */
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  /** Only the unread ones (the centre's Unread filter); `total` then counts those. */
  unread: queryBoolean.default(false),
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
