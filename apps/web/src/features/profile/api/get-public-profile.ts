import { type PublicProfile, publicProfileSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const publicProfilesQueryKey = ['profile', 'users'] as const;

export function getPublicProfile(userId: number, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest(`/api/users/${userId}/profile`, { signal, schema: publicProfileSchema });
}

export function publicProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...publicProfilesQueryKey, userId],
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
  });
}

export function usePublicProfile(userId: number) {
  return useQuery(publicProfileQueryOptions(userId));
}
