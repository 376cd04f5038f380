import type { PackageList } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PACKAGE_LIST_STALE_TIME_MS, packageQueryKeys } from '../../../lib/queries/package-query-keys';

/** How many packages the landing page shows. */
export const POPULAR_PACKAGES_LIMIT = 6;

/**
 * The best rated published packages (unreviewed ones last, newest first among equals): the public
 * search a signed-out visitor may call, ordered by rating.
 */
export function getPopularPackages(signal?: AbortSignal): Promise<PackageList> {
  return apiRequest('/api/service-packages/search', {
    method: 'POST',
    query: { skip: 0, limit: POPULAR_PACKAGES_LIMIT },
    body: { sort: 'rating' },
    signal,
    // A loader, not the schema: the landing page's first download has no zod (decision 0006).
    schema: () => import('@teamhire/shared/packages').then((contract) => contract.packageListResponseSchema),
  });
}

export function popularPackagesQueryOptions() {
  return queryOptions({
    queryKey: packageQueryKeys.popular,
    queryFn: ({ signal }) => getPopularPackages(signal),
    staleTime: PACKAGE_LIST_STALE_TIME_MS,
  });
}

export function usePopularPackages() {
  return useQuery(popularPackagesQueryOptions());
}
