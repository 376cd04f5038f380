import { CHAT_TEXTS, WS_CLOSE, type ChatAccess, type ChatMessage } from '@teamhire/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { mergeById } from '../../../lib/realtime-client';
import type { ChatExtensions } from '../chat-extensions';
import { chatQueryKeys, markRoomRead, messagesQueryOptions, oversizeMessage, uploadFile } from '../chat-api';
import { QUICK_MESSAGES, ROLE_LABELS } from '../chat-format';
import { addMessages, useChatRoom } from '../use-chat-room';
import { AccessProblem } from './access-problem';
import { Composer } from './composer';
import { InboxPanel } from './inbox-panel';
import { MessageList } from './message-list';
import { TeamPanel } from './team-panel';
import { UploadItems, type UploadItem } from './upload-items';

/** A finished upload leaves after 3 s, a failed one after 5 s, so its error can still be read. */
export const UPLOAD_DONE_CLEAR_MS = 3000;
export const UPLOAD_ERROR_CLEAR_MS = 5000;

export interface BackLink {
  to: string;
  label: string;
}

export const DASHBOARD_BACK_LINK: BackLink = { to: '/dashboard', label: 'Back to Dashboard' };

export function ChatHeader({
  title,
  role,
  connection,
  subtitle,
  back = DASHBOARD_BACK_LINK,
  titleTo,
}: {
  title: string;
  /** Where the title links to: the team's page when the title is the team's name. */
  titleTo?: string;
  role?: string;
  connection?: string;
  subtitle?: ReactNode;
  back?: BackLink;
}) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold text-slate-900">
          {titleTo ? (
            <Link to={titleTo} className="underline-offset-2 hover:text-indigo-700 hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h1>
        {subtitle ? <p className="truncate text-sm text-slate-600">{subtitle}</p> : null}
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

/**
 * One conversation: messages, composer, uploads, typing, the team panel, and (for signed-in people)
 * the inbox. `me` is the sender id of the viewer (`user:{id}` or `guest:{id}`).
 */
export function ChatRoom({
  roomId,
  access,
  me,
  myName,
  subtitle,
  back,
  showInbox = true,
  extensions,
}: {
  roomId: number;
  access: ChatAccess;
  me: string | null;
  myName: string | null;
  subtitle?: ReactNode;
  back?: BackLink;
  showInbox?: boolean;
  extensions?: ChatExtensions;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
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
  const messagesQuery = useInfiniteQuery(messagesQueryOptions(roomId));
  const messages = useMemo<ChatMessage[]>(
    () => mergeById([], messagesQuery.data?.pages.flatMap((page) => page.items) ?? []),
    [messagesQuery.data],
  );
  // A guest who came by a link in another browser is not known by id, but a room has one guest only.
  const viewer =
    me ??
    (access.role === 'guest'
      ? (messages.find((message) => message.sender_role === 'guest')?.sender_id ?? null)
      : null);
  const room = useChatRoom({
    roomId,
    enabled: true,
    me: viewer,
    onSendFailed,
    extensions,
  });
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
    // Guests are buyers without an account: they get the same quick start.
    (access.role === 'buyer' || access.role === 'guest') &&
    messagesQuery.isSuccess &&
    messages.length === 0 &&
    room.pending.length === 0;
  const connection =
    room.status === 'reconnecting'
      ? 'Reconnecting…'
      : room.status === 'connecting'
        ? 'Connecting…'
        : undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-slate-50">
      <title>{`${access.team_name} · Team Chat · TeamHire`}</title>
      <ChatHeader
        title={access.team_name}
        titleTo={`/teams/${access.team_id}`}
        role={ROLE_LABELS[access.role]}
        connection={connection}
        subtitle={subtitle}
        back={back}
      />
      <div className="flex min-h-0 flex-1">
        {showInbox ? (
          <div className="hidden w-72 shrink-0 border-r border-slate-200 bg-white lg:block">
            <InboxPanel currentRoomId={roomId} myName={myName} />
          </div>
        ) : null}
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
              me={viewer}
              hasEarlier={messagesQuery.hasNextPage}
              loadingEarlier={messagesQuery.isFetchingNextPage}
              onLoadEarlier={() => void messagesQuery.fetchNextPage()}
              renderMessage={
                extensions?.renderMessage
                  ? (message) => extensions.renderMessage?.({ message, access, roomId })
                  : undefined
              }
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
            actions={extensions?.composerActions?.({ access, roomId })}
          />
        </section>
        <div className="hidden w-72 shrink-0 border-l border-slate-200 bg-white xl:block">
          <TeamPanel teamId={access.team_id} />
        </div>
      </div>
    </div>
  );
}
