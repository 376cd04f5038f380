import { payoutOnboardingSchema, type PayoutOnboarding } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { earningsQueryKeys } from './earnings-query-keys';

export function connectPayoutAccount(): Promise<PayoutOnboarding> {
  return apiRequest('/api/user/payout-account', { method: 'POST', schema: payoutOnboardingSchema });
}

export function useConnectPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectPayoutAccount,
    onSuccess: async (onboarding) => {
      queryClient.setQueryData(earningsQueryKeys.payoutAccount, { status: onboarding.status });
      // An account that became active at once (the test provider) may have been paid what was available.
      await queryClient.invalidateQueries({ queryKey: earningsQueryKeys.all });
    },
  });
}
