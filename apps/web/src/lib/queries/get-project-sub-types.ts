import { PAGE_LIMIT_MAX, type ProjectSubType, projectSubTypesSchema, STALE_TIME } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function getProjectSubTypes(projectTypeId: number, signal?: AbortSignal): Promise<ProjectSubType[]> {
  return apiRequest('/api/project-sub-types', {
    query: { project_type_id: projectTypeId, skip: 0, limit: PAGE_LIMIT_MAX },
    signal,
    schema: projectSubTypesSchema,
  });
}

/** The sub-types of one project type, each with its technologies (cached like the catalogue). */
export function projectSubTypesQueryOptions(projectTypeId: number) {
  return queryOptions({
    queryKey: ['project-sub-types', 'list', { projectTypeId }],
    queryFn: ({ signal }) => getProjectSubTypes(projectTypeId, signal),
    staleTime: STALE_TIME.serviceCategories,
  });
}

/** Waits for a project type: without one there is nothing to ask for. */
export function useProjectSubTypes(projectTypeId: number | null | undefined) {
  return useQuery({
    ...projectSubTypesQueryOptions(projectTypeId ?? 0),
    enabled: projectTypeId != null,
  });
}
