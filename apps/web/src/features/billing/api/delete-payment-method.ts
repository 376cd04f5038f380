import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { billingQueryKeys } from './billing-query-keys';

export function deletePaymentMethod(methodId: number): Promise<void> {
  return apiRequestWithoutContent(`/api/user/payment-methods/${methodId}`, { method: 'DELETE' });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    // Deleting the default may promote another method on the server: read the list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.methods }),
  });
}
