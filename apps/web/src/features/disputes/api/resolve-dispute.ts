import { disputeSchema, type Dispute, type DisputeResolve } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';
import { disputeQueryKeys } from './dispute-query-keys';

export function resolveDispute(disputeId: number, resolution: DisputeResolve): Promise<Dispute> {
  return apiRequest(`/api/disputes/${disputeId}/resolve`, {
    method: 'POST',
    body: resolution,
    schema: disputeSchema,
  });
}

export function useResolveDispute(disputeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolution: DisputeResolve) => resolveDispute(disputeId, resolution),
    onSuccess: async (dispute) => {
      queryClient.setQueryData(disputeQueryKeys.detail(dispute.id), dispute);
      // The dispute moved from the open list to the resolved one, and its order changed status.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['disputes', 'list'] }),
        queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
      ]);
    },
  });
}
