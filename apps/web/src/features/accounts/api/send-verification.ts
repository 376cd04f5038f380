import type { MessageResponse } from '@teamhire/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendVerification(body: { email: string }): Promise<MessageResponse> {
  return apiRequest('/api/auth/send-verification', {
    method: 'POST',
    body,
    schema: () => import('@teamhire/shared/accounts').then((contract) => contract.messageResponseSchema),
  });
}

export function sendVerificationMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'send-verification'], mutationFn: sendVerification });
}

export function useSendVerification() {
  return useMutation(sendVerificationMutationOptions());
}
