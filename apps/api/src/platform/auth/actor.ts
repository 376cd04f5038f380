import type { UserRole } from '@teamhire/shared';

/** The signed-in user a request acts for, read afresh from the database on every request. */
export interface Actor {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  isSuperuser: boolean;
  isVerified: boolean;
  sessionId: string;
}

/** General admins (and superusers) keep the marketplace: verification, disputes, refunds, finance. */
export const isGeneralAdmin = (actor: Actor) => actor.isSuperuser || actor.role === 'GENERAL_ADMIN';
