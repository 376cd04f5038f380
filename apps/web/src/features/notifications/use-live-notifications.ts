import { BELL_NOTIFICATIONS, type NotificationList } from '@teamhire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { renewAccessToken } from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth-tokens';
import { RealtimeClient } from '../../lib/realtime-client';
import { notificationQueryKeys } from './api/notification-query-keys';

/**
 * The user's own socket brings each new notification as it is written: it goes to the top of the
 * bell's list at once, and an open notification centre reads its pages again (a page shifted by one
 * would otherwise repeat an item on "Load more"). After a reconnect every list is read again.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = new RealtimeClient({
      path: '/ws/user',
      getToken: getAccessToken,
      renewToken: renewAccessToken,
      onReconnected: () => void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
      handlers: {
        notification_created: ({ notification }) => {
          queryClient.setQueryData<NotificationList>(notificationQueryKeys.bell, (list) => {
            if (!list) return list;
            if (list.items.some((item) => item.id === notification.id)) return list;
            return {
              ...list,
              items: [notification, ...list.items].slice(0, BELL_NOTIFICATIONS),
              total: list.total + 1,
              unread_count: list.unread_count + (notification.read_at === null ? 1 : 0),
            };
          });
          void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.centre });
        },
      },
    });
    client.connect();
    return () => client.disconnect();
  }, [queryClient]);
}
