import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useStartTeamChat } from '../../features/chat/use-start-team-chat';
import { ContactTeamContext, type ContactTeam } from '../../lib/contact-team';
import { requestContact } from '../../lib/contact-request';
import { useSignedIn } from '../../lib/use-signed-in';

/**
 * A signed-in user gets the conversation with the team (created on first contact) at
 * /team-chat/{chatRoomId}; a visitor gets the chooser: sign in, create an account, or chat as a guest.
 */
export function useContactTeamFlow(): ContactTeam {
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

/** Goes inside the router: starting a chat navigates to it. */
export function ContactTeamProvider({ children }: { children: ReactNode }) {
  return <ContactTeamContext value={useContactTeamFlow()}>{children}</ContactTeamContext>;
}
