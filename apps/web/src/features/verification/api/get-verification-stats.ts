import { type VerificationStats, verificationStatsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Part 2 §9: verification statistics are cached for 60 s. */
export const VERIFICATION_STATS_STALE_TIME_MS = 60_000;

export const verificationStatsQueryKey = ['verification', 'stats'] as const;

export function getVerificationStats(signal?: AbortSignal): Promise<VerificationStats> {
  return apiRequest('/api/verification/stats', { signal, schema: verificationStatsSchema });
}

export function verificationStatsQueryOptions() {
  return queryOptions({
    queryKey: verificationStatsQueryKey,
    queryFn: ({ signal }) => getVerificationStats(signal),
    staleTime: VERIFICATION_STATS_STALE_TIME_MS,
  });
}

export function useVerificationStats() {
  return useQuery(verificationStatsQueryOptions());
}
