/**
 * The session's tokens, kept in localStorage so that every tab shares one session.
 * localStorage is the only source of truth: another tab may rotate or remove the tokens at any time.
 */
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './session-hint';

// The entry reads the same keys before the app starts (session-hint.ts).
export { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY };

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Why the session ended: 'expired' (the server refused it; the login page explains it) or
 * 'signed-out' (the person asked; nothing to explain and nowhere to return to).
 */
export type SessionEndReason = 'expired' | 'signed-out';

type Listener = () => void;

const listeners = new Set<Listener>();
// Storage can be unavailable (disabled cookies, some private modes): the session then lives for this tab.
const memoryFallback = new Map<string, string>();
let sessionEndReason: SessionEndReason | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memoryFallback.delete(key);
    else memoryFallback.set(key, value);
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function hasSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
}

export function storeTokens({ accessToken, refreshToken }: AuthTokens): void {
  sessionEndReason = null;
  write(ACCESS_TOKEN_KEY, accessToken);
  write(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function clearTokens(reason: SessionEndReason | null = null): void {
  sessionEndReason = reason;
  write(ACCESS_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  notify();
}

export function getSessionEndReason(): SessionEndReason | null {
  return sessionEndReason;
}

function onStorage(event: StorageEvent): void {
  // A null key means another tab cleared the whole storage.
  if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
}

/** Called on every change of the tokens, in this tab or another one. */
export function subscribeToTokens(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
