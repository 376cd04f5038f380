import type { User, UserRole } from '@teamhire/shared';

export const ROLE_LABELS: Record<UserRole, string> = {
  USER: 'User',
  BUYER: 'Buyer',
  SELLER: 'Seller',
  TEAM_ADMIN: 'Team Admin',
  GENERAL_ADMIN: 'General Admin',
};

/** The superuser flag bypasses every role requirement. */
export function hasAnyRole(user: Pick<User, 'role' | 'is_superuser'>, roles: readonly UserRole[]): boolean {
  return user.is_superuser || roles.includes(user.role);
}

/** The check mark is about role verification, not about the email address. */
export function isVerifiedTeamAdmin(user: Pick<User, 'role' | 'is_verified'>): boolean {
  return user.role === 'TEAM_ADMIN' && user.is_verified;
}
