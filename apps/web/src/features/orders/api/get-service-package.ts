import { servicePackageSchema, type ServicePackage } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The package being bought; the payment page shows its details and charges its price. */
export function getServicePackage(packageId: number, signal?: AbortSignal): Promise<ServicePackage> {
  return apiRequest(`/api/service-packages/${packageId}`, { signal, schema: servicePackageSchema });
}

export function servicePackageQueryOptions(packageId: number) {
  return queryOptions({
    queryKey: ['service-packages', 'detail', packageId] as const,
    queryFn: ({ signal }) => getServicePackage(packageId, signal),
    staleTime: 30_000,
  });
}

export function useServicePackage(packageId: number) {
  return useQuery({
    ...servicePackageQueryOptions(packageId),
    enabled: Number.isInteger(packageId) && packageId > 0,
  });
}
