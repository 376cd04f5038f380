import { savedPaymentMethodSchema, type SavedPaymentMethod } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingQueryKeys } from './billing-query-keys';

export function setDefaultPaymentMethod(methodId: number): Promise<SavedPaymentMethod> {
  return apiRequest(`/api/user/payment-methods/${methodId}/set-default`, {
    method: 'POST',
    schema: savedPaymentMethodSchema,
  });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.methods }),
  });
}
