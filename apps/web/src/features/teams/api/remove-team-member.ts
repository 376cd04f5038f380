import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export interface TeamMemberInput {
  teamId: number;
  userId: number;
}

export function removeTeamMember({ teamId, userId }: TeamMemberInput): Promise<void> {
  return apiRequestWithoutContent(`/api/teams/${teamId}/members/${userId}`, { method: 'DELETE' });
}

export function removeTeamMemberMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'remove-member'],
    mutationFn: removeTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation(removeTeamMemberMutationOptions(queryClient));
}
