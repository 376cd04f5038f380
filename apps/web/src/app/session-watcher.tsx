import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DataRouter } from 'react-router';
import type { ReturnState } from '../lib/return-path';
import { setSessionEndedHandler } from '../lib/api-client';
import { hasSession, subscribeToTokens } from '../lib/auth-tokens';

/**
 * Keeps cached data in step with the session: whatever was cached belonged to the previous session
 * (signed out here, in another tab, or refused by the server), so it goes when the session changes.
 */
export function SessionWatcher({ router }: { router: Pick<DataRouter, 'state' | 'navigate'> }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    let signedIn = hasSession();
    const unsubscribe = subscribeToTokens(() => {
      const now = hasSession();
      if (now === signedIn) return;
      signedIn = now;
      queryClient.clear();
    });

    setSessionEndedHandler(() => {
      const { pathname, search, hash } = router.state.location;
      if (pathname === '/login') return;
      const state: ReturnState = { from: { pathname, search, hash } };
      void router.navigate('/login', { replace: true, state });
    });

    return () => {
      unsubscribe();
      setSessionEndedHandler(null);
    };
  }, [queryClient, router]);

  return null;
}
