import { type TeamApplication, teamApplicationsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { MY_TEAMS_STALE_TIME_MS, teamQueryKeys } from './team-query-keys';

export function getMyApplications(signal?: AbortSignal): Promise<TeamApplication[]> {
  return apiRequest('/api/my-applications', { signal, schema: teamApplicationsSchema });
}

export function myApplicationsQueryOptions() {
  return queryOptions({
    queryKey: teamQueryKeys.myApplications,
    queryFn: ({ signal }) => getMyApplications(signal),
    staleTime: MY_TEAMS_STALE_TIME_MS,
  });
}

export function useMyApplications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myApplicationsQueryOptions(), enabled });
}
