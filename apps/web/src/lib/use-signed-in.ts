import { useSyncExternalStore } from 'react';
import { hasSession, subscribeToTokens } from './auth-tokens';

/** True while tokens are stored; follows sign-in and sign-out in other tabs too. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToTokens, hasSession, () => false);
}
