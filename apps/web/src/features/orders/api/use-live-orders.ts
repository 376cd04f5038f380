import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAccessToken } from '../../../lib/auth-tokens';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';
import { RealtimeClient } from '../../../lib/realtime-client';

/**
 * The user's own socket says when an order of theirs changed (the other side delivered, accepted,
 * opened a dispute, an admin resolved it): the order and the lists are read again instead of waiting
 * for their stale time.
 */
export function useLiveOrders() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshAll = () => void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
    const client = new RealtimeClient({
      path: '/ws/user',
      getToken: getAccessToken,
      onReconnected: refreshAll,
      handlers: {
        order_updated: (event) => {
          void queryClient.invalidateQueries({ queryKey: orderQueryKeys.detail(event.order_id) });
          void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
        },
      },
    });
    client.connect();
    return () => client.disconnect();
  }, [queryClient]);
}
