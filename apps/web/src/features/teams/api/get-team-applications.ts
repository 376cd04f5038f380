import type { ApplicationStatus, TeamApplication } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_DETAIL_STALE_TIME_MS, teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function getTeamApplications(
  teamId: number,
  status?: ApplicationStatus,
  signal?: AbortSignal,
): Promise<TeamApplication[]> {
  return apiRequest<TeamApplication[]>(`/api/teams/${teamId}/applications`, { query: { status }, signal });
}

/** Part of the team's detail panel, so it ages like the detail. */
export function teamApplicationsQueryOptions(teamId: number, status?: ApplicationStatus) {
  return queryOptions({
    queryKey: [...teamQueryKeys.applications(teamId), { status }],
    queryFn: ({ signal }) => getTeamApplications(teamId, status, signal),
    staleTime: TEAM_DETAIL_STALE_TIME_MS,
  });
}

export function useTeamApplications(teamId: number, status?: ApplicationStatus) {
  return useQuery(teamApplicationsQueryOptions(teamId, status));
}
