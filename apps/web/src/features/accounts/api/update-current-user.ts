import { type UpdateMeRequest, type User, userSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/queries/get-current-user';

export function updateCurrentUser(body: UpdateMeRequest): Promise<User> {
  return apiRequest('/api/auth/me', { method: 'PUT', body, schema: userSchema });
}

export function updateCurrentUserMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['auth', 'me', 'update'],
    mutationFn: updateCurrentUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation(updateCurrentUserMutationOptions(queryClient));
}
