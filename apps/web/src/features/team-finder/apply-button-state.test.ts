import { describe, expect, it } from 'vitest';
import { applyButtonState, type SellerStanding } from './apply-button-state';

const team = { id: 1, is_active: true, member_count: 3, max_members: 5 };
const nothing: SellerStanding = { memberTeamIds: new Set(), pendingTeamIds: new Set(), applyingTeamId: null };

describe('applyButtonState', () => {
  it('offers to apply to an open team', () => {
    expect(applyButtonState(team, nothing)).toEqual({ label: 'Apply to Join', disabled: false });
  });

  it('shows the application on its way, and holds the other buttons meanwhile', () => {
    expect(applyButtonState(team, { ...nothing, applyingTeamId: 1 })).toEqual({
      label: 'Applying...',
      disabled: true,
    });
    expect(applyButtonState(team, { ...nothing, applyingTeamId: 2 })).toEqual({
      label: 'Apply to Join',
      disabled: true,
    });
  });

  it('refuses full and inactive teams', () => {
    expect(applyButtonState({ ...team, member_count: 5 }, nothing)).toEqual({
      label: 'Team Full',
      disabled: true,
    });
    expect(applyButtonState({ ...team, member_count: 6 }, nothing).label).toBe('Team Full');
    expect(applyButtonState({ ...team, is_active: false, member_count: 5 }, nothing)).toEqual({
      label: 'Inactive',
      disabled: true,
    });
  });

  it('knows a pending application and a membership, whatever else holds', () => {
    const full = { ...team, member_count: 5 };
    expect(applyButtonState(full, { ...nothing, pendingTeamIds: new Set([1]) })).toEqual({
      label: 'Application Pending',
      disabled: true,
    });
    expect(
      applyButtonState(full, { ...nothing, memberTeamIds: new Set([1]), pendingTeamIds: new Set([1]) }),
    ).toEqual({ label: 'Member', disabled: true });
  });
});
