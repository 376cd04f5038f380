import type { UserRole } from '@teamhire/shared';

/** What each role may do, so that a person knows what they are asking for. */
export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  USER: 'A basic account.',
  BUYER: 'Find teams, buy service packages and track your orders.',
  SELLER: 'Browse teams, apply to join them and work on their projects.',
  TEAM_ADMIN: 'Create and run teams, review join applications and sell service packages.',
  GENERAL_ADMIN: 'Review role-upgrade requests for the whole marketplace.',
};
