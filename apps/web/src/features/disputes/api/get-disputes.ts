import {
  DISPUTES_PAGE_SIZE,
  disputeListSchema,
  type DisputeList,
  type DisputeStatus,
} from '@teamhire/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DISPUTES_STALE_TIME_MS, disputeQueryKeys } from './dispute-query-keys';

export function getDisputes(status: DisputeStatus, skip: number, signal?: AbortSignal): Promise<DisputeList> {
  return apiRequest('/api/disputes', {
    query: { status, skip, limit: DISPUTES_PAGE_SIZE },
    signal,
    schema: disputeListSchema,
  });
}

export function disputesQueryOptions(status: DisputeStatus, skip: number) {
  return queryOptions({
    queryKey: disputeQueryKeys.list(status, skip),
    queryFn: ({ signal }) => getDisputes(status, skip, signal),
    staleTime: DISPUTES_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });
}

export function useDisputes(status: DisputeStatus, skip: number) {
  return useQuery(disputesQueryOptions(status, skip));
}
