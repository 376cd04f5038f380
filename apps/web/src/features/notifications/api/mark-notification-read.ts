import { notificationSchema, type Notification, type NotificationList } from '@teamhire/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationQueryKeys } from './notification-query-keys';

export function markNotificationRead(notificationId: number): Promise<Notification> {
  return apiRequest(`/api/notifications/${notificationId}/read`, {
    method: 'POST',
    schema: notificationSchema,
  });
}

const readIn = (items: Notification[], notificationId: number, readAt: string) =>
  items.map((item) =>
    item.id === notificationId && item.read_at === null ? { ...item, read_at: readAt } : item,
  );

/**
 * The bell and the notification centre show it read at once; the server's answer (or a refetch after
 * a failure) settles it.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: notificationQueryKeys.all });
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(notificationQueryKeys.bell, (list) => {
        const target = list?.items.find((item) => item.id === notificationId);
        if (!list || !target || target.read_at !== null) return list;
        return {
          ...list,
          unread_count: Math.max(0, list.unread_count - 1),
          items: readIn(list.items, notificationId, readAt),
        };
      });
      queryClient.setQueriesData<InfiniteData<NotificationList>>(
        { queryKey: notificationQueryKeys.centre },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: readIn(page.items, notificationId, readAt) })),
          },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
