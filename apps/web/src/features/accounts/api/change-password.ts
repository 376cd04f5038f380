import { type ChangePasswordRequest, type MessageResponse, messageResponseSchema } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiRequest('/api/auth/change-password', { method: 'POST', body, schema: messageResponseSchema });
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'change-password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
