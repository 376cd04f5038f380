import { CHAT_TEXTS } from '@teamhire/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api-client';
import { getOrCreateRoom } from './chat-api';

/** The server's own words for a refusal that means something (409: 'You are part of this team...'). */
export function startChatFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.detail) return error.detail;
  return CHAT_TEXTS.startFailed;
}

/**
 * A signed-in person's conversation with a team (created on first contact), opened at
 * /team-chat/{chatRoomId}. Resolves to whether it opened; a failure is told in a toast.
 */
export function useStartTeamChat(): (teamId: number) => Promise<boolean> {
  const navigate = useNavigate();
  const { showToast } = useToast();
  return useCallback(
    async (teamId) => {
      try {
        const { chat_room_id } = await getOrCreateRoom(teamId);
        await navigate(`/team-chat/${chat_room_id}`);
        return true;
      } catch (error) {
        showToast({ title: startChatFailureText(error), variant: 'error' });
        return false;
      }
    },
    [navigate, showToast],
  );
}
