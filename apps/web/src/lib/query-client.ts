import { QueryClient } from '@tanstack/react-query';

const DEFAULT_STALE_TIME_MS = 5 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: 1 },
    },
  });
}
