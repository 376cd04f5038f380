import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function leaveTeam(teamId: number): Promise<void> {
  return apiRequestWithoutContent(`/api/teams/${teamId}/leave`, { method: 'POST' });
}

export function leaveTeamMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'leave'],
    mutationFn: leaveTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation(leaveTeamMutationOptions(queryClient));
}
