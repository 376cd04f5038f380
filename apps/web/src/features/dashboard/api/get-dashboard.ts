import { dashboardSchema, type Dashboard } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest('/api/dashboard', { signal, schema: dashboardSchema });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
    // What is waiting changes with every order step and message elsewhere: a visit asks again.
    staleTime: 0,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
