import type { ChatRoomSummary } from '@teamhire/shared';
import { formatRelativeTime } from '../../../lib/format';
import { formatUnreadCount, roomTitle } from '../chat-format';
import { Avatar } from './avatar';

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
      {formatUnreadCount(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** One conversation in the inbox page and the bell: who, the last words, when (relative), unread. */
export function RoomSummary({ room, myName }: { room: ChatRoomSummary; myName: string | null }) {
  const title = roomTitle(room, myName);
  const when = room.last_message_at ?? room.created_at;
  return (
    <span className="flex w-full items-start gap-3">
      <Avatar name={title} src={room.profile_picture_url} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-medium text-slate-900">{title}</span>
          <time className="shrink-0 text-xs text-slate-600" dateTime={when}>
            {formatRelativeTime(when)}
          </time>
        </span>
        {room.service_package ? (
          <span className="truncate text-xs text-slate-600">{room.service_package.name}</span>
        ) : null}
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm text-slate-600">
            {room.last_message_text ?? 'No messages yet'}
          </span>
          <UnreadBadge count={room.unread_count} />
        </span>
      </span>
    </span>
  );
}
