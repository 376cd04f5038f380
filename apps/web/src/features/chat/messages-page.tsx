import { CHAT_TEXTS } from '@teamhire/shared';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { PageShell } from '../../components/ui/page-shell';
import { useCurrentUser } from '../../lib/queries/get-current-user';
import { inboxQueryOptions } from './chat-api';
import { inboxErrorText } from './chat-format';
import { RoomSummary } from './components/room-summary';

/** A buyer is pointed at teams, the team side waits for buyers. */
export const INBOX_EMPTY_TEXTS = {
  buyer: 'Find a team and press Contact Team to start a conversation.',
  other: 'When a buyer contacts one of your teams, the conversation will appear here.',
} as const;

/** `/messages`: every conversation of the signed-in user, newest first, with unread counts. */
export function MessagesPage() {
  const user = useCurrentUser();
  const inbox = useQuery(inboxQueryOptions());
  const isBuyer = user.data?.role === 'BUYER';

  return (
    <PageShell title="Messages" description="Your conversations with teams and buyers.">
      {inbox.isPending ? <p className="text-sm text-slate-600">Loading messages…</p> : null}
      {inbox.isError ? (
        <ErrorWithRetry message={inboxErrorText(inbox.error)} onRetry={() => void inbox.refetch()} />
      ) : null}
      {inbox.data?.length === 0 ? (
        <EmptyState
          icon={MessageSquare}
          titleAs="h2"
          title={CHAT_TEXTS.noMessages}
          text={isBuyer ? INBOX_EMPTY_TEXTS.buyer : INBOX_EMPTY_TEXTS.other}
        >
          {isBuyer ? (
            <Link to="/teams" className={buttonClassName('primary', 'md', 'mt-5')}>
              Find Teams
            </Link>
          ) : null}
        </EmptyState>
      ) : null}
      {inbox.data && inbox.data.length > 0 ? (
        <ul
          aria-label="Conversations"
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        >
          {inbox.data.map((room) => (
            <li key={room.chat_room_id}>
              <Link
                to={`/team-chat/${room.chat_room_id}`}
                className="flex px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
              >
                <RoomSummary room={room} myName={user.data?.username ?? null} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </PageShell>
  );
}
