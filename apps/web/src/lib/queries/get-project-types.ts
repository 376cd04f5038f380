import { PAGE_LIMIT_MAX, type ProjectType, projectTypesSchema, STALE_TIME } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Part 1 §9: catalogue lists are read whole, one page of the largest size the API allows. */
export function getProjectTypes(serviceCategoryId: number, signal?: AbortSignal): Promise<ProjectType[]> {
  return apiRequest('/api/project-types', {
    query: { service_category_id: serviceCategoryId, skip: 0, limit: PAGE_LIMIT_MAX },
    signal,
    schema: projectTypesSchema,
  });
}

/** The project types of one category, each with its technologies (cached like the catalogue). */
export function projectTypesQueryOptions(serviceCategoryId: number) {
  return queryOptions({
    queryKey: ['project-types', 'list', { serviceCategoryId }],
    queryFn: ({ signal }) => getProjectTypes(serviceCategoryId, signal),
    staleTime: STALE_TIME.serviceCategories,
  });
}

/** Waits for a category: without one there is nothing to ask for. */
export function useProjectTypes(serviceCategoryId: number | null | undefined) {
  return useQuery({
    ...projectTypesQueryOptions(serviceCategoryId ?? 0),
    enabled: serviceCategoryId != null,
  });
}
