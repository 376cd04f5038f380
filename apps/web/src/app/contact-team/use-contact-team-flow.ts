import type { Team } from '@teamhire/shared';
import { useCallback } from 'react';
import { useSignedIn } from '../../lib/use-signed-in';
import { requestContact } from '../../lib/contact-request';
import { useStartTeamChat } from '../../features/chat/use-start-team-chat';

/**
 * 'Contact Team' (and 'Join Waitlist') wherever a team is shown. A signed-in user gets the
 * conversation with the team (created on first contact) at /team-chat/{chatRoomId}; a visitor gets
 * the chooser of part 2 §2: sign in, create an account, or chat as a guest.
 */
export function useContactTeam(): (team: Pick<Team, 'id' | 'name'>) => void {
  const signedIn = useSignedIn();
  const startTeamChat = useStartTeamChat();

  return useCallback(
    (team) => {
      if (!signedIn) {
        requestContact({ id: team.id, name: team.name });
        return;
      }
      void startTeamChat(team.id);
    },
    [signedIn, startTeamChat],
  );
}
