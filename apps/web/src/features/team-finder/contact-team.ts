import type { Team } from '@teamhire/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import type { ReturnState } from '../accounts/return-path';
import { useSignedIn } from '../../lib/use-signed-in';

export const TEAM_CHAT_COMING_SOON = 'Team chat is coming soon';

/**
 * 'Contact Team' and 'Join Waitlist' on every team card. A visitor signs in first and comes back to
 * this page, as the route guards do; the signed-in branch is the one the chat issue replaces with
 * obtaining the chat room and going to /team-chat/{chatRoomId}.
 */
export function useContactTeam(): (team: Pick<Team, 'id' | 'name'>) => void {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const { showToast } = useToast();

  return useCallback(
    (team) => {
      if (!signedIn) {
        const state: ReturnState = { from: { pathname, search, hash } };
        void navigate('/login', { state });
        return;
      }
      showToast({ title: TEAM_CHAT_COMING_SOON, description: `Messaging ${team.name} opens here soon.` });
    },
    [signedIn, navigate, pathname, search, hash, showToast],
  );
}
