import { type ServiceCategory, serviceCategorySchema, STALE_TIME } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getServiceCategory(id: number, signal?: AbortSignal): Promise<ServiceCategory> {
  return apiRequest(`/api/service-categories/${id}`, { signal, schema: serviceCategorySchema });
}

export function serviceCategoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['service-categories', 'detail', id],
    queryFn: ({ signal }) => getServiceCategory(id, signal),
    staleTime: STALE_TIME.serviceCategories,
  });
}

export function useServiceCategory(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...serviceCategoryQueryOptions(id), enabled });
}
