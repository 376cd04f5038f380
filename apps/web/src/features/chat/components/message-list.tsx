import type { ChatMessage } from '@teamhire/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { OutboxItem } from '../../../lib/realtime-client';
import { formatMessageTime } from '../chat-format';
import { AuthedImage, DownloadButton, FileAttachment } from './authed-file';

function MessageBody({ message }: { message: ChatMessage }) {
  if (message.message_type === 'image' && message.file_url) {
    const name = message.file_name ?? 'image';
    return (
      <div className="flex flex-col gap-2">
        <AuthedImage path={message.thumbnail_url ?? message.file_url} alt={name} />
        <div className="flex items-center justify-between gap-2">
          <span className="truncate text-xs">{name}</span>
          <DownloadButton message={message} />
        </div>
      </div>
    );
  }
  if (message.message_type === 'file' && message.file_url) return <FileAttachment message={message} />;
  return <p className="text-sm break-words whitespace-pre-wrap">{message.message_text}</p>;
}

export function MessageList({
  messages,
  pending,
  me,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  empty,
  renderMessage,
}: {
  messages: readonly ChatMessage[];
  pending: readonly OutboxItem[];
  me: string | null;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  empty?: React.ReactNode;
  /** The app's drawing of a message the chat cannot draw (an offer card); undefined for the rest. */
  renderMessage?: (message: ChatMessage) => ReactNode;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const pendingCount = pending.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, pendingCount]);

  const stored = new Set(messages.map((message) => message.client_message_id));
  const waiting = pending.filter((item) => !stored.has(item.clientMessageId));

  return (
    <div className="flex-1 overflow-y-auto px-4 py-4" tabIndex={0} aria-label="Conversation">
      {hasEarlier ? (
        <div className="mb-4 flex justify-center">
          <Button size="sm" variant="secondary" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? 'Loading…' : 'Load earlier messages'}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 && waiting.length === 0 ? empty : null}
      {/* The log role goes on a wrapper: on the list itself it would take away the list's meaning. */}
      <div role="log" aria-live="polite" aria-label="Messages">
        <ol className="flex flex-col gap-3">
          {messages.map((message) => {
            const own = message.sender_id === me;
            const custom = renderMessage?.(message);
            return (
              <li key={message.id} className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
                {custom === undefined ? (
                  <div
                    className={`max-w-[80%] rounded-2xl px-4 py-2 ${
                      own ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-900'
                    }`}
                  >
                    <MessageBody message={message} />
                  </div>
                ) : (
                  <div className="w-full max-w-md min-w-0">{custom}</div>
                )}
                <p className="mt-1 text-xs text-slate-600">
                  <span className="font-medium">{own ? 'You' : message.sender_name}</span>
                  {' · '}
                  <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
                </p>
              </li>
            );
          })}
          {waiting.map((item) => (
            <li key={item.clientMessageId} className="flex flex-col items-end">
              <div className="max-w-[80%] rounded-2xl bg-indigo-100 px-4 py-2 text-indigo-950">
                <p className="text-sm break-words whitespace-pre-wrap">{item.text}</p>
              </div>
              <p className="mt-1 text-xs text-slate-600">Sending…</p>
            </li>
          ))}
        </ol>
      </div>
      <div ref={endRef} />
    </div>
  );
}
