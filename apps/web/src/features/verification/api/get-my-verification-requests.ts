import { type VerificationRequest, verificationRequestsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Part 2 §9: my verification requests are cached for 120 s. */
export const MY_VERIFICATION_REQUESTS_STALE_TIME_MS = 120_000;

export const myVerificationRequestsQueryKey = ['verification', 'my-requests'] as const;

export function getMyVerificationRequests(signal?: AbortSignal): Promise<VerificationRequest[]> {
  return apiRequest('/api/verification/my-requests', { signal, schema: verificationRequestsSchema });
}

export function myVerificationRequestsQueryOptions() {
  return queryOptions({
    queryKey: myVerificationRequestsQueryKey,
    queryFn: ({ signal }) => getMyVerificationRequests(signal),
    staleTime: MY_VERIFICATION_REQUESTS_STALE_TIME_MS,
  });
}

export function useMyVerificationRequests() {
  return useQuery(myVerificationRequestsQueryOptions());
}
