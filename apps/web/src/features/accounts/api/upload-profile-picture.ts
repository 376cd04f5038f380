import { profilePictureResponseSchema, type User } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/queries/get-current-user';

export type ProfilePictureUpload = z.infer<typeof profilePictureResponseSchema>;

export function uploadProfilePicture(file: File): Promise<ProfilePictureUpload> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/api/auth/upload-profile-picture', {
    method: 'POST',
    body,
    schema: profilePictureResponseSchema,
  });
}

export function uploadProfilePictureMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['auth', 'profile-picture'],
    mutationFn: uploadProfilePicture,
    // The server puts the new picture on the profile at once, whatever happens to the rest of the form.
    onSuccess: ({ profile_picture_url }) =>
      queryClient.setQueryData<User>(currentUserQueryKey, (user) =>
        user ? { ...user, profile_picture_url } : user,
      ),
  });
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation(uploadProfilePictureMutationOptions(queryClient));
}
