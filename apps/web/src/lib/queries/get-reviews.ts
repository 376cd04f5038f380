import type { ReviewList } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { REVIEWS_STALE_TIME_MS, orderQueryKeys } from './order-query-keys';

// The package detail page is pre-rendered for visitors: its schema loads beside the request, not with the page.
export function getPackageReviews(packageId: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest(`/api/service-packages/${packageId}/reviews`, {
    signal,
    schema: () => import('@teamhire/shared/orders').then((contract) => contract.reviewListResponseSchema),
  });
}

export function getTeamReviews(teamId: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest(`/api/teams/${teamId}/reviews`, {
    signal,
    schema: () => import('@teamhire/shared/orders').then((contract) => contract.reviewListResponseSchema),
  });
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
