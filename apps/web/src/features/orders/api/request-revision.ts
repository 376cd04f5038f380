import { orderSchema, type Order, type RevisionRequest } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { useOrderMutation } from './order-mutation';

export function requestRevision(orderId: number, request: RevisionRequest): Promise<Order> {
  return apiRequest(`/api/orders/${orderId}/revision-requests`, {
    method: 'POST',
    body: request,
    schema: orderSchema,
  });
}

export function useRequestRevision(orderId: number) {
  return useOrderMutation((request: RevisionRequest) => requestRevision(orderId, request));
}
