import { disputeSchema, type Dispute } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DISPUTES_STALE_TIME_MS, disputeQueryKeys } from './dispute-query-keys';

export function getDispute(disputeId: number, signal?: AbortSignal): Promise<Dispute> {
  return apiRequest(`/api/disputes/${disputeId}`, { signal, schema: disputeSchema });
}

export function disputeQueryOptions(disputeId: number) {
  return queryOptions({
    queryKey: disputeQueryKeys.detail(disputeId),
    queryFn: ({ signal }) => getDispute(disputeId, signal),
    staleTime: DISPUTES_STALE_TIME_MS,
  });
}

export function useDispute(disputeId: number) {
  return useQuery({
    ...disputeQueryOptions(disputeId),
    enabled: Number.isInteger(disputeId) && disputeId > 0,
  });
}
