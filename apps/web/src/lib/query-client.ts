import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const DEFAULT_STALE_TIME_MS = 5 * 60_000;

/** A refusal (4xx) will be refused again; only server trouble and the network are worth one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: shouldRetry },
    },
  });
}
