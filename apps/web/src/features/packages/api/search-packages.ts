import type { PackageList, PackageSearch } from '@teamhire/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPublishedPackages } from './get-published-packages';
import { PACKAGE_LIST_STALE_TIME_MS, packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function searchPackages(
  criteria: PackageSearch,
  window: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<PackageList> {
  return apiRequest('/api/service-packages/search', {
    method: 'POST',
    query: window,
    body: criteria,
    signal,
    // A loader, not the schema: the browse page renders before zod has arrived.
    schema: () => import('@teamhire/shared/packages').then((contract) => contract.packageListResponseSchema),
  });
}

/**
 * True when nothing narrows the list and it is in the listing's order (newest first, which is what
 * relevance means without a term): the plain published listing answers it.
 */
function isUnfiltered(criteria: PackageSearch): boolean {
  return Object.entries(criteria).every(([field, value]) =>
    field === 'sort'
      ? value == null || value === 'relevance' || value === 'newest'
      : value == null || value === '' || (Array.isArray(value) && value.length === 0),
  );
}

/** The published list without criteria, the ranked search with them. */
export function browsePackagesQueryOptions(criteria: PackageSearch, skip: number, limit: number) {
  return queryOptions({
    queryKey: packageQueryKeys.browse(criteria, skip, limit),
    queryFn: ({ signal }) =>
      isUnfiltered(criteria)
        ? getPublishedPackages({ skip, limit }, signal)
        : searchPackages(criteria, { skip, limit }, signal),
    staleTime: PACKAGE_LIST_STALE_TIME_MS,
    // The previous page stays on screen while the next one loads, instead of a flash of "loading".
    placeholderData: keepPreviousData,
  });
}

export function useBrowsePackages(criteria: PackageSearch, skip: number, limit: number) {
  return useQuery(browsePackagesQueryOptions(criteria, skip, limit));
}
