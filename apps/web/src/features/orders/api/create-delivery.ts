import { orderSchema, type DeliveryCreate, type Order } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { useOrderMutation } from './order-mutation';

export function createDelivery(orderId: number, delivery: DeliveryCreate): Promise<Order> {
  return apiRequest(`/api/orders/${orderId}/deliveries`, {
    method: 'POST',
    body: delivery,
    schema: orderSchema,
  });
}

export function useCreateDelivery(orderId: number) {
  return useOrderMutation((delivery: DeliveryCreate) => createDelivery(orderId, delivery));
}
