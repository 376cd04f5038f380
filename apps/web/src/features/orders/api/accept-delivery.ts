import { orderSchema, type Order } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { useOrderMutation } from './order-mutation';

export function acceptDelivery(orderId: number): Promise<Order> {
  return apiRequest(`/api/orders/${orderId}/accept`, { method: 'POST', schema: orderSchema });
}

export function useAcceptDelivery(orderId: number) {
  return useOrderMutation(() => acceptDelivery(orderId));
}
