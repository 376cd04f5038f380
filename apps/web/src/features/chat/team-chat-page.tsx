import { CHAT_TEXTS, WS_CLOSE, type ChatAccess, type ChatMessage } from '@teamhire/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { mergeById } from '../../lib/realtime-client';
import { useCurrentUser } from '../accounts/api/get-current-user';
import {
  chatAccessQueryOptions,
  chatQueryKeys,
  markRoomRead,
  messagesQueryOptions,
  oversizeMessage,
  uploadFile,
} from './chat-api';
import { QUICK_MESSAGES, ROLE_LABELS } from './chat-format';
import { AccessProblem } from './components/access-problem';
import { Composer } from './components/composer';
import { InboxPanel } from './components/inbox-panel';
import { MessageList } from './components/message-list';
import { TeamPanel } from './components/team-panel';
import { UploadItems, type UploadItem } from './components/upload-items';
import { addMessages, useChatRoom } from './use-chat-room';

/** Part 2 §4: a finished upload leaves after 3 s, a failed one after 5 s. */
export const UPLOAD_DONE_CLEAR_MS = 3000;
export const UPLOAD_ERROR_CLEAR_MS = 5000;

const ACCESS_STATUSES = [401, 403, 404] as const;
type AccessStatus = (typeof ACCESS_STATUSES)[number];

function accessStatusOf(error: unknown): AccessStatus | null {
  if (!(error instanceof ApiError)) return null;
  return (ACCESS_STATUSES as readonly number[]).includes(error.status)
    ? (error.status as AccessStatus)
    : null;
}

function ChatHeader({ title, role, connection }: { title: string; role?: string; connection?: string }) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold text-slate-900">{title}</h1>
      </div>
      {connection ? (
        <p role="status" className="text-xs text-amber-800">
          {connection}
        </p>
      ) : null}
      {role ? (
        <span className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-800">
          {role}
        </span>
      ) : null}
    </header>
  );
}

function TypingIndicator({ names }: { names: readonly string[] }) {
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? `${names[0]} is typing...`
        : `${names.join(', ')} are typing...`;
  return (
    <p aria-live="polite" className="h-5 px-4 text-xs text-slate-600 italic">
      {text}
    </p>
  );
}

