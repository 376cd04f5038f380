import type { Profile, ProfileKind } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { withItems } from '../profile-item-order';
import { profileQueryKey } from './get-profile';
import { publicProfilesQueryKey } from './get-public-profile';

export function deleteProfileItem(kind: ProfileKind, id: number): Promise<void> {
  return apiRequestWithoutContent(`/api/profile/${kind}/${id}`, { method: 'DELETE' });
}

export function deleteProfileItemMutationOptions(queryClient: QueryClient, kind: ProfileKind) {
  return mutationOptions({
    mutationKey: ['profile', kind, 'delete'],
    mutationFn: (id: number) => deleteProfileItem(kind, id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? withItems(profile, kind, (items) => items.filter((item) => item.id !== id)) : profile,
      );
      void queryClient.invalidateQueries({ queryKey: publicProfilesQueryKey });
    },
  });
}

export function useDeleteProfileItem(kind: ProfileKind) {
  const queryClient = useQueryClient();
  return useMutation(deleteProfileItemMutationOptions(queryClient, kind));
}
