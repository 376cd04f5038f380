import { type Team, type TeamCreate, teamSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export function createTeam(body: TeamCreate): Promise<Team> {
  return apiRequest('/api/teams', { method: 'POST', body, schema: teamSchema });
}

export function createTeamMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['teams', 'create'],
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.all }),
  });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation(createTeamMutationOptions(queryClient));
}
