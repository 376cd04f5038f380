import { type TeamApplication, teamApplicationSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function withdrawApplication(applicationId: number): Promise<TeamApplication> {
  return apiRequest(`/api/team-memberships/${applicationId}/withdraw`, {
    method: 'POST',
    schema: teamApplicationSchema,
  });
}

export function withdrawApplicationMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'withdraw-application'],
    mutationFn: withdrawApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation(withdrawApplicationMutationOptions(queryClient));
}
