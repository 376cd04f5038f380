import { type Profile, profileItemSchemas, type ProfileKind } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProfileItem, ProfileItemInput } from '../profile-item-types';
import { withItems } from '../profile-item-order';
import { profileQueryKey } from './get-profile';
import { publicProfilesQueryKey } from './get-public-profile';

export interface UpdateProfileItemVariables<K extends ProfileKind> {
  id: number;
  /** PUT replaces every field, so this is the whole item, not only what changed. */
  body: ProfileItemInput<K>;
}

export function updateProfileItem<K extends ProfileKind>(
  kind: K,
  { id, body }: UpdateProfileItemVariables<K>,
): Promise<ProfileItem<K>> {
  return apiRequest(`/api/profile/${kind}/${id}`, { method: 'PUT', body, schema: profileItemSchemas[kind] });
}

export function updateProfileItemMutationOptions<K extends ProfileKind>(queryClient: QueryClient, kind: K) {
  return mutationOptions({
    mutationKey: ['profile', kind, 'update'],
    mutationFn: (variables: UpdateProfileItemVariables<K>) => updateProfileItem(kind, variables),
    onSuccess: (item) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile
          ? withItems(profile, kind, (items) =>
              items.map((existing) => (existing.id === item.id ? item : existing)),
            )
          : profile,
      );
      void queryClient.invalidateQueries({ queryKey: publicProfilesQueryKey });
    },
  });
}

export function useUpdateProfileItem<K extends ProfileKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation(updateProfileItemMutationOptions(queryClient, kind));
}
