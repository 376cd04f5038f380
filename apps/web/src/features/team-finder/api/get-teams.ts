import { type TeamList, teamListResponseSchema } from '@teamhire/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Part 1 §9: the team lists are cached for 1 minute. */
export const TEAM_BROWSE_STALE_TIME_MS = 60_000;

export type TeamListSort = 'rating' | 'projects' | 'rate' | 'newest';

export interface TeamListParams {
  skip?: number;
  limit?: number;
  search?: string;
  serviceCategoryId?: number;
  projectTypeIds?: readonly number[];
  projectSubTypeId?: number;
  technologyIds?: readonly number[];
  activeOnly?: boolean;
  sort?: TeamListSort;
}

function idList(ids: readonly number[] | undefined): string | undefined {
  return ids && ids.length > 0 ? ids.join(',') : undefined;
}

export function getTeams(params: TeamListParams, signal?: AbortSignal): Promise<TeamList> {
  return apiRequest('/api/teams', {
    query: {
      skip: params.skip ?? 0,
      limit: params.limit,
      search: params.search || undefined,
      service_category_id: params.serviceCategoryId,
      project_type_ids: idList(params.projectTypeIds),
      project_sub_type_id: params.projectSubTypeId,
      technology_ids: idList(params.technologyIds),
      active_only: params.activeOnly ? true : undefined,
      sort: params.sort,
    },
    signal,
    schema: teamListResponseSchema,
  });
}

export function teamsQueryOptions(params: TeamListParams) {
  return queryOptions({
    queryKey: ['teams', 'list', params],
    queryFn: ({ signal }) => getTeams(params, signal),
    staleTime: TEAM_BROWSE_STALE_TIME_MS,
  });
}

export interface UseTeamsOptions {
  enabled?: boolean;
  /** Keeps the last page on screen while the next page or search loads, instead of a blank list. */
  keepPrevious?: boolean;
}

export function useTeams(
  params: TeamListParams,
  { enabled = true, keepPrevious = false }: UseTeamsOptions = {},
) {
  return useQuery({
    ...teamsQueryOptions(params),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
