import { STALE_TIME, type ServiceCategory } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export interface ServiceCategoryListParams {
  skip?: number;
  limit?: number;
  includeInactive?: boolean;
}

export function getServiceCategories(
  { skip = 0, limit = 100, includeInactive = false }: ServiceCategoryListParams = {},
  signal?: AbortSignal,
): Promise<ServiceCategory[]> {
  return apiRequest('/api/service-categories', {
    query: { skip, limit, include_inactive: includeInactive },
    signal,
    schema: () => import('@teamhire/shared/catalogue').then((contract) => contract.serviceCategoriesSchema),
  });
}

export function serviceCategoriesQueryOptions(params: ServiceCategoryListParams = {}) {
  return queryOptions({
    queryKey: ['service-categories', 'list', params],
    queryFn: ({ signal }) => getServiceCategories(params, signal),
    staleTime: STALE_TIME.serviceCategories,
  });
}

export function useServiceCategories(params: ServiceCategoryListParams = {}) {
  return useQuery(serviceCategoriesQueryOptions(params));
}
