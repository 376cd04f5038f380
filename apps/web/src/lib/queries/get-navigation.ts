import { type Navigation, navigationSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Part 1 §9: the navigation flags are cached for 2 minutes. */
export const NAVIGATION_STALE_TIME_MS = 2 * 60_000;

export function getNavigation(signal?: AbortSignal): Promise<Navigation> {
  return apiRequest('/api/navigation', { signal, schema: navigationSchema });
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
