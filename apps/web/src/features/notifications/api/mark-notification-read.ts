import { notificationSchema, type Notification, type NotificationList } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationQueryKeys } from './notification-query-keys';

export function markNotificationRead(notificationId: number): Promise<Notification> {
  return apiRequest(`/api/notifications/${notificationId}/read`, {
    method: 'POST',
    schema: notificationSchema,
  });
}

/** The bell shows it read at once; the server's answer (or a refetch after a failure) settles it. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: notificationQueryKeys.bell });
      queryClient.setQueryData<NotificationList>(notificationQueryKeys.bell, (list) => {
        const target = list?.items.find((item) => item.id === notificationId);
        if (!list || !target || target.read_at !== null) return list;
        const readAt = new Date().toISOString();
        return {
          ...list,
          unread_count: Math.max(0, list.unread_count - 1),
          items: list.items.map((item) => (item.id === notificationId ? { ...item, read_at: readAt } : item)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
