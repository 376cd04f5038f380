import type { TeamApplication } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { MY_TEAMS_STALE_TIME_MS, teamQueryKeys } from './team-query-keys';

export function getMyApplications(signal?: AbortSignal): Promise<TeamApplication[]> {
  return apiRequest<TeamApplication[]>('/api/my-applications', { signal });
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
