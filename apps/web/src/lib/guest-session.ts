import { getAccessToken } from './auth-tokens';

/**
 * A guest's temporary session (stored locally: a guest has no account to keep it). The token is the
 * guest's only credential: the API reads it from the X-Guest-Token header and the socket from
 * `guest_token`.
 */
export interface GuestSession {
  token: string;
  guestUserId: number | null;
  name: string | null;
  tempUserId: string | null;
  chatRoomId: number | null;
  expiresAt: string | null;
}

const KEYS = {
  token: 'guest_session_token',
  guestUserId: 'guest_user_id',
  name: 'guest_user_name',
  tempUserId: 'temp_user_id',
  chatRoomId: 'guest_chat_room_id',
  expiresAt: 'guest_expires_at',
  loggedIn: 'guest_logged_in',
} as const;

export const GUEST_TOKEN_HEADER = 'X-Guest-Token';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the guest keeps the token in the address bar.
  }
}

function numberOrNull(value: string | null): number | null {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

export function readGuestSession(): GuestSession | null {
  const token = read(KEYS.token);
  if (!token) return null;
  return {
    token,
    guestUserId: numberOrNull(read(KEYS.guestUserId)),
    name: read(KEYS.name),
    tempUserId: read(KEYS.tempUserId),
    chatRoomId: numberOrNull(read(KEYS.chatRoomId)),
    expiresAt: read(KEYS.expiresAt),
  };
}

export function storeGuestSession(session: GuestSession): void {
  write(KEYS.token, session.token);
  write(KEYS.guestUserId, session.guestUserId === null ? null : String(session.guestUserId));
  write(KEYS.name, session.name);
  write(KEYS.tempUserId, session.tempUserId);
  write(KEYS.chatRoomId, session.chatRoomId === null ? null : String(session.chatRoomId));
  write(KEYS.expiresAt, session.expiresAt);
  write(KEYS.loggedIn, 'true');
}

/**
 * A link carries the token (`?guest_token=`): it becomes the stored session. What is known about the
 * same token is kept; a different token starts afresh, since its name and id are not ours to guess.
 */
export function adoptGuestToken(token: string, chatRoomId: number | null): GuestSession {
  const known = readGuestSession();
  const session: GuestSession =
    known?.token === token
      ? { ...known, chatRoomId: chatRoomId ?? known.chatRoomId }
      : { token, guestUserId: null, name: null, tempUserId: null, chatRoomId, expiresAt: null };
  storeGuestSession(session);
  return session;
}

export function clearGuestSession(): void {
  for (const key of Object.values(KEYS)) write(key, null);
}

/** The guest's header, unless a user is signed in (their token wins on the server anyway). */
export function guestHeaders(): Record<string, string> {
  if (getAccessToken()) return {};
  const token = read(KEYS.token);
  return token ? { [GUEST_TOKEN_HEADER]: token } : {};
}

export function guestChatPath(chatRoomId: number, token: string): string {
  return `/chat/${chatRoomId}?guest_token=${encodeURIComponent(token)}`;
}

export function guestDashboardPath(chatRoomId: number, token: string): string {
  return `/guest-dashboard?chat_room_id=${chatRoomId}&guest_token=${encodeURIComponent(token)}`;
}

/** Where a guest turns into an account that keeps their conversations. */
export const GUEST_UPGRADE_PATH = '/register?upgrade_guest=true';
