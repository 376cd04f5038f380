import type { Team } from '@teamhire/shared';
import { createContext, useContext } from 'react';

export type ContactTeam = (team: Pick<Team, 'id' | 'name'>) => void;

/**
 * 'Contact Team' (and 'Join Waitlist') wherever a team is shown. Opening the conversation, or the
 * visitor's sign-in chooser, takes the chat and the account screens together: the app provides the
 * action, so that the pages showing a team need neither.
 */
export const ContactTeamContext = createContext<ContactTeam | null>(null);

export function useContactTeam(): ContactTeam {
  const contactTeam = useContext(ContactTeamContext);
  if (!contactTeam) throw new Error('useContactTeam must be used inside <ContactTeamProvider>');
  return contactTeam;
}
