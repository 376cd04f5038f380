import {
  type VerificationRequest,
  type VerificationRequestCreate,
  verificationRequestSchema,
} from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSessionFlags } from '../../../lib/queries/invalidate-session-flags';
import { myVerificationRequestsQueryKey } from './get-my-verification-requests';

export function requestVerification(body: VerificationRequestCreate): Promise<VerificationRequest> {
  return apiRequest('/api/verification/request', { method: 'POST', body, schema: verificationRequestSchema });
}

export function requestVerificationMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['verification', 'request'],
    mutationFn: requestVerification,
    // The badge, the dashboard card and the verification status all follow the new request.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myVerificationRequestsQueryKey }),
        invalidateSessionFlags(queryClient),
      ]),
  });
}

export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation(requestVerificationMutationOptions(queryClient));
}
