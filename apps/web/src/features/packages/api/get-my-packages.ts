import { type ServicePackage, servicePackagesSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PACKAGE_LIST_STALE_TIME_MS, packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function getMyPackages(teamId: number | undefined, signal?: AbortSignal): Promise<ServicePackage[]> {
  return apiRequest('/api/service-packages/my-packages', {
    query: { team_id: teamId },
    signal,
    schema: servicePackagesSchema,
  });
}

export function myPackagesQueryOptions(teamId: number | undefined) {
  return queryOptions({
    queryKey: packageQueryKeys.mine(teamId),
    queryFn: ({ signal }) => getMyPackages(teamId, signal),
    staleTime: PACKAGE_LIST_STALE_TIME_MS,
  });
}

export function useMyPackages(teamId: number | undefined, { enabled = true } = {}) {
  return useQuery({ ...myPackagesQueryOptions(teamId), enabled });
}
