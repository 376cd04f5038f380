import { type Team, teamsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { MY_TEAMS_STALE_TIME_MS, teamQueryKeys } from './team-query-keys';

export function getMemberTeams(signal?: AbortSignal): Promise<Team[]> {
  return apiRequest('/api/teams/member-teams', { signal, schema: teamsSchema });
}

export function memberTeamsQueryOptions() {
  return queryOptions({
    queryKey: teamQueryKeys.memberOf,
    queryFn: ({ signal }) => getMemberTeams(signal),
    staleTime: MY_TEAMS_STALE_TIME_MS,
  });
}

export function useMemberTeams({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...memberTeamsQueryOptions(), enabled });
}
