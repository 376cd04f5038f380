export type NotificationFilter = 'all' | 'unread';

export const notificationQueryKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  /** Every list of the notification centre, whatever its filter. */
  centre: ['notifications', 'centre'] as const,
  pages: (filter: NotificationFilter) => ['notifications', 'centre', filter] as const,
};
