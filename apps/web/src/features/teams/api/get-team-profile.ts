import type { TeamProfile } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_DETAIL_STALE_TIME_MS, teamQueryKeys } from '../../../lib/queries/team-query-keys';

// The team page is pre-rendered for visitors: its schema loads beside the request, not with the page.
export function getTeamProfile(teamId: number, signal?: AbortSignal): Promise<TeamProfile> {
  return apiRequest(`/api/teams/${teamId}/profile`, {
    signal,
    schema: () => import('@teamhire/shared/team-profiles').then((contract) => contract.teamProfileSchema),
  });
}

export function teamProfileQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamQueryKeys.profile(teamId),
    queryFn: ({ signal }) => getTeamProfile(teamId, signal),
    staleTime: TEAM_DETAIL_STALE_TIME_MS,
  });
}

export function useTeamProfile(teamId: number) {
  return useQuery({
    ...teamProfileQueryOptions(teamId),
    enabled: Number.isInteger(teamId) && teamId > 0,
  });
}
