import type { Profile } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['profile', 'me'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/api/profile', { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
