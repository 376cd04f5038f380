import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function removeTeamLogo(teamId: number): Promise<void> {
  return apiRequestWithoutContent(`/api/teams/${teamId}/logo`, { method: 'DELETE' });
}

export function useRemoveTeamLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teams', 'remove-logo'],
    mutationFn: removeTeamLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}
