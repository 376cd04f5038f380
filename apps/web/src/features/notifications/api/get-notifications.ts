import {
  BELL_NOTIFICATIONS,
  UNREAD_POLL_MS,
  notificationListSchema,
  type NotificationList,
} from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationQueryKeys } from './notification-query-keys';

export function getNotifications(
  window: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<NotificationList> {
  return apiRequest('/api/notifications', { query: window, signal, schema: notificationListSchema });
}

/** The newest notifications and the unread count, as the bell shows them. */
export function bellNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationQueryKeys.bell,
    queryFn: ({ signal }) => getNotifications({ skip: 0, limit: BELL_NOTIFICATIONS }, signal),
    // The socket brings new ones at once; the poll is the fallback when it cannot stay open.
    refetchInterval: UNREAD_POLL_MS,
  });
}

export function useBellNotifications() {
  return useQuery(bellNotificationsQueryOptions());
}
