import { type Team, teamSchema, type TeamUpdate } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export interface TeamUpdateInput {
  teamId: number;
  team: TeamUpdate;
}

export function updateTeam({ teamId, team }: TeamUpdateInput): Promise<Team> {
  return apiRequest(`/api/teams/${teamId}`, { method: 'PUT', body: team, schema: teamSchema });
}

export function updateTeamMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'update'],
    mutationFn: updateTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation(updateTeamMutationOptions(queryClient));
}
