import { disputeSchema, type Dispute, type DisputeCreate } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';

export function openDispute(orderId: number, dispute: DisputeCreate): Promise<Dispute> {
  return apiRequest(`/api/orders/${orderId}/disputes`, {
    method: 'POST',
    body: dispute,
    schema: disputeSchema,
  });
}

export function useOpenDispute(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dispute: DisputeCreate) => openDispute(orderId, dispute),
    // The answer is the dispute; the order (now in dispute, with a new timeline line) is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}
