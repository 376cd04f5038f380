import { payoutSplitSchema, type PayoutSplit, type PayoutSplitUpdate } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutSplitQueryKey } from './get-payout-split';

export function updatePayoutSplit(teamId: number, split: PayoutSplitUpdate): Promise<PayoutSplit> {
  return apiRequest(`/api/teams/${teamId}/payout-split`, {
    method: 'PUT',
    body: split,
    schema: payoutSplitSchema,
  });
}

export function useUpdatePayoutSplit(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (split: PayoutSplitUpdate) => updatePayoutSplit(teamId, split),
    onSuccess: (split) => queryClient.setQueryData(payoutSplitQueryKey(teamId), split),
  });
}
