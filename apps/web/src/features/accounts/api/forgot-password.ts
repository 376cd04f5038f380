import type { MessageResponse } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function forgotPassword(body: { email: string }): Promise<MessageResponse> {
  return apiRequest('/api/auth/forgot-password', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.messageResponseSchema),
  });
}

export function forgotPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
