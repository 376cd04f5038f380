import type { Navigation } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { findAccount } from '../accounts/accounts.service';

/** The flags the web app builds its links from; the server still checks every call. */
export async function navigationFor(db: Database, actor: Actor): Promise<Navigation> {
  const found = await findAccount(db, actor.id);
  if (!found) throw new AppError('unauthorized', 'Not authenticated');
  const { role, isSuperuser, isVerified } = found.user;
  const status = found.verificationStatus;
  const everything = isSuperuser || role === 'GENERAL_ADMIN';
  const verifiedTeamAdmin = role === 'TEAM_ADMIN' && isVerified;
  return {
    can_create_team: everything || verifiedTeamAdmin,
    can_create_service_packages: everything || verifiedTeamAdmin,
    can_manage_team: everything || role === 'TEAM_ADMIN',
    can_apply_to_teams: everything || role === 'SELLER',
    can_purchase_services: everything || role === 'BUYER' || role === 'USER',
    can_view_orders: everything || role === 'BUYER' || role === 'SELLER' || role === 'TEAM_ADMIN',
    can_review_verifications: everything,
    requires_verification:
      !everything &&
      ((role === 'TEAM_ADMIN' && !isVerified) || status === 'pending' || status === 'rejected'),
    is_verified: isVerified,
    verification_status: status,
  };
}
