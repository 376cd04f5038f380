import { orderSchema, type Order, type OrderStatusUpdate } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';

export function updateOrderStatus(orderId: number, status: OrderStatusUpdate['status']): Promise<Order> {
  return apiRequest(`/api/orders/${orderId}/status`, {
    method: 'PUT',
    body: { status },
    schema: orderSchema,
  });
}

export function useUpdateOrderStatus(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatusUpdate['status']) => updateOrderStatus(orderId, status),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKeys.detail(order.id), order);
      await queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
