import { orderSchema, type Order } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { ORDER_DETAIL_STALE_TIME_MS, orderQueryKeys } from './order-query-keys';

export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiRequest(`/api/orders/${orderId}`, { signal, schema: orderSchema });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderQueryKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: ORDER_DETAIL_STALE_TIME_MS,
  });
}

export function useOrder(orderId: number) {
  return useQuery({ ...orderQueryOptions(orderId), enabled: Number.isInteger(orderId) && orderId > 0 });
}
