import { describe, expect, it } from 'vitest';
import { navigationFixture, userFixture } from '../../test/fixtures';
import { buildWorkspaceLinks, showsMessageBell, verificationBadgeText } from './navigation-links';

const labels = (...args: Parameters<typeof buildWorkspaceLinks>) =>
  buildWorkspaceLinks(...args).map((link) => `${link.label} ${link.to}`);

describe('buildWorkspaceLinks', () => {
  it('gives no link without flags', () => {
    expect(labels(userFixture({ role: 'USER' }), navigationFixture())).toEqual([]);
  });

  it('gives the link of each permission flag, in the fixed order', () => {
    const user = userFixture({ role: 'USER' });
    expect(labels(user, navigationFixture({ can_create_team: true }))).toEqual(['Create Team /teams/create']);
    expect(labels(user, navigationFixture({ can_manage_team: true }))).toEqual([
      'My Teams /teams/my-teams',
      'Manage Packages /services/manage-packages',
    ]);
    expect(labels(user, navigationFixture({ can_apply_to_teams: true }))).toEqual([
      'Browse Teams /teams/browse',
    ]);
    expect(labels(user, navigationFixture({ can_create_service_packages: true }))).toEqual([
      'Create Service /services/create',
    ]);
    expect(labels(user, navigationFixture({ can_purchase_services: true }))).toEqual(['Services /services']);
    expect(labels(user, navigationFixture({ can_view_orders: true }))).toEqual(['Orders /orders']);
  });

  it('gives Manage Teams to sellers only, and Earnings to sellers and team admins', () => {
    expect(labels(userFixture({ role: 'SELLER' }), navigationFixture())).toEqual([
      'Manage Teams /teams/manage',
      'Earnings /earnings',
    ]);
    expect(labels(userFixture({ role: 'TEAM_ADMIN' }), navigationFixture())).toEqual(['Earnings /earnings']);
    expect(labels(userFixture({ role: 'BUYER' }), navigationFixture())).toEqual([]);
  });

  it('gives the Admin Panel to general admins and superusers', () => {
    expect(labels(userFixture({ role: 'GENERAL_ADMIN' }), navigationFixture())).toEqual([
      'Admin Panel /admin/verifications',
      'Disputes /admin/disputes',
      'Finance /admin/finance',
    ]);
    expect(labels(userFixture({ role: 'BUYER', is_superuser: true }), navigationFixture())).toEqual([
      'Admin Panel /admin/verifications',
      'Disputes /admin/disputes',
      'Finance /admin/finance',
    ]);
  });

  it('keeps the table order for a buyer and a verified team admin', () => {
    expect(
      labels(
        userFixture({ role: 'BUYER' }),
        navigationFixture({ can_purchase_services: true, can_view_orders: true }),
      ),
    ).toEqual(['Services /services', 'Orders /orders']);
    expect(
      buildWorkspaceLinks(
        userFixture({ role: 'TEAM_ADMIN' }),
        navigationFixture({
          can_create_team: true,
          can_manage_team: true,
          can_create_service_packages: true,
          can_view_orders: true,
        }),
      ).map((link) => link.label),
    ).toEqual(['Create Team', 'My Teams', 'Manage Packages', 'Create Service', 'Orders', 'Earnings']);
  });
});

describe('verificationBadgeText', () => {
  it('says nothing when no verification is asked for, or it is done', () => {
    expect(verificationBadgeText(navigationFixture())).toBeNull();
    expect(
      verificationBadgeText(navigationFixture({ requires_verification: true, is_verified: true })),
    ).toBeNull();
  });

  it.each([
    ['pending', 'Verification Pending'],
    ['rejected', 'Verification Rejected'],
    [null, 'Verification Required'],
  ] as const)('reads %s as %s', (status, text) => {
    expect(
      verificationBadgeText(navigationFixture({ requires_verification: true, verification_status: status })),
    ).toBe(text);
  });
});

describe('showsMessageBell', () => {
  it.each([
    ['SELLER', false, true],
    ['TEAM_ADMIN', false, true],
    ['BUYER', false, true],
    ['USER', false, false],
    ['GENERAL_ADMIN', false, false],
    ['USER', true, true],
  ] as const)('role %s with can_manage_team %s: %s', (role, canManageTeam, shown) => {
    expect(
      showsMessageBell(userFixture({ role }), navigationFixture({ can_manage_team: canManageTeam })),
    ).toBe(shown);
  });
});
