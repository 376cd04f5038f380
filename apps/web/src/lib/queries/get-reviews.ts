import type { ReviewList } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { REVIEWS_STALE_TIME_MS, orderQueryKeys } from './order-query-keys';

// Typed, not parsed with the shared schema (decision 0006): the package detail page must not load zod.
export function getPackageReviews(packageId: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest(`/api/service-packages/${packageId}/reviews`, { signal });
}

export function getTeamReviews(teamId: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest(`/api/teams/${teamId}/reviews`, { signal });
}

export function packageReviewsQueryOptions(packageId: number) {
  return queryOptions({
    queryKey: orderQueryKeys.packageReviews(packageId),
    queryFn: ({ signal }) => getPackageReviews(packageId, signal),
    staleTime: REVIEWS_STALE_TIME_MS,
  });
}

export function teamReviewsQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: orderQueryKeys.teamReviews(teamId),
    queryFn: ({ signal }) => getTeamReviews(teamId, signal),
    staleTime: REVIEWS_STALE_TIME_MS,
  });
}

export function usePackageReviews(packageId: number) {
  return useQuery(packageReviewsQueryOptions(packageId));
}

export function useTeamReviews(teamId: number) {
  return useQuery(teamReviewsQueryOptions(teamId));
}
