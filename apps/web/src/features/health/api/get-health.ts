import { HEALTH_POLL_MS, type HealthResponse } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiRequest('/api/health', {
    signal,
    schema: () => import('@teamhire/shared/health').then((contract) => contract.healthResponseSchema),
  });
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    staleTime: 0,
    // The poll is the retry: a quick second attempt would only delay the banner.
    retry: false,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
