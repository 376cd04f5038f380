import { type ApplicationStatus, type TeamApplication, teamApplicationsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_DETAIL_STALE_TIME_MS, teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function getTeamApplications(
  teamId: number,
  status?: ApplicationStatus,
  signal?: AbortSignal,
): Promise<TeamApplication[]> {
  return apiRequest(`/api/teams/${teamId}/applications`, {
    query: { status },
    signal,
    schema: teamApplicationsSchema,
  });
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
