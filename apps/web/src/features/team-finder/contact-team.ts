import { CHAT_TEXTS, type Team } from '@teamhire/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import type { ReturnState } from '../accounts/return-path';
import { apiRequest, ApiError } from '../../lib/api-client';
import { useSignedIn } from '../../lib/use-signed-in';

/** The server's own words for a refusal that means something (409: 'You are part of this team...'). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.detail) return error.detail;
  return CHAT_TEXTS.startFailed;
}

/**
 * 'Contact Team' and 'Join Waitlist' on every team card. A signed-in user gets the conversation with
 * the team (created on first contact) and goes to /team-chat/{chatRoomId}; a visitor signs in first
 * and comes back to this page, as the route guards do.
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
      apiRequest<{ chat_room_id: number }>('/api/chat-rooms/get-or-create', {
        method: 'POST',
        body: { team_id: team.id },
      }).then(
        ({ chat_room_id }) => navigate(`/team-chat/${chat_room_id}`),
        (error: unknown) => showToast({ title: failureText(error), variant: 'error' }),
      );
    },
    [signedIn, navigate, pathname, search, hash, showToast],
  );
}
