import { TYPING_INCOMING_CLEAR_MS, type ChatMessage } from '@teamhire/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, renewAccessToken } from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth-tokens';
import {
  mergeById,
  Outbox,
  RealtimeClient,
  TypingSignal,
  type OutboxItem,
  type RealtimeStatus,
} from '../../lib/realtime-client';
import { chatQueryKeys, getMessages, sendMessage, type MessagePages } from './chat-api';
import type { ChatExtensions } from './chat-extensions';
import { readGuestSession } from '../../lib/guest-session';

/** Adds messages to the newest page, once each (an id already shown is not shown twice). */
export function addMessages(queryClient: QueryClient, roomId: number, messages: readonly ChatMessage[]) {
  queryClient.setQueryData<MessagePages>(chatQueryKeys.messages(roomId), (data) => {
    if (!data) return data;
    const known = new Set(data.pages.flatMap((page) => page.items.map((item) => item.id)));
    const fresh = messages.filter((message) => !known.has(message.id));
    if (fresh.length === 0) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, items: mergeById(newest.items, fresh) }, ...older] };
  });
}

/** A catch-up read refused by a server in trouble is asked again after 1 s, 2 s, 3 s, 4 s. */
const CATCH_UP_ATTEMPTS = 5;
const CATCH_UP_RETRY_MS = 1000;

/** Offline, a server in trouble or a rate limit pass; a refusal of the request itself does not. */
function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export interface TypingPerson {
  userId: string;
  name: string;
}

/** A room's live side: socket, typing both ways, and text messages that survive a reconnect. */
export function useChatRoom({
  roomId,
  enabled,
  me,
  onSendFailed,
  extensions,
}: {
  roomId: number;
  enabled: boolean;
  /** `user:{id}`: our own typing events are not shown to us. */
  me: string | null;
  onSendFailed: (text: string, error: unknown) => void;
  /** The app's additions: its room events and what it refreshes after a reconnect (read once per connection). */
  extensions?: Pick<ChatExtensions, 'roomEvents' | 'onReconnected'>;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('closed');
  const [closedCode, setClosedCode] = useState<number | null>(null);
  const [typing, setTyping] = useState<TypingPerson[]>([]);
  const [pending, setPending] = useState<readonly OutboxItem[]>([]);
  const clientRef = useRef<RealtimeClient | null>(null);
  const outboxRef = useRef<Outbox<ChatMessage> | null>(null);
  const typingSignalRef = useRef<TypingSignal | null>(null);
  const meRef = useRef(me);
  const onSendFailedRef = useRef(onSendFailed);
  const extensionsRef = useRef(extensions);
  useEffect(() => {
    meRef.current = me;
    onSendFailedRef.current = onSendFailed;
  }, [me, onSendFailed]);

  useEffect(() => {
    if (!enabled) return;
    const clearTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const dropTyping = (userId: string) => {
      const timer = clearTimers.get(userId);
      if (timer) clearTimeout(timer);
      clearTimers.delete(userId);
      setTyping((people) => people.filter((person) => person.userId !== userId));
    };
    const invalidateInbox = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.inbox });

    const outbox = new Outbox<ChatMessage>({
      deliver: (item) => sendMessage(roomId, item.text, item.clientMessageId),
      isFinal: isFinalRefusal,
      onDelivered: (_item, message) => {
        addMessages(queryClient, roomId, [message]);
        invalidateInbox();
      },
      onFailed: (item, error) => onSendFailedRef.current(item.text, error),
      onChange: setPending,
    });
    outboxRef.current = outbox;

    // Whatever was said while the connection was down: the latest page, read once the socket hears
    // the room. The socket opens before the server has subscribed it (and, with several instances,
    // before Redis confirms); a page read at open missed a message stored between that read and
    // the subscription. The server sends our own user_joined only once nothing can pass the socket by.
    // A server in trouble (a reconnect storm ends in 503s) or a rate limit is asked again, a few
    // times; otherwise what was said meanwhile would stay missing until the page is reloaded.
    let catchUpPending = false;
    let catchUpRetry: ReturnType<typeof setTimeout> | undefined;
    const catchUp = (attempt = 1) => {
      catchUpPending = false;
      clearTimeout(catchUpRetry);
      void getMessages(roomId).then(
        (page) => addMessages(queryClient, roomId, page.items),
        (error: unknown) => {
          if (attempt >= CATCH_UP_ATTEMPTS || isFinalRefusal(error)) return;
          catchUpRetry = setTimeout(() => catchUp(attempt + 1), CATCH_UP_RETRY_MS * attempt);
        },
      );
    };

    // A signed-in user's token wins; otherwise the guest's session is the credential.
    const asGuest = getAccessToken() === null && readGuestSession() !== null;
    const client = new RealtimeClient({
      path: `/ws/chat/${roomId}`,
      getToken: asGuest ? () => readGuestSession()?.token ?? null : getAccessToken,
      tokenParam: asGuest ? 'guest_token' : 'access_token',
      renewToken: asGuest ? undefined : renewAccessToken,
      onStatusChange: setStatus,
      onClosedForGood: setClosedCode,
      onReconnected: () => {
        // Without knowing who we are, our own user_joined cannot be told apart: read at once.
        if (meRef.current === null) catchUp();
        else catchUpPending = true;
        invalidateInbox();
        extensionsRef.current?.onReconnected?.(queryClient);
        outbox.retryNow();
      },
      handlers: {
        ...extensionsRef.current?.roomEvents?.(queryClient),
        new_message: ({ message }) => {
          addMessages(queryClient, roomId, [message]);
          dropTyping(message.sender_id);
          invalidateInbox();
        },
        typing_status: ({ user_id, name, is_typing }) => {
          if (user_id === meRef.current) return;
          if (!is_typing) {
            dropTyping(user_id);
            return;
          }
          const timer = clearTimers.get(user_id);
          if (timer) clearTimeout(timer);
          clearTimers.set(
            user_id,
            setTimeout(() => dropTyping(user_id), TYPING_INCOMING_CLEAR_MS),
          );
          setTyping((people) =>
            people.some((person) => person.userId === user_id)
              ? people
              : [...people, { userId: user_id, name }],
          );
        },
        user_joined: ({ user_id }) => {
          if (catchUpPending && user_id === meRef.current) catchUp();
        },
        user_left: ({ user_id }) => dropTyping(user_id),
      },
    });
    clientRef.current = client;
    typingSignalRef.current = new TypingSignal((isTyping) =>
      client.send({ type: 'typing', is_typing: isTyping }),
    );
    client.connect();
    return () => {
      clearTimeout(catchUpRetry);
      typingSignalRef.current?.stop();
      client.disconnect();
      outbox.stop();
      for (const timer of clearTimers.values()) clearTimeout(timer);
      clientRef.current = null;
      outboxRef.current = null;
      typingSignalRef.current = null;
      setTyping([]);
      setPending([]);
    };
  }, [enabled, roomId, queryClient]);

  const send = useCallback((text: string) => {
    typingSignalRef.current?.stop();
    outboxRef.current?.add(text);
  }, []);
  const onInput = useCallback((value: string) => typingSignalRef.current?.input(value), []);
  const onBlur = useCallback(() => typingSignalRef.current?.stop(), []);

  return { status, closedCode, typing, pending, send, onInput, onBlur };
}
