import { orderListResponseSchema, type OrderList, type OrderListQuery } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ORDERS_STALE_TIME_MS, orderQueryKeys } from './order-query-keys';

export type OrderScope = OrderListQuery['scope'];

/**
 * One page of up to 100 orders (the contract's maximum) with the per-status counts for the tabs;
 * the tabs filter on the client so switching never waits for the network.
 */
export function getOrders(scope: OrderScope, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest('/api/orders', {
    query: { scope, skip: 0, limit: 100 },
    signal,
    schema: orderListResponseSchema,
  });
}

export function ordersQueryOptions(scope: OrderScope) {
  return queryOptions({
    queryKey: orderQueryKeys.list({ scope }),
    queryFn: ({ signal }) => getOrders(scope, signal),
    staleTime: ORDERS_STALE_TIME_MS,
  });
}

export function useOrders(scope: OrderScope, enabled = true) {
  return useQuery({ ...ordersQueryOptions(scope), enabled });
}
