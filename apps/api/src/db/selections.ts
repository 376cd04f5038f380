import { teams } from './schema/index';

/**
 * The columns of a team shown beside what it sells (a package, an order), in this order: the
 * package list maps its rows by position.
 */
export const teamSummaryColumns = {
  id: teams.id,
  name: teams.name,
  description: teams.description,
  memberCount: teams.memberCount,
  maxMembers: teams.maxMembers,
  isActive: teams.isActive,
  createdAt: teams.createdAt,
  adminId: teams.adminId,
};

/** A row of teamSummaryColumns; `Time` is how its created_at arrives (a Date, or already ISO text). */
export interface TeamSummaryRow<Time = Date> {
  id: number;
  name: string;
  description: string | null;
  memberCount: number;
  maxMembers: number;
  isActive: boolean;
  createdAt: Time;
  adminId: number;
}
