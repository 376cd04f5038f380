import { type Profile, profileItemSchemas, type ProfileKind } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProfileItem, ProfileItemInput } from '../profile-item-types';
import { withItems } from '../profile-item-order';
import { profileQueryKey } from './get-profile';
import { publicProfilesQueryKey } from './get-public-profile';

export function createProfileItem<K extends ProfileKind>(
  kind: K,
  body: ProfileItemInput<K>,
): Promise<ProfileItem<K>> {
  return apiRequest(`/api/profile/${kind}`, { method: 'POST', body, schema: profileItemSchemas[kind] });
}

export function createProfileItemMutationOptions<K extends ProfileKind>(queryClient: QueryClient, kind: K) {
  return mutationOptions({
    mutationKey: ['profile', kind, 'create'],
    mutationFn: (body: ProfileItemInput<K>) => createProfileItem(kind, body),
    onSuccess: (item) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? withItems(profile, kind, (items) => [...items, item]) : profile,
      );
      // The owner's own public view, and the activity feed that records the addition.
      void queryClient.invalidateQueries({ queryKey: publicProfilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['activity'] });
    },
  });
}

export function useCreateProfileItem<K extends ProfileKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation(createProfileItemMutationOptions(queryClient, kind));
}
