import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { CHAT_START_FAILED_TEXT } from '../../lib/contract-values';

/**
 * A signed-in person's conversation with a team (created on first contact), opened at
 * /team-chat/{chatRoomId}. Resolves to whether it opened; a failure is told in a toast.
 * The chat code (and the schemas it brings) loads with the first click: the public pages that show a
 * Contact Team button do not pay for it up front.
 */
export function useStartTeamChat(): (teamId: number) => Promise<boolean> {
  const navigate = useNavigate();
  const { showToast } = useToast();
  return useCallback(
    async (teamId) => {
      try {
        const { openTeamChatRoom } = await import('./start-team-chat');
        const outcome = await openTeamChatRoom(teamId);
        if ('failure' in outcome) {
          showToast({ title: outcome.failure, variant: 'error' });
          return false;
        }
        await navigate(`/team-chat/${outcome.chatRoomId}`);
        return true;
      } catch {
        // The chat code could not be loaded (offline, or a new version of the app replaced it).
        showToast({ title: CHAT_START_FAILED_TEXT, variant: 'error' });
        return false;
      }
    },
    [navigate, showToast],
  );
}
