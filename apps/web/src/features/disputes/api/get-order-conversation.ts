import { orderConversationSchema, type OrderConversation } from '@teamhire/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CONVERSATION_PAGE_SIZE = 50;
/** What was said before a dispute does not change while an admin reads it; a minute is fresh enough. */
const CONVERSATION_STALE_TIME_MS = 60_000;

export function getOrderConversation(
  orderId: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<OrderConversation> {
  return apiRequest(`/api/admin/orders/${orderId}/conversation`, {
    query: { before, limit: CONVERSATION_PAGE_SIZE },
    signal,
    schema: orderConversationSchema,
  });
}

/** Pages go back in time: the first is the newest messages, each next one the messages before it. */
export function orderConversationQueryOptions(orderId: number) {
  return infiniteQueryOptions({
    queryKey: ['disputes', 'conversation', orderId],
    queryFn: ({ pageParam, signal }) => getOrderConversation(orderId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
    staleTime: CONVERSATION_STALE_TIME_MS,
  });
}

export function useOrderConversation(orderId: number | undefined) {
  return useInfiniteQuery({
    ...orderConversationQueryOptions(orderId ?? 0),
    enabled: orderId !== undefined,
  });
}
