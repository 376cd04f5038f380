import { type ActivityList, activityListResponseSchema } from '@teamhire/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ACTIVITY_PAGE_SIZE = 20;

export interface ActivityPageParams {
  skip: number;
  limit: number;
}

export function getActivity(
  { skip, limit }: ActivityPageParams,
  signal?: AbortSignal,
): Promise<ActivityList> {
  return apiRequest('/api/activity', { query: { skip, limit }, signal, schema: activityListResponseSchema });
}

export function activityQueryOptions(limit: number = ACTIVITY_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: ['activity', 'list', { limit }],
    queryFn: ({ pageParam, signal }) => getActivity({ skip: pageParam, limit }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => {
      const next = lastPage.skip + lastPage.items.length;
      return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
    },
    // The log grows with every action elsewhere in the app, so a visit always asks again.
    staleTime: 0,
  });
}

export function useActivity(limit?: number) {
  return useInfiniteQuery(activityQueryOptions(limit));
}
