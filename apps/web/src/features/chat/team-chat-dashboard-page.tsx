import { CHAT_TEXTS, OFFER_TEXTS, type ChatRoomSummary, type OfferSummary } from '@teamhire/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare, RefreshCw, ShieldAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { OFFER_STATE_BADGES, StatusBadge } from '../../components/ui/status-badge';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { ApiError } from '../../lib/api-client';
import { formatMoney, formatRelativeTime } from '../../lib/format';
import { teamQueryOptions } from '../../lib/queries/get-team';
import { teamChatRoomsQueryOptions } from './chat-api';
import { Avatar } from './components/avatar';
import { UnreadBadge } from './components/room-summary';

const STATUS_BADGES: Record<ChatRoomSummary['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' },
  archived: { label: 'Archived', className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
};

export function teamChatStats(rooms: readonly ChatRoomSummary[]) {
  return {
    total: rooms.length,
    unread: rooms.filter((room) => room.unread_count > 0).length,
    active: rooms.filter((room) => room.status === 'active').length,
  };
}

function TeamChatsDenied() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>Access Denied · TeamHire</title>
      <div className="max-w-md text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{CHAT_TEXTS.teamDashboardDenied}</h1>
        <p className="mt-2 text-slate-600">{CHAT_TEXTS.teamDashboardNoPermission}</p>
        <p className="mt-1 text-sm text-slate-600">{CHAT_TEXTS.teamDashboardHint}</p>
        <Link to="/dashboard" className={buttonClassName('primary', 'md', 'mt-6')}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}

/** The conversation's latest custom offer and where it stands. */
function LatestOffer({ offer }: { offer: OfferSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
      <span className="sr-only">Latest offer:</span>
      <span className="text-xs font-semibold text-indigo-700">{OFFER_TEXTS.customOffer}</span>
      <span className="min-w-0 flex-1 truncate text-slate-900">{offer.title}</span>
      <span className="font-medium text-slate-900">{formatMoney(offer.price)}</span>
      <StatusBadge status={offer.state} badges={OFFER_STATE_BADGES} />
    </div>
  );
}

function ConversationCard({ room }: { room: ChatRoomSummary }) {
  const badge = STATUS_BADGES[room.status];
  const when = room.last_message_at ?? room.created_at;
  return (
    <article
      aria-label={room.buyer_name}
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar name={room.buyer_name} src={room.profile_picture_url} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">{room.buyer_name}</h2>
          {room.service_package ? (
            <p className="truncate text-xs text-slate-600">{room.service_package.name}</p>
          ) : null}
        </div>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge.className}`}
        >
          {badge.label}
        </span>
      </div>
      <p className="line-clamp-2 flex-1 text-sm text-slate-700">
        {room.last_message_text ?? CHAT_TEXTS.noMessages}
      </p>
      {room.latest_offer ? <LatestOffer offer={room.latest_offer} /> : null}
      <div className="flex items-center justify-between gap-2">
        <time className="text-xs text-slate-600" dateTime={when}>
          {formatRelativeTime(when)}
        </time>
        <div className="flex items-center gap-2">
          <UnreadBadge count={room.unread_count} />
          <Link
            to={`/team-chat/${room.chat_room_id}`}
            className={buttonClassName('primary', 'sm')}
            aria-label={`Reply to ${room.buyer_name}`}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Reply
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * `/team-chat-dashboard/{teamId}`, the team's conversations for its admin and members
 * (the server decides), refreshed every 10 s.
 */
export function TeamChatDashboardPage() {
  const teamId = Number(useParams().teamId);
  const valid = Number.isInteger(teamId) && teamId > 0;
  const rooms = useQuery({ ...teamChatRoomsQueryOptions(teamId), enabled: valid });
  const team = useQuery({ ...teamQueryOptions(teamId), enabled: valid && rooms.isSuccess });

  const refused = !valid || (rooms.error instanceof ApiError && [401, 403, 404].includes(rooms.error.status));
  if (refused) return <TeamChatsDenied />;

  const stats = rooms.data ? teamChatStats(rooms.data) : null;
  const title = team.data ? `${team.data.name} · Team Chats` : 'Team Chats';

  return (
    <div className="bg-slate-50">
      <title>{`${title} · TeamHire`}</title>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to="/dashboard"
            className="-ml-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Dashboard
          </Link>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void rooms.refetch()}
            disabled={rooms.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={`size-4 ${rooms.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
            />
            Refresh
          </Button>
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">Conversations between buyers and your team.</p>

        {stats ? (
          <dl aria-label="Conversation statistics" className="mt-6 grid grid-cols-3 gap-4">
            {(
              [
                ['Total Conversations', stats.total],
                ['Unread', stats.unread],
                ['Active', stats.active],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}

        <div className="mt-8">
          {rooms.isPending ? <p className="text-sm text-slate-600">Loading conversations…</p> : null}
          {rooms.isError ? (
            <ErrorWithRetry message={CHAT_TEXTS.loadFailed} onRetry={() => void rooms.refetch()} />
          ) : null}
          {rooms.data?.length === 0 ? (
            <EmptyState
              icon={MessageSquare}
              titleAs="h2"
              title="No conversations yet"
              text="When a buyer contacts your team, the conversation will appear here."
            >
              <Link to="/teams/manage" className={buttonClassName('secondary', 'md', 'mt-5')}>
                Manage Team Settings
              </Link>
            </EmptyState>
          ) : null}
          {rooms.data && rooms.data.length > 0 ? (
            <ul aria-label="Conversations" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {rooms.data.map((room) => (
                <li key={room.chat_room_id}>
                  <ConversationCard room={room} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}
