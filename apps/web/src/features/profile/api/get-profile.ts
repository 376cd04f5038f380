import { type Profile, profileSchema } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['profile', 'me'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/profile', { signal, schema: profileSchema });
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
