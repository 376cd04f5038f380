import type { DisputeStatus } from '@teamhire/shared';

export const disputeQueryKeys = {
  all: ['disputes'] as const,
  list: (status: DisputeStatus, skip: number) => ['disputes', 'list', status, skip] as const,
  detail: (disputeId: number) => ['disputes', 'detail', disputeId] as const,
};

/** The admin's queue changes when a buyer or a team opens a dispute: a minute old at most. */
export const DISPUTES_STALE_TIME_MS = 60_000;
