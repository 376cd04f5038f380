import { type Team, teamsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { MY_TEAMS_STALE_TIME_MS, teamQueryKeys } from './team-query-keys';

export function getMyTeams(signal?: AbortSignal): Promise<Team[]> {
  return apiRequest('/api/teams/my-teams', { signal, schema: teamsSchema });
}

export function myTeamsQueryOptions() {
  return queryOptions({
    queryKey: teamQueryKeys.mine,
    queryFn: ({ signal }) => getMyTeams(signal),
    staleTime: MY_TEAMS_STALE_TIME_MS,
  });
}

export function useMyTeams() {
  return useQuery(myTeamsQueryOptions());
}
