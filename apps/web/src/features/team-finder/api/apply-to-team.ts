import { type TeamApplication, teamApplicationSchema, type teamApplyRequestSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { teamQueryKeys } from '../../../lib/queries/team-query-keys';

export type ApplyToTeamRequest = z.input<typeof teamApplyRequestSchema>;

export function applyToTeam(body: ApplyToTeamRequest): Promise<TeamApplication> {
  return apiRequest('/api/teams/apply', { method: 'POST', body, schema: teamApplicationSchema });
}

export function applyToTeamMutationOptions() {
  return mutationOptions({ mutationKey: ['teams', 'apply'], mutationFn: applyToTeam });
}

export function useApplyToTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...applyToTeamMutationOptions(),
    // The card turns to 'Application Pending' from the server's list, not from a local guess.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKeys.myApplications }),
  });
}
