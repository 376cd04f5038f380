import type { User, VerificationRequest } from '@teamhire/shared';

export type TeamAdminApplicationState = 'none' | 'pending' | 'verified' | 'rejected';

/** The card's button label by state, so a pending or approved request is not asked twice. */
export const TEAM_ADMIN_APPLICATION_LABELS: Record<TeamAdminApplicationState, string> = {
  none: 'Apply for Team Admin',
  pending: 'Verification Pending',
  verified: 'Team Admin Verified',
  rejected: 'Apply Again',
};

type ApplicantFields = Pick<User, 'role' | 'is_verified' | 'verification_status'>;

/** Sellers apply here; once a team admin, the card has nothing left to offer and is gone. */
export function showsTeamAdminApplicationCard(user: Pick<User, 'role'>): boolean {
  return user.role === 'SELLER';
}

/** The newest request for the team-admin role (the server lists the newest first). */
export function latestTeamAdminRequest(
  requests: readonly VerificationRequest[] | undefined,
): VerificationRequest | undefined {
  return requests?.find((request) => request.requested_role === 'TEAM_ADMIN');
}

/**
 * From the team-admin requests when they are known: the user's `verification_status` follows the
 * newest request of any role. Until then it is the best guess.
 */
export function teamAdminApplicationState(
  user: ApplicantFields,
  requests: readonly VerificationRequest[] | undefined,
): TeamAdminApplicationState {
  if (user.role === 'TEAM_ADMIN' && user.is_verified) return 'verified';
  if (!requests) {
    // An approved team-admin request would have made the user a team admin: this one was for another role.
    if (user.verification_status === 'approved') return 'none';
    return user.verification_status ?? 'none';
  }
  const status = latestTeamAdminRequest(requests)?.status ?? null;
  if (status === 'approved') return 'verified';
  if (status === 'pending') return 'pending';
  if (status === 'rejected') return 'rejected';
  return 'none';
}

export function canApplyForTeamAdmin(state: TeamAdminApplicationState): boolean {
  return state === 'none' || state === 'rejected';
}
