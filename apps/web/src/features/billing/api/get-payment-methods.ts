import { savedPaymentMethodListSchema, type SavedPaymentMethodList } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAYMENT_METHODS_STALE_TIME_MS, billingQueryKeys } from './billing-query-keys';

export function getPaymentMethods(signal?: AbortSignal): Promise<SavedPaymentMethodList> {
  return apiRequest('/api/user/payment-methods', { signal, schema: savedPaymentMethodListSchema });
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: billingQueryKeys.methods,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: PAYMENT_METHODS_STALE_TIME_MS,
  });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
