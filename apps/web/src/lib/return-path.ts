import type { Location } from 'react-router';

export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/** Router state carried to /login by a guard, so that signing in continues where the person was going. */
export interface ReturnState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const GUEST_ONLY_PATHS: ReadonlySet<string> = new Set(['/login', '/register']);

function isReturnState(value: unknown): value is { from: Record<string, unknown> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'from' in value &&
    typeof value.from === 'object' &&
    value.from !== null
  );
}

/** Where to go after signing in: the remembered page when there is a sensible one, else the dashboard. */
export function returnPath(state: unknown): string {
  if (!isReturnState(state)) return DEFAULT_SIGNED_IN_PATH;
  const { pathname, search, hash } = state.from;
  // Only paths inside this app: never '//evil.example' or a full URL smuggled into history state.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (GUEST_ONLY_PATHS.has(pathname)) return DEFAULT_SIGNED_IN_PATH;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
