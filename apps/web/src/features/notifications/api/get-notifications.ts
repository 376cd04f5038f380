import {
  BELL_NOTIFICATIONS,
  NOTIFICATIONS_PAGE_SIZE,
  UNREAD_POLL_MS,
  notificationListSchema,
  type NotificationList,
} from '@teamhire/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationQueryKeys, type NotificationFilter } from './notification-query-keys';

export function getNotifications(
  window: { skip: number; limit: number; unread?: boolean },
  signal?: AbortSignal,
): Promise<NotificationList> {
  const query = { skip: window.skip, limit: window.limit, ...(window.unread ? { unread: 'true' } : {}) };
  return apiRequest('/api/notifications', { query, signal, schema: notificationListSchema });
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

/** The notification centre's list, a page at a time ("Load more"), all or only the unread ones. */
export function notificationPagesQueryOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationQueryKeys.pages(filter),
    queryFn: ({ pageParam, signal }) =>
      getNotifications(
        { skip: pageParam, limit: NOTIFICATIONS_PAGE_SIZE, unread: filter === 'unread' },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => {
      const next = lastPage.skip + lastPage.items.length;
      return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}

export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery(notificationPagesQueryOptions(filter));
}
