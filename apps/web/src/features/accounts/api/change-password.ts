import type { ChangePasswordRequest, MessageResponse } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/change-password', { method: 'POST', body });
}

export function changePasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'change-password'], mutationFn: changePassword });
}

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
