import {
  type UserRole,
  VERIFICATION_PENDING_PAGE_SIZE,
  type VerificationRequest,
  verificationRequestsSchema,
} from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Part 2 §9: the pending list is cached for 30 s. */
export const PENDING_VERIFICATION_STALE_TIME_MS = 30_000;

export const pendingVerificationRequestsQueryKey = ['verification', 'pending'] as const;

export interface PendingVerificationParams {
  /** The role asked for; every role when absent. */
  roleFilter?: UserRole;
  skip?: number;
  limit?: number;
}

export function getPendingVerificationRequests(
  { roleFilter, skip = 0, limit = VERIFICATION_PENDING_PAGE_SIZE }: PendingVerificationParams = {},
  signal?: AbortSignal,
): Promise<VerificationRequest[]> {
  return apiRequest('/api/verification/pending', {
    query: { role_filter: roleFilter, skip, limit },
    signal,
    schema: verificationRequestsSchema,
  });
}

export function pendingVerificationRequestsQueryOptions(params: PendingVerificationParams = {}) {
  return queryOptions({
    queryKey: [...pendingVerificationRequestsQueryKey, params],
    queryFn: ({ signal }) => getPendingVerificationRequests(params, signal),
    staleTime: PENDING_VERIFICATION_STALE_TIME_MS,
  });
}

export function usePendingVerificationRequests(params: PendingVerificationParams = {}) {
  return useQuery(pendingVerificationRequestsQueryOptions(params));
}
