import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { inboxQueryOptions } from '../chat-api';
import { formatChatListTime, formatUnreadCount, inboxErrorText, roomTitle } from '../chat-format';
import { CHAT_TEXTS } from '@teamhire/shared';

export function InboxPanel({ currentRoomId, myName }: { currentRoomId: number; myName: string | null }) {
  const inbox = useQuery(inboxQueryOptions());
  return (
    <nav aria-label="Conversations" className="flex h-full flex-col">
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">Messages</h2>
      {inbox.isPending ? <p className="px-4 py-3 text-sm text-slate-600">Loading conversations…</p> : null}
      {inbox.isError ? (
        <ErrorWithRetry
          className="m-3"
          message={inboxErrorText(inbox.error)}
          onRetry={() => void inbox.refetch()}
        />
      ) : null}
      {inbox.data?.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">{CHAT_TEXTS.noMessages}</p>
      ) : null}
      <ul className="flex-1 overflow-y-auto">
        {inbox.data?.map((room) => {
          const current = room.chat_room_id === currentRoomId;
          const title = roomTitle(room, myName);
          const unread = formatUnreadCount(room.unread_count);
          return (
            <li key={room.chat_room_id}>
              <Link
                to={`/team-chat/${room.chat_room_id}`}
                aria-current={current ? 'page' : undefined}
                className={`flex flex-col gap-0.5 border-b border-slate-100 px-4 py-3 text-sm hover:bg-slate-50 ${
                  current ? 'bg-indigo-50' : ''
                }`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium text-slate-900">{title}</span>
                  {room.last_message_at ? (
                    <time className="shrink-0 text-xs text-slate-600" dateTime={room.last_message_at}>
                      {formatChatListTime(room.last_message_at)}
                    </time>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-slate-600">
                    {room.last_message_text ?? 'No messages yet'}
                  </span>
                  {room.unread_count > 0 && !current ? (
                    <span className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
