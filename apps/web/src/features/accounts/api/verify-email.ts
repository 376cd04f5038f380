import type { MessageResponse } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function verifyEmail(body: { token: string }): Promise<MessageResponse> {
  return apiRequest('/api/auth/verify-email', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.messageResponseSchema),
  });
}

export function verifyEmailMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'verify-email'], mutationFn: verifyEmail });
}

export function useVerifyEmail() {
  return useMutation(verifyEmailMutationOptions());
}
