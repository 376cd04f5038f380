import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import type { ChatExtensions } from './chat-extensions';
import { ChatRoom } from './components/chat-room';
import {
  adoptGuestToken,
  clearGuestSession,
  guestDashboardPath,
  readGuestSession,
  type GuestSession,
} from '../../lib/guest-session';
import { ChatAccessGate, useRoomIdParam, type AccessStatus } from './team-chat-page';

export const GUEST_SESSION_EXPIRED =
  'Your guest session has expired. Guest chats last 7 days: start a new chat, or sign in if you upgraded to an account.';

/** A guest whose 7 days are over (or who has since upgraded): a clear way to start again. */
export function GuestSessionEnded({ forget = false }: { forget?: boolean }) {
  // The server no longer knows this session: nothing stored is of use any more.
  useEffect(() => {
    if (forget) clearGuestSession();
  }, [forget]);
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>Guest Session Expired · TeamHire</title>
      <div className="max-w-md text-center">
        <Clock aria-hidden="true" className="mx-auto size-12 text-amber-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Guest Session Expired</h1>
        <p className="mt-2 text-slate-600">{GUEST_SESSION_EXPIRED}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/teams" className={buttonClassName('primary')}>
            Start a New Chat
          </Link>
          <Link to="/login" className={buttonClassName('secondary')}>
            Sign In
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Reads `?guest_token=` once and keeps it as the stored guest session. */
export function useGuestSessionFromAddress(roomId: number | null): GuestSession | null {
  const [searchParams] = useSearchParams();
  const [session] = useState<GuestSession | null>(() => {
    const token = searchParams.get('guest_token');
    return token ? adoptGuestToken(token, roomId) : readGuestSession();
  });
  return session;
}

/** `/chat/{chatRoomId}?guest_token=...`: a guest's conversation with a team. */
export function GuestChatPage({ extensions }: { extensions?: ChatExtensions } = {}) {
  const roomId = useRoomIdParam();
  const session = useGuestSessionFromAddress(roomId);
  const name = session?.name ?? 'Guest';
  const back =
    session && roomId !== null
      ? { to: guestDashboardPath(roomId, session.token), label: 'Guest Dashboard' }
      : { to: '/', label: 'Back to Home' };

  if (!session) return <GuestSessionEnded />;
  return (
    <ChatAccessGate
      roomId={roomId}
      back={back}
      denied={(status: AccessStatus) => {
        return status === 401 ? <GuestSessionEnded forget /> : null;
      }}
    >
      {(access) => (
        <ChatRoom
          key={access.chat_room_id}
          roomId={access.chat_room_id}
          access={access}
          me={session.tempUserId ?? (session.guestUserId ? `guest:${session.guestUserId}` : null)}
          myName={name}
          subtitle={`Chatting as ${name}`}
          back={back}
          showInbox={false}
          extensions={extensions}
        />
      )}
    </ChatAccessGate>
  );
}
