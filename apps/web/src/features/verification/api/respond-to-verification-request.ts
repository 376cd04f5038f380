import {
  type VerificationDecision,
  type VerificationRequest,
  verificationRequestSchema,
} from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSessionFlags } from '../../../lib/queries/invalidate-session-flags';
import { pendingVerificationRequestsQueryKey } from './get-pending-verification-requests';
import { verificationStatsQueryKey } from './get-verification-stats';

export interface VerificationResponseInput {
  requestId: number;
  decision: VerificationDecision;
}

export function respondToVerificationRequest({
  requestId,
  decision,
}: VerificationResponseInput): Promise<VerificationRequest> {
  return apiRequest(`/api/verification/requests/${requestId}`, {
    method: 'PUT',
    body: decision,
    schema: verificationRequestSchema,
  });
}

/** Refreshes what a decision changes, also after a refusal: another admin may have changed it. */
export function refreshAfterVerificationDecision(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingVerificationRequestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: verificationStatsQueryKey }),
    invalidateSessionFlags(queryClient),
  ]);
}

export function respondToVerificationRequestMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['verification', 'respond'],
    mutationFn: respondToVerificationRequest,
    onSuccess: () => refreshAfterVerificationDecision(queryClient),
  });
}

export function useRespondToVerificationRequest() {
  const queryClient = useQueryClient();
  return useMutation(respondToVerificationRequestMutationOptions(queryClient));
}
