import type { Navigation, User } from '@teamhire/shared';

export interface WorkspaceLink {
  label: string;
  to: string;
}

export const VERIFICATION_PATH = '/verification';
const MESSAGES_PATH = '/messages';

/**
 * The app's main places, in the first row of a signed-in user's header where a visitor has the landing
 * sections: a signed-in user goes to work, not to the landing page.
 */
export function buildPrimaryLinks(
  user: Pick<User, 'role'>,
  flags: Pick<Navigation, 'can_view_orders' | 'can_manage_team'>,
): WorkspaceLink[] {
  const links: WorkspaceLink[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Services', to: '/services' },
  ];
  if (flags.can_view_orders) links.push({ label: 'Orders', to: '/orders' });
  if (showsMessageBell(user, flags)) links.push({ label: 'Messages', to: MESSAGES_PATH });
  return links;
}

/**
 * The pages of the user's own role, from the server's flags (the server alone knows the permissions), in a
 * fixed order; the header's second row. Services and Orders are primary links (buildPrimaryLinks).
 */
export function buildWorkspaceLinks(
  user: Pick<User, 'role' | 'is_superuser'>,
  flags: Navigation,
): WorkspaceLink[] {
  const links: WorkspaceLink[] = [];
  if (flags.can_create_team) links.push({ label: 'Create Team', to: '/teams/create' });
  if (flags.can_manage_team) {
    links.push({ label: 'My Teams', to: '/teams/my-teams' });
    links.push({ label: 'Manage Packages', to: '/services/manage-packages' });
  }
  if (flags.can_apply_to_teams) links.push({ label: 'Browse Teams', to: '/teams/browse' });
  if (user.role === 'SELLER') links.push({ label: 'Manage Teams', to: '/teams/manage' });
  if (flags.can_create_service_packages) links.push({ label: 'Create Service', to: '/services/create' });
  if (user.role === 'SELLER' || user.role === 'TEAM_ADMIN')
    links.push({ label: 'Earnings', to: '/earnings' });
  if (user.role === 'GENERAL_ADMIN' || user.is_superuser) {
    links.push({ label: 'Admin Panel', to: '/admin/verifications' });
    links.push({ label: 'Disputes', to: '/admin/disputes' });
    links.push({ label: 'Finance', to: '/admin/finance' });
  } else {
    // Everyone else may ask for a role upgrade and follow the request in the Verification centre.
    links.push({ label: 'Verification', to: VERIFICATION_PATH });
  }
  return links;
}

/**
 * The badge is about role verification, not the email address; null when there is nothing to ask of the user.
 */
export function verificationBadgeText(
  flags: Pick<Navigation, 'requires_verification' | 'is_verified' | 'verification_status'>,
): string | null {
  if (!flags.requires_verification || flags.is_verified) return null;
  if (flags.verification_status === 'pending') return 'Verification Pending';
  if (flags.verification_status === 'rejected') return 'Verification Rejected';
  return 'Verification Required';
}

/** The message bell and its unread count, for every signed-in user. */
export function showsMessageBell(
  user: Pick<User, 'role'>,
  flags: Pick<Navigation, 'can_manage_team'>,
): boolean {
  return (
    user.role === 'SELLER' || user.role === 'TEAM_ADMIN' || user.role === 'BUYER' || flags.can_manage_team
  );
}
