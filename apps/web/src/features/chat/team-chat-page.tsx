import { CHAT_TEXTS, type ChatAccess } from '@teamhire/shared';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { ApiError } from '../../lib/api-client';
import { useSignedIn } from '../../lib/use-signed-in';
import { currentUserQueryOptions } from '../../lib/queries/get-current-user';
import { chatAccessQueryOptions } from './chat-api';
import { AccessProblem } from './components/access-problem';
import type { ChatExtensions } from './chat-extensions';
import { ChatHeader, ChatRoom, type BackLink } from './components/chat-room';

const ACCESS_STATUSES = [401, 403, 404] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

function accessStatusOf(error: unknown): AccessStatus | null {
  if (!(error instanceof ApiError)) return null;
  return (ACCESS_STATUSES as readonly number[]).includes(error.status)
    ? (error.status as AccessStatus)
    : null;
}

/** The room id of the address, or null when it is not one. */
export function useRoomIdParam(): number | null {
  const { chatRoomId } = useParams();
  const roomId = Number(chatRoomId);
  return Number.isInteger(roomId) && roomId > 0 ? roomId : null;
}

/**
 * Loads the caller's access to a room and shows the loading, refusal and failure states; the room
 * itself is drawn by `children` once access is known.
 */
export function ChatAccessGate({
  roomId,
  back,
  denied,
  children,
}: {
  roomId: number | null;
  back?: BackLink;
  /** Replaces the standard view for a refusal (the guest page explains an expired session). */
  denied?: (status: AccessStatus) => ReactNode;
  children: (access: ChatAccess) => ReactNode;
}) {
  const access = useQuery({ ...chatAccessQueryOptions(roomId ?? 0), enabled: roomId !== null });
  if (roomId === null) return <AccessProblem status={404} />;
  if (access.isPending) {
    return (
      <div className="flex flex-col">
        <ChatHeader title="Team Chat" back={back} />
        <p className="px-4 py-8 text-sm text-slate-600">Loading chat…</p>
      </div>
    );
  }
  if (access.isError) {
    const status = accessStatusOf(access.error);
    if (status) return denied?.(status) ?? <AccessProblem status={status} />;
    return (
      <div className="flex flex-col">
        <ChatHeader title="Team Chat" back={back} />
        <ErrorWithRetry
          className="m-4"
          message={CHAT_TEXTS.loadFailed}
          onRetry={() => void access.refetch()}
        />
      </div>
    );
  }
  return children(access.data);
}

export function TeamChatPage({ extensions }: { extensions?: ChatExtensions } = {}) {
  const roomId = useRoomIdParam();
  // A visitor is not sent away: the server's 401 shows 'Please log in to access team chats.'.
  const signedIn = useSignedIn();
  const user = useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
  return (
    <ChatAccessGate roomId={roomId}>
      {(access) => (
        <ChatRoom
          key={access.chat_room_id}
          roomId={access.chat_room_id}
          access={access}
          me={user.data ? `user:${user.data.id}` : null}
          myName={user.data?.username ?? null}
          extensions={extensions}
        />
      )}
    </ChatAccessGate>
  );
}
