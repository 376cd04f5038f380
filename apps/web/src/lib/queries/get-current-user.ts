import type { User } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Part 1 §9: the user is cached for 5 minutes. */
export const USER_STALE_TIME_MS = 5 * 60_000;

export const currentUserQueryKey = ['auth', 'me'] as const;

export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiRequest('/api/auth/me', {
    signal,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.userSchema),
  });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: USER_STALE_TIME_MS,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
