import { payoutSplitSchema, type PayoutSplit } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_DETAIL_STALE_TIME_MS } from '../../../lib/queries/team-query-keys';

/** Under 'teams', so a member leaving or being removed (which changes the split) refreshes it too. */
export const payoutSplitQueryKey = (teamId: number) => ['teams', 'payout-split', teamId] as const;

export function getPayoutSplit(teamId: number, signal?: AbortSignal): Promise<PayoutSplit> {
  return apiRequest(`/api/teams/${teamId}/payout-split`, { signal, schema: payoutSplitSchema });
}

export function payoutSplitQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: payoutSplitQueryKey(teamId),
    queryFn: ({ signal }) => getPayoutSplit(teamId, signal),
    // The split follows the members, which change as often as the team's detail.
    staleTime: TEAM_DETAIL_STALE_TIME_MS,
  });
}

export function usePayoutSplit(teamId: number) {
  return useQuery(payoutSplitQueryOptions(teamId));
}
