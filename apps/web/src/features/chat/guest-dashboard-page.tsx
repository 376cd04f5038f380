import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MessageSquare, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName, Button } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { ConfirmationDialog } from '../../components/ui/confirmation-dialog';
import { inboxQueryOptions } from './chat-api';
import { inboxErrorText } from './chat-format';
import { RoomSummary } from './components/room-summary';
import { GuestSessionEnded } from './guest-chat-page';
import {
  adoptGuestToken,
  clearGuestSession,
  GUEST_UPGRADE_PATH,
  guestChatPath,
  readGuestSession,
} from '../../lib/guest-session';

/** Without a conversation to show, the guest is sent to the first service category to find a team. */
export const GUEST_DASHBOARD_FALLBACK = '/service/1';
export const UPGRADE_PATH = GUEST_UPGRADE_PATH;

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/** `/guest-dashboard?chat_room_id=..&guest_token=..`, a guest's home for 7 days. */
export function GuestDashboardPage() {
  const [searchParams] = useSearchParams();
  const roomId = positiveId(searchParams.get('chat_room_id'));
  const [session] = useState(() => {
    const token = searchParams.get('guest_token');
    if (roomId === null) return null;
    return token ? adoptGuestToken(token, roomId) : readGuestSession();
  });
  if (roomId === null) return <Navigate to={GUEST_DASHBOARD_FALLBACK} replace />;
  if (!session) return <GuestSessionEnded />;
  return (
    <GuestDashboard roomId={roomId} token={session.token} name={session.name} expiresAt={session.expiresAt} />
  );
}

function GuestDashboard({
  roomId,
  token,
  name,
  expiresAt,
}: {
  roomId: number;
  token: string;
  name: string | null;
  expiresAt: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const rooms = useQuery(inboxQueryOptions());

  if (rooms.error instanceof ApiError && rooms.error.status === 401) return <GuestSessionEnded forget />;

  const current = rooms.data?.find((room) => room.chat_room_id === roomId);
  const displayName = name ?? current?.buyer_name ?? 'Guest';

  function endSession() {
    clearGuestSession();
    queryClient.clear();
    void navigate('/', { replace: true });
  }

  return (
    <div className="bg-slate-50">
      <title>Guest Dashboard · TeamHire</title>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Guest Dashboard</h1>
            <p className="mt-1 text-slate-600">{`Chatting as ${displayName}`}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={UPGRADE_PATH} className={buttonClassName('primary')}>
              <UserPlus aria-hidden="true" className="size-4" />
              Upgrade to Full Account
            </Link>
            <Link to="/#services" className={buttonClassName('secondary')}>
              <Search aria-hidden="true" className="size-4" />
              Browse Services
            </Link>
            <Button variant="ghost" onClick={() => setConfirmingEnd(true)}>
              <LogOut aria-hidden="true" className="size-4" />
              End Session
            </Button>
          </div>
        </div>

        <Tabs defaultValue="chat" className="mt-8">
          <TabsList aria-label="Guest dashboard">
            <TabsTrigger value="chat">Chat</TabsTrigger>
            <TabsTrigger value="history">History</TabsTrigger>
            <TabsTrigger value="profile">Profile</TabsTrigger>
          </TabsList>
          <TabsContent value="chat">
            <section className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 className="text-lg font-semibold text-slate-900">
                {current ? `Your chat with ${current.team_name}` : 'Your chat'}
              </h2>
              {rooms.isPending ? <p className="mt-2 text-sm text-slate-600">Loading your chat…</p> : null}
              {current ? (
                <p className="mt-2 text-sm text-slate-700">
                  {current.last_message_text ?? 'No messages yet'}
                </p>
              ) : null}
              <Link to={guestChatPath(roomId, token)} className={buttonClassName('primary', 'md', 'mt-4')}>
                <MessageSquare aria-hidden="true" className="size-4" />
                Open Chat
              </Link>
            </section>
          </TabsContent>
          <TabsContent value="history">
            {rooms.isPending ? <p className="text-sm text-slate-600">Loading conversations…</p> : null}
            {rooms.isError ? (
              <ErrorWithRetry message={inboxErrorText(rooms.error)} onRetry={() => void rooms.refetch()} />
            ) : null}
            {rooms.data?.length === 0 ? <p className="text-sm text-slate-600">No messages yet</p> : null}
            {rooms.data && rooms.data.length > 0 ? (
              <ul
                aria-label="Conversations"
                className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
              >
                {rooms.data.map((room) => (
                  <li key={room.chat_room_id}>
                    <Link
                      to={guestChatPath(room.chat_room_id, token)}
                      className="flex px-4 py-3 hover:bg-slate-50"
                    >
                      <RoomSummary room={room} myName={room.buyer_name} />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </TabsContent>
          <TabsContent value="profile">
            <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-600">Name</dt>
                <dd className="font-medium text-slate-900">{displayName}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Account</dt>
                <dd className="font-medium text-slate-900">Guest (temporary)</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Session ends</dt>
                <dd className="font-medium text-slate-900">
                  {expiresAt ? formatDate(expiresAt) : '7 days after it started'}
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              Upgrade to a full account to keep every conversation after your guest session ends.
            </p>
          </TabsContent>
        </Tabs>
      </div>
      <ConfirmationDialog
        open={confirmingEnd}
        onOpenChange={setConfirmingEnd}
        title="End Session"
        description="Your guest session ends on this device. Without an upgraded account you will not be able to come back to this chat."
        confirmLabel="End Session"
        destructive
        onConfirm={endSession}
      />
    </div>
  );
}