function ChatRoom({ roomId, access }: { roomId: number; access: ChatAccess }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const user = useCurrentUser();
  const me = user.data ? `user:${user.data.id}` : null;
  const [draft, setDraft] = useState('');
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const onSendFailed = useCallback(
    (text: string, error: unknown) => {
      const detail = error instanceof ApiError && error.status === 422 ? error.detail : null;
      showToast({ title: CHAT_TEXTS.sendFailed, description: detail ?? undefined, variant: 'error' });
      // The message is kept: back in the box unless something new was typed meanwhile.
      setDraft((current) => (current.trim() === '' ? text : current));
    },
    [showToast],
  );
  const room = useChatRoom({ roomId, enabled: true, me, onSendFailed });
  const messagesQuery = useInfiniteQuery(messagesQueryOptions(roomId));

  const messages = useMemo<ChatMessage[]>(
    () => mergeById([], messagesQuery.data?.pages.flatMap((page) => page.items) ?? []),
    [messagesQuery.data],
  );
  const lastId = messages.at(-1)?.id;

  // Shown means read: the inbox and the bell count go down.
  useEffect(() => {
    if (!messagesQuery.isSuccess) return;
    void markRoomRead(roomId, lastId).then(
      () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.inbox }),
      () => undefined,
    );
  }, [roomId, lastId, messagesQuery.isSuccess, queryClient]);

  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const aborts = useRef(new Set<() => void>());
  useEffect(() => {
    const pendingTimers = timers.current;
    const pendingAborts = aborts.current;
    return () => {
      for (const timer of pendingTimers) clearTimeout(timer);
      for (const abort of pendingAborts) abort();
    };
  }, []);

  const update = (id: string, change: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const removeLater = (id: string, delay: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setUploads((items) => items.filter((item) => item.id !== id));
    }, delay);
    timers.current.add(timer);
  };

  function onFiles(files: File[]) {
    for (const file of files) {
      const id = crypto.randomUUID();
      const tooBig = oversizeMessage(file.size);
      if (tooBig) {
        setUploads((items) => [
          ...items,
          { id, name: file.name, progress: 0, state: 'error', error: tooBig },
        ]);
        removeLater(id, UPLOAD_ERROR_CLEAR_MS);
        continue;
      }
      setUploads((items) => [...items, { id, name: file.name, progress: 0, state: 'uploading' }]);
      const handle = uploadFile(roomId, file, (fraction) => update(id, { progress: fraction }));
      aborts.current.add(handle.abort);
      handle.promise.then(
        (message) => {
          aborts.current.delete(handle.abort);
          addMessages(queryClient, roomId, [message]);
          void queryClient.invalidateQueries({ queryKey: chatQueryKeys.inbox });
          update(id, { state: 'completed', progress: 1 });
          removeLater(id, UPLOAD_DONE_CLEAR_MS);
        },
        (error: unknown) => {
          aborts.current.delete(handle.abort);
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const message =
            error instanceof ApiError && error.detail ? error.detail : 'Upload failed. Please try again.';
          update(id, { state: 'error', error: message });
          removeLater(id, UPLOAD_ERROR_CLEAR_MS);
        },
      );
    }
  }

  if (room.closedCode === WS_CLOSE.forbidden) return <AccessProblem status={403} />;
  if (room.closedCode === WS_CLOSE.notFound) return <AccessProblem status={404} />;

  const showTemplates =
    access.role === 'buyer' && messagesQuery.isSuccess && messages.length === 0 && room.pending.length === 0;
  const connection =
    room.status === 'reconnecting'
      ? 'Reconnecting…'
      : room.status === 'connecting'
        ? 'Connecting…'
        : undefined;

  return (
    <div className="flex h-[calc(100dvh-2rem)] min-h-[32rem] flex-col bg-slate-50">
      <title>{`${access.team_name} · Team Chat · TeamHire`}</title>
      <ChatHeader title={access.team_name} role={ROLE_LABELS[access.role]} connection={connection} />
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-72 shrink-0 border-r border-slate-200 bg-white lg:block">
          <InboxPanel currentRoomId={roomId} myName={user.data?.username ?? null} />
        </div>
        <section
          aria-label={`Chat with ${access.team_name}`}
          className="flex min-w-0 flex-1 flex-col bg-white"
        >
          {messagesQuery.isError ? (
            <ErrorWithRetry
              className="m-4"
              message={CHAT_TEXTS.loadFailed}
              onRetry={() => void messagesQuery.refetch()}
            />
          ) : messagesQuery.isPending ? (
            <p className="flex-1 px-4 py-4 text-sm text-slate-600">Loading messages…</p>
          ) : (
            <MessageList
              messages={messages}
              pending={room.pending}
              me={me}
              hasEarlier={messagesQuery.hasNextPage}
              loadingEarlier={messagesQuery.isFetchingNextPage}
              onLoadEarlier={() => void messagesQuery.fetchNextPage()}
              empty={
                showTemplates ? (
                  <div className="mx-auto max-w-md py-8 text-center">
                    <p className="text-sm text-slate-600">Start the conversation with a quick message:</p>
                    <ul aria-label="Quick messages" className="mt-3 flex flex-wrap justify-center gap-2">
                      {QUICK_MESSAGES.map((text) => (
                        <li key={text}>
                          <button
                            type="button"
                            className="rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-sm text-indigo-900 hover:bg-indigo-100"
                            onClick={() => {
                              setDraft(text);
                              room.onInput(text);
                              textareaRef.current?.focus();
                            }}
                          >
                            {text}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : (
                  <p className="py-8 text-center text-sm text-slate-600">{CHAT_TEXTS.noMessages}</p>
                )
              }
            />
          )}
          <TypingIndicator names={room.typing.map((person) => person.name)} />
          <UploadItems items={uploads} />
          <Composer
            value={draft}
            textareaRef={textareaRef}
            onChange={(value) => {
              setDraft(value);
              room.onInput(value);
            }}
            onBlur={room.onBlur}
            onSend={(text) => {
              room.send(text);
              setDraft('');
            }}
            onFiles={onFiles}
          />
        </section>
        <div className="hidden w-72 shrink-0 border-l border-slate-200 bg-white xl:block">
          <TeamPanel teamId={access.team_id} />
        </div>
      </div>
    </div>
  );
}

export function TeamChatPage() {
  const { chatRoomId } = useParams();
  const roomId = Number(chatRoomId);
  const valid = Number.isInteger(roomId) && roomId > 0;
  const access = useQuery({ ...chatAccessQueryOptions(roomId), enabled: valid });

  if (!valid) return <AccessProblem status={404} />;
  if (access.isPending) {
    return (
      <div className="flex flex-col">
        <ChatHeader title="Team Chat" />
        <p className="px-4 py-8 text-sm text-slate-600">Loading chat…</p>
      </div>
    );
  }
  if (access.isError) {
    const status = accessStatusOf(access.error);
    if (status) return <AccessProblem status={status} />;
    return (
      <div className="flex flex-col">
        <ChatHeader title="Team Chat" />
        <ErrorWithRetry
          className="m-4"
          message={CHAT_TEXTS.loadFailed}
          onRetry={() => void access.refetch()}
        />
      </div>
    );
  }
  return <ChatRoom key={roomId} roomId={roomId} access={access.data} />;
}
