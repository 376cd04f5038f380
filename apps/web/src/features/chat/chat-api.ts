import {
  CHAT_UPLOAD_MAX_BYTES,
  chatAccessSchema,
  chatMessageSchema,
  chatRoomCreatedSchema,
  chatRoomSummariesSchema,
  guestUserSchema,
  messageListSchema,
  servicePackagesSchema,
  TEAM_CHAT_REFRESH_MS,
  type ChatMessage,
  type ChatRoomCreated,
  type GuestUser,
  type MessageList,
} from '@teamhire/shared';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, apiRequestBlob, apiRequestWithoutContent, ApiError } from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth-tokens';
import { uploadWithProgress, type UploadHandle } from '../../lib/file-transfer';
import { GUEST_TOKEN_HEADER, guestHeaders } from '../../lib/guest-session';

export const chatQueryKeys = {
  all: ['chat'] as const,
  inbox: ['chat', 'inbox'] as const,
  access: (roomId: number) => ['chat', 'access', roomId] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
  team: (teamId: number) => ['chat', 'team', teamId] as const,
  teamPackages: (teamId: number) => ['chat', 'team-packages', teamId] as const,
};

/** A team's conversations refresh every 10 s and are stale after 5 s, so a new buyer shows up soon. */
export const TEAM_CHAT_STALE_MS = 5_000;

export function chatAccessQueryOptions(roomId: number) {
  return queryOptions({
    queryKey: chatQueryKeys.access(roomId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/chat-rooms/${roomId}/access`, {
        signal,
        headers: guestHeaders(),
        schema: chatAccessSchema,
      }),
    // A refusal is an answer, not a hiccup.
    retry: false,
  });
}

export function inboxQueryOptions() {
  return queryOptions({
    queryKey: chatQueryKeys.inbox,
    queryFn: ({ signal }) =>
      apiRequest('/api/user/chat-rooms', {
        signal,
        headers: guestHeaders(),
        schema: chatRoomSummariesSchema,
      }),
    staleTime: 5_000,
  });
}

export function teamChatRoomsQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: chatQueryKeys.team(teamId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/teams/${teamId}/chat-rooms`, { signal, schema: chatRoomSummariesSchema }),
    staleTime: TEAM_CHAT_STALE_MS,
    // A refusal stays a refusal: no point asking every 10 s.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status < 500 ? false : TEAM_CHAT_REFRESH_MS,
    retry: false,
  });
}

/** The team's published packages, for the chat's team panel. */
export function teamPackagesQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: chatQueryKeys.teamPackages(teamId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/teams/${teamId}/service-packages`, { signal, schema: servicePackagesSchema }),
    staleTime: 60_000,
  });
}

export function getMessages(roomId: number, before?: number, signal?: AbortSignal): Promise<MessageList> {
  return apiRequest(`/api/chat-rooms/${roomId}/messages`, {
    query: { before },
    signal,
    headers: guestHeaders(),
    schema: messageListSchema,
  });
}

export type MessagePages = InfiniteData<MessageList, number | undefined>;

export function messagesQueryOptions(roomId: number) {
  return infiniteQueryOptions({
    queryKey: chatQueryKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) => getMessages(roomId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    // The socket keeps it current; a refetch is asked for after each reconnect.
    staleTime: Infinity,
  });
}

export function sendMessage(roomId: number, text: string, clientMessageId: string): Promise<ChatMessage> {
  return apiRequest(`/api/chat-rooms/${roomId}/messages`, {
    method: 'POST',
    body: { message_text: text, message_type: 'text', client_message_id: clientMessageId },
    headers: guestHeaders(),
    schema: chatMessageSchema,
  });
}

export function markRoomRead(roomId: number, lastMessageId?: number): Promise<void> {
  return apiRequestWithoutContent(`/api/chat-rooms/${roomId}/read`, {
    method: 'POST',
    body: lastMessageId ? { last_message_id: lastMessageId } : {},
    headers: guestHeaders(),
  });
}

export function getOrCreateRoom(teamId: number): Promise<ChatRoomCreated> {
  return apiRequest('/api/chat-rooms/get-or-create', {
    method: 'POST',
    body: { team_id: teamId },
    schema: chatRoomCreatedSchema,
  });
}

/** A guest session (a name, an optional email) for the quick-start modal. */
export function createGuestUser(body: { name: string; email?: string | null }): Promise<GuestUser> {
  return apiRequest('/api/guest-users', { method: 'POST', body, schema: guestUserSchema });
}

export function createGuestRoom(
  guest: Pick<GuestUser, 'guest_user_id' | 'session_token'>,
  teamId: number,
): Promise<ChatRoomCreated> {
  return apiRequest('/api/chat-rooms', {
    method: 'POST',
    body: { guest_user_id: guest.guest_user_id, team_id: teamId },
    headers: { [GUEST_TOKEN_HEADER]: guest.session_token },
    schema: chatRoomCreatedSchema,
  });
}

/**
 * Files are served to room members only, so they are fetched with the token and shown
 * through blob URLs: a plain <img src> cannot carry it.
 */
/** A room file is fetched with the member's token, or with a guest's session header. */
export function fileRequestHeaders(): Record<string, string> | undefined {
  return getAccessToken() ? undefined : guestHeaders();
}

export function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiRequestBlob(path, { signal, headers: fileRequestHeaders() });
}

/** The size in the too-large message: 'Your file is X.XXGB.' */
export function oversizeMessage(bytes: number): string | null {
  if (bytes <= CHAT_UPLOAD_MAX_BYTES) return null;
  return `File size exceeds the maximum limit of 1GB. Your file is ${(bytes / CHAT_UPLOAD_MAX_BYTES).toFixed(2)}GB.`;
}

/** An upload that reports its progress; a guest sends their session header instead of a token. */
export function uploadFile(
  roomId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<ChatMessage> {
  return uploadWithProgress(
    `/api/chat-rooms/${roomId}/upload`,
    file,
    chatMessageSchema,
    onProgress,
    getAccessToken() ? {} : guestHeaders(),
  );
}
