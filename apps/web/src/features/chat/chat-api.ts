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
import {
  apiRequest,
  apiRequestBlob,
  apiRequestWithoutContent,
  ApiError,
  NetworkError,
  parseResponse,
} from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth-tokens';
import { GUEST_TOKEN_HEADER, guestHeaders } from '../../lib/guest-session';

export const chatQueryKeys = {
  all: ['chat'] as const,
  inbox: ['chat', 'inbox'] as const,
  access: (roomId: number) => ['chat', 'access', roomId] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
  team: (teamId: number) => ['chat', 'team', teamId] as const,
  teamPackages: (teamId: number) => ['chat', 'team-packages', teamId] as const,
};

/** Part 2 §9: a team's conversations refresh every 10 s and are stale after 5 s. */
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

/** Decision A6: a guest session for the quick-start modal. */
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
 * Files are served to room members only (decision D8), so they are fetched with the token and shown
 * through blob URLs: a plain <img src> cannot carry it.
 */
export function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiRequestBlob(path, { signal, headers: getAccessToken() ? undefined : guestHeaders() });
}

/** Part 2 §5: 'Your file is X.XXGB.' */
export function oversizeMessage(bytes: number): string | null {
  if (bytes <= CHAT_UPLOAD_MAX_BYTES) return null;
  return `File size exceeds the maximum limit of 1GB. Your file is ${(bytes / CHAT_UPLOAD_MAX_BYTES).toFixed(2)}GB.`;
}

export interface UploadHandle {
  promise: Promise<ChatMessage>;
  abort: () => void;
}

function detailOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { detail?: unknown }).detail === 'string'
    ) {
      return (body as { detail: string }).detail;
    }
  } catch {
    // Not JSON: no detail to show.
  }
  return null;
}

/** An upload through XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadFile(roomId: number, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const request = new XMLHttpRequest();
  const promise = new Promise<ChatMessage>((resolve, reject) => {
    request.open('POST', `/api/chat-rooms/${roomId}/upload`);
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(token ? {} : guestHeaders())) {
      request.setRequestHeader(name, value);
    }
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        let data: unknown;
        try {
          data = JSON.parse(request.responseText);
        } catch {
          reject(new ApiError(request.status, 'Invalid response from the server'));
          return;
        }
        try {
          resolve(parseResponse(chatMessageSchema, request.status, data));
        } catch (error) {
          reject(error instanceof Error ? error : new ApiError(request.status, null));
        }
        return;
      }
      reject(new ApiError(request.status, detailOf(request.responseText)));
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
  return { promise, abort: () => request.abort() };
}
