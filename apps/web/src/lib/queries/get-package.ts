import type { ServicePackage } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { PACKAGE_LIST_STALE_TIME_MS, packageQueryKeys } from './package-query-keys';

export function getPackage(packageId: number, signal?: AbortSignal): Promise<ServicePackage> {
  return apiRequest(`/api/service-packages/${packageId}`, {
    signal,
    schema: () => import('@teamhire/shared/packages').then((contract) => contract.servicePackageSchema),
  });
}

export function packageQueryOptions(packageId: number) {
  return queryOptions({
    queryKey: packageQueryKeys.detail(packageId),
    queryFn: ({ signal }) => getPackage(packageId, signal),
    staleTime: PACKAGE_LIST_STALE_TIME_MS,
  });
}

export function usePackage(packageId: number) {
  return useQuery({
    ...packageQueryOptions(packageId),
    enabled: Number.isInteger(packageId) && packageId > 0,
  });
}
