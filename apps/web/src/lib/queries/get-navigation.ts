import type { Navigation } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The navigation flags are cached for 2 minutes; a change of role invalidates them at once. */
export const NAVIGATION_STALE_TIME_MS = 2 * 60_000;

export function getNavigation(signal?: AbortSignal): Promise<Navigation> {
  // A loader of the schema (decision 0006): the signed-in header's first download carries no zod.
  return apiRequest('/api/navigation', {
    signal,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.navigationSchema),
  });
}

export function navigationQueryOptions() {
  return queryOptions({
    queryKey: ['navigation'],
    queryFn: ({ signal }) => getNavigation(signal),
    staleTime: NAVIGATION_STALE_TIME_MS,
  });
}

export function useNavigationFlags() {
  return useQuery(navigationQueryOptions());
}
