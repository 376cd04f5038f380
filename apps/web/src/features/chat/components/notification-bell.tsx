import { INBOX_WIDGET_ROOMS, UNREAD_POLL_MS } from '@teamhire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, RotateCcw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { renewAccessToken } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-tokens';
import { RealtimeClient } from '../../../lib/realtime-client';
import { chatQueryKeys, inboxQueryOptions } from '../chat-api';
import { formatUnreadCount } from '../chat-format';
import { RoomSummary } from './room-summary';

export const NOTIFICATIONS_FAILED = 'Failed to load notifications';

/**
 * The user's own socket says when an inbox changed (a message, a read marker); the 30 s
 * poll is the fallback for when the socket cannot be kept open.
 */
function useLiveInbox() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.inbox });
    const client = new RealtimeClient({
      path: '/ws/user',
      getToken: getAccessToken,
      renewToken: renewAccessToken,
      onReconnected: refresh,
      handlers: { inbox_changed: refresh },
    });
    client.connect();
    return () => client.disconnect();
  }, [queryClient]);
}

/**
 * The header's bell: the unread total, and the first five conversations one click away. What else
 * the bell tells of (the order notifications) comes from outside the chat: its section, shown above
 * the messages, and its unread count, added to the badge.
 */
export function NotificationBell({
  myName,
  otherSection = null,
  otherUnread = 0,
}: {
  myName: string | null;
  otherSection?: ReactNode;
  otherUnread?: number;
}) {
  useLiveInbox();
  const inbox = useQuery({ ...inboxQueryOptions(), refetchInterval: UNREAD_POLL_MS });
  const unreadMessages = inbox.data?.reduce((total, room) => total + room.unread_count, 0) ?? 0;
  const unread = unreadMessages + otherUnread;
  const rooms = inbox.data?.slice(0, INBOX_WIDGET_ROOMS) ?? [];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {formatUnreadCount(unread)}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-[80vh] w-80 overflow-y-auto">
        {otherSection ? (
          <>
            {otherSection}
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuLabel className="text-sm font-semibold text-slate-900">Messages</DropdownMenuLabel>
        {inbox.isPending ? <p className="px-3 py-2 text-sm text-slate-600">Loading…</p> : null}
        {inbox.isError ? (
          <>
            <p role="alert" className="px-3 py-2 text-sm text-red-700">
              {NOTIFICATIONS_FAILED}
            </p>
            <DropdownMenuItem
              onSelect={(event) => {
                // Stay open to show what the retry brings.
                event.preventDefault();
                void inbox.refetch();
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Retry
            </DropdownMenuItem>
          </>
        ) : null}
        {inbox.data?.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-600">No messages yet</p>
        ) : null}
        {rooms.map((room) => (
          <DropdownMenuItem key={room.chat_room_id} asChild>
            <Link to={`/team-chat/${room.chat_room_id}`}>
              <RoomSummary room={room} myName={myName} />
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="justify-center text-indigo-800">
          <Link to="/messages">View All Messages</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
