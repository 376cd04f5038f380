import type { Order } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';

/**
 * A change to an order whose answer is the order itself: the page shows the answer at once, and the
 * lists (their tabs count by status) are fetched again.
 */
export function useOrderMutation<V>(mutationFn: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKeys.detail(order.id), order);
      await queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
