import type { Team } from '@teamhire/shared';

export interface ApplyButtonState {
  label: 'Apply to Join' | 'Applying...' | 'Team Full' | 'Inactive' | 'Application Pending' | 'Member';
  disabled: boolean;
}

export interface SellerStanding {
  memberTeamIds: ReadonlySet<number>;
  pendingTeamIds: ReadonlySet<number>;
  /** The team whose application is on its way, if any. */
  applyingTeamId: number | null;
}

/**
 * What a seller's card button says, most decisive reason first, so the seller learns why they cannot apply.
 */
export function applyButtonState(
  team: Pick<Team, 'id' | 'is_active' | 'member_count' | 'max_members'>,
  standing: SellerStanding,
): ApplyButtonState {
  if (standing.memberTeamIds.has(team.id)) return { label: 'Member', disabled: true };
  if (standing.pendingTeamIds.has(team.id)) return { label: 'Application Pending', disabled: true };
  if (standing.applyingTeamId === team.id) return { label: 'Applying...', disabled: true };
  if (!team.is_active) return { label: 'Inactive', disabled: true };
  if (team.member_count >= team.max_members) return { label: 'Team Full', disabled: true };
  // One application at a time: the page has one message box and one answer to show.
  return { label: 'Apply to Join', disabled: standing.applyingTeamId !== null };
}
