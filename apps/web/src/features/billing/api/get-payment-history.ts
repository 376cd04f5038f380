import {
  PAYMENT_HISTORY_PAGE_SIZE,
  paymentHistoryResponseSchema,
  type PaymentHistory,
} from '@teamhire/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingQueryKeys } from './billing-query-keys';

export function getPaymentHistory(skip: number, signal?: AbortSignal): Promise<PaymentHistory> {
  return apiRequest('/api/user/payment-history', {
    query: { skip, limit: PAYMENT_HISTORY_PAGE_SIZE },
    signal,
    schema: paymentHistoryResponseSchema,
  });
}

export function paymentHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: billingQueryKeys.history,
    queryFn: ({ pageParam, signal }) => getPaymentHistory(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => {
      const next = lastPage.skip + lastPage.items.length;
      return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
    },
    // Purchases happen on other pages; a visit here always asks again.
    staleTime: 0,
  });
}

export function usePaymentHistory() {
  return useInfiniteQuery(paymentHistoryQueryOptions());
}
