import { paymentConfigSchema, type PaymentConfig } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The provider changes only with a redeploy: asked once per visit of the app. */
const PAYMENT_CONFIG_STALE_TIME_MS = Number.POSITIVE_INFINITY;

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest('/api/payments/config', { signal, schema: paymentConfigSchema });
}

export function usePaymentConfig() {
  return useQuery(
    queryOptions({
      queryKey: ['payments', 'config'],
      queryFn: ({ signal }) => getPaymentConfig(signal),
      staleTime: PAYMENT_CONFIG_STALE_TIME_MS,
    }),
  );
}
