import type { UserRole } from '@teamhire/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/queries/get-current-user';
import { returnPath, type ReturnState } from '../lib/return-path';
import { hasAnyRole } from '../lib/roles';
import { getSessionEndReason } from '../lib/auth-tokens';
import { useHydrating } from '../lib/use-hydrating';
import { useSignedIn } from '../lib/use-signed-in';
import { PageLoading } from './page-loading';

/**
 * Visitors go to /login, which brings them back here after signing in.
 *
 * A pre-rendered page behind this guard (the browse page) was drawn without a session, as React reads
 * the session while it takes that HTML over: the page is let through then, so that the HTML is taken
 * over as it is, and the render right after, with the stored session, decides.
 */
export function ProtectedRoute() {
  const signedIn = useSignedIn();
  const hydrating = useHydrating();
  const { pathname, search, hash } = useLocation();
  if (!signedIn && !hydrating) {
    // After signing out there is no way back to this page: the next person to sign in on this
    // browser must not land where the previous one was.
    if (getSessionEndReason() === 'signed-out') return <Navigate to="/login" replace />;
    const state: ReturnState = { from: { pathname, search, hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Goes inside <ProtectedRoute>: a signed-in user without one of the roles goes to the dashboard. */
export function RoleRoute({ roles }: { roles: readonly UserRole[] }) {
  const user = useCurrentUser();
  if (user.isPending) return <PageLoading />;
  // The route's error view offers a retry; guessing would either lock out or let in the wrong person.
  if (user.isError) throw user.error;
  if (!hasAnyRole(user.data, roles)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Login and registration make no sense when signed in: continue to where the person was going. */
export function GuestOnlyRoute() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (signedIn) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
