import { earningsSchema, type Earnings } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { EARNINGS_STALE_TIME_MS, earningsQueryKeys } from './earnings-query-keys';

export function getEarnings(signal?: AbortSignal): Promise<Earnings> {
  return apiRequest('/api/user/earnings', { signal, schema: earningsSchema });
}

export function earningsQueryOptions() {
  return queryOptions({
    queryKey: earningsQueryKeys.summary,
    queryFn: ({ signal }) => getEarnings(signal),
    staleTime: EARNINGS_STALE_TIME_MS,
  });
}

export function useEarnings() {
  return useQuery(earningsQueryOptions());
}
