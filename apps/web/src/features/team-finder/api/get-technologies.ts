import { PAGE_LIMIT_MAX, STALE_TIME, type Technology, technologyDetailsSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One parent at a time: the technologies of a sub-type, of a project type or of a whole category. */
export type TechnologyScope =
  { projectSubTypeId: number } | { projectTypeId: number } | { serviceCategoryId: number };

function scopeQuery(scope: TechnologyScope) {
  if ('projectSubTypeId' in scope) return { project_sub_type_id: scope.projectSubTypeId };
  if ('projectTypeId' in scope) return { project_type_id: scope.projectTypeId };
  return { service_category_id: scope.serviceCategoryId };
}

export function getTechnologies(scope: TechnologyScope, signal?: AbortSignal): Promise<Technology[]> {
  return apiRequest('/api/technologies', {
    query: { ...scopeQuery(scope), skip: 0, limit: PAGE_LIMIT_MAX },
    signal,
    schema: technologyDetailsSchema,
  });
}

export function technologiesQueryOptions(scope: TechnologyScope) {
  return queryOptions({
    queryKey: ['technologies', 'list', scope],
    queryFn: ({ signal }) => getTechnologies(scope, signal),
    staleTime: STALE_TIME.technologies,
  });
}

/** Waits for a scope: a null scope asks nothing. */
export function useTechnologies(scope: TechnologyScope | null) {
  return useQuery({
    ...technologiesQueryOptions(scope ?? { serviceCategoryId: 0 }),
    enabled: scope !== null,
  });
}
