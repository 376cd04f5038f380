import { payoutAccountSchema, type PayoutAccount } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { EARNINGS_STALE_TIME_MS, earningsQueryKeys } from './earnings-query-keys';

export function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccount> {
  return apiRequest('/api/user/payout-account', { signal, schema: payoutAccountSchema });
}

export function payoutAccountQueryOptions() {
  return queryOptions({
    queryKey: earningsQueryKeys.payoutAccount,
    queryFn: ({ signal }) => getPayoutAccount(signal),
    staleTime: EARNINGS_STALE_TIME_MS,
  });
}

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions());
}
