import { type TeamDetail, teamDetailSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { TEAM_DETAIL_STALE_TIME_MS, teamQueryKeys } from './team-query-keys';

export function getTeam(teamId: number, signal?: AbortSignal): Promise<TeamDetail> {
  return apiRequest(`/api/teams/${teamId}`, { signal, schema: teamDetailSchema });
}

export function teamQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamQueryKeys.detail(teamId),
    queryFn: ({ signal }) => getTeam(teamId, signal),
    staleTime: TEAM_DETAIL_STALE_TIME_MS,
  });
}

export function useTeam(teamId: number) {
  return useQuery(teamQueryOptions(teamId));
}
