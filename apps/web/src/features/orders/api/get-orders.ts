import { orderListResponseSchema, type OrderList, type OrderListQuery } from '@teamhire/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ORDERS_STALE_TIME_MS, orderQueryKeys } from '../../../lib/queries/order-query-keys';

export type OrderListFilter = Pick<OrderListQuery, 'scope' | 'status'>;

/** The newest 100 orders (the contract's page maximum) of one tab, with every tab's count. */
export function getOrders(filter: OrderListFilter, signal?: AbortSignal): Promise<OrderList> {
  return apiRequest('/api/orders', {
    query: { ...filter, skip: 0, limit: 100 },
    signal,
    schema: orderListResponseSchema,
  });
}

export function ordersQueryOptions(filter: OrderListFilter) {
  return queryOptions({
    queryKey: orderQueryKeys.list(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    staleTime: ORDERS_STALE_TIME_MS,
  });
}

/** Switching tabs keeps the previous list (and the counts) on screen until the next one arrives. */
export function useOrders(filter: OrderListFilter, enabled = true) {
  return useQuery({ ...ordersQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
