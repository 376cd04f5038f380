import { financeSummarySchema, type FinanceSummary } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every payment and completion moves these balances: the admin sees them fresh on each visit. */
const FINANCE_STALE_TIME_MS = 0;

export function getFinanceSummary(signal?: AbortSignal): Promise<FinanceSummary> {
  return apiRequest('/api/admin/finance', { signal, schema: financeSummarySchema });
}

export function financeSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['finance', 'summary'] as const,
    queryFn: ({ signal }) => getFinanceSummary(signal),
    staleTime: FINANCE_STALE_TIME_MS,
  });
}

export function useFinanceSummary() {
  return useQuery(financeSummaryQueryOptions());
}
