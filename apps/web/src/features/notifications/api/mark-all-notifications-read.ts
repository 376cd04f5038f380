import { notificationsReadSchema, type NotificationsRead } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationQueryKeys } from './notification-query-keys';

export function markAllNotificationsRead(): Promise<NotificationsRead> {
  return apiRequest('/api/notifications/read-all', { method: 'POST', schema: notificationsReadSchema });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
