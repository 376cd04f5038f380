import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from './get-current-user';
import { navigationQueryOptions } from './get-navigation';

/**
 * Role and verification changes move links and badges: the flags and the user are
 * fetched again at once instead of after their 2 and 5 minutes.
 */
export function invalidateSessionFlags(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: navigationQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]).then(() => undefined);
}
