import { type ApplicationDecision, type TeamApplication, teamApplicationSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSessionFlags } from '../../../lib/queries/invalidate-session-flags';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export interface ApplicationResponseInput {
  applicationId: number;
  decision: ApplicationDecision;
}

export function respondToApplication({
  applicationId,
  decision,
}: ApplicationResponseInput): Promise<TeamApplication> {
  return apiRequest(`/api/team-memberships/${applicationId}`, {
    method: 'PUT',
    body: decision,
    schema: teamApplicationSchema,
  });
}

export function respondToApplicationMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'respond-to-application'],
    mutationFn: respondToApplication,
    // An approval changes the member list and count of the team everywhere it is shown.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
        invalidateSessionFlags(queryClient),
      ]),
  });
}

export function useRespondToApplication() {
  const queryClient = useQueryClient();
  return useMutation(respondToApplicationMutationOptions(queryClient));
}
