import { TEAM_TEXTS, type Navigation, type User } from '@teamhire/shared';

export type TeamScreen = 'team-admin' | 'seller' | 'denied';

/** The two paths that share the two screens, since old links use either. */
export type TeamScreenPath = 'manage' | 'my-teams';

/** The server's flag picks the admin screen, the SELLER role the seller screen; the path does not. */
export function chooseTeamScreen(
  flags: Pick<Navigation, 'can_manage_team'>,
  user: Pick<User, 'role'>,
): TeamScreen {
  if (flags.can_manage_team) return 'team-admin';
  if (user.role === 'SELLER') return 'seller';
  return 'denied';
}

/** The refusal names the screen that the path leads to in the navigation. */
export const TEAM_SCREEN_DENIED_TEXTS: Record<TeamScreenPath, string> = {
  'my-teams': TEAM_TEXTS.adminOnlyScreen,
  manage: TEAM_TEXTS.sellerOnlyScreen,
};
