import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useStartTeamChat } from '../../features/chat/use-start-team-chat';
import { ContactTeamContext, type ContactTeam } from '../../lib/contact-team';
import { requestContact } from '../../lib/contact-request';
import { hasSession } from '../../lib/auth-tokens';

/**
 * A signed-in user gets the conversation with the team (created on first contact) at
 * /team-chat/{chatRoomId}; a visitor gets the chooser: sign in, create an account, or chat as a guest.
 *
 * The session is read at the click, not rendered: the context's value then stays the same when a
 * pre-rendered page (drawn for a visitor) finds a stored session as the app takes it over. A new value
 * then would reach every part of the page not yet taken over, and React would take them all over at
 * once, in one long task, instead of part by part.
 */
function useContactTeamFlow(): ContactTeam {
  const startTeamChat = useStartTeamChat();

  return useCallback(
    (team) => {
      if (!hasSession()) {
        requestContact({ id: team.id, name: team.name });
        return;
      }
      void startTeamChat(team.id);
    },
    [startTeamChat],
  );
}

/** Goes inside the router: starting a chat navigates to it. */
export function ContactTeamProvider({ children }: { children: ReactNode }) {
  return <ContactTeamContext value={useContactTeamFlow()}>{children}</ContactTeamContext>;
}
