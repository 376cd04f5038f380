import { describe, expect, it } from 'vitest';
import { navigationFixture, userFixture } from '../../test/fixtures';
import {
  buildPrimaryLinks,
  buildWorkspaceLinks,
  showsMessageBell,
  verificationBadgeText,
} from './navigation-links';

const labels = (...args: Parameters<typeof buildWorkspaceLinks>) =>
  buildWorkspaceLinks(...args).map((link) => `${link.label} ${link.to}`);

const VERIFICATION = 'Verification /verification';

describe('buildPrimaryLinks', () => {
  const primary = (...args: Parameters<typeof buildPrimaryLinks>) =>
    buildPrimaryLinks(...args).map((link) => `${link.label} ${link.to}`);

  it('leads every signed-in user to the dashboard and the services, once each', () => {
    expect(primary(userFixture({ role: 'GENERAL_ADMIN' }), navigationFixture())).toEqual([
      'Dashboard /dashboard',
      'Services /services',
    ]);
  });

  it('adds Orders with the flag and Messages to those who have conversations', () => {
    expect(primary(userFixture({ role: 'BUYER' }), navigationFixture({ can_view_orders: true }))).toEqual([
      'Dashboard /dashboard',
      'Services /services',
      'Orders /orders',
      'Messages /messages',
    ]);
    expect(primary(userFixture({ role: 'USER' }), navigationFixture({ can_manage_team: true }))).toEqual([
      'Dashboard /dashboard',
      'Services /services',
      'Messages /messages',
    ]);
  });
});

describe('buildWorkspaceLinks', () => {
  it('gives only the Verification centre without flags', () => {
    expect(labels(userFixture({ role: 'USER' }), navigationFixture())).toEqual([VERIFICATION]);
  });

  it('gives the link of each permission flag, in the fixed order', () => {
    const user = userFixture({ role: 'USER' });
    expect(labels(user, navigationFixture({ can_create_team: true }))).toEqual([
      'Create Team /teams/create',
      VERIFICATION,
    ]);
    expect(labels(user, navigationFixture({ can_manage_team: true }))).toEqual([
      'My Teams /teams/my-teams',
      'Manage Packages /services/manage-packages',
      VERIFICATION,
    ]);
    expect(labels(user, navigationFixture({ can_apply_to_teams: true }))).toEqual([
      'Browse Teams /teams/browse',
      VERIFICATION,
    ]);
    expect(labels(user, navigationFixture({ can_create_service_packages: true }))).toEqual([
      'Create Service /services/create',
      VERIFICATION,
    ]);
    // Services and Orders are primary links.
    expect(labels(user, navigationFixture({ can_purchase_services: true, can_view_orders: true }))).toEqual([
      VERIFICATION,
    ]);
  });

  it('gives Manage Teams to sellers only, and Earnings to sellers and team admins', () => {
    expect(labels(userFixture({ role: 'SELLER' }), navigationFixture())).toEqual([
      'Manage Teams /teams/manage',
      'Earnings /earnings',
      VERIFICATION,
    ]);
    expect(labels(userFixture({ role: 'TEAM_ADMIN' }), navigationFixture())).toEqual([
      'Earnings /earnings',
      VERIFICATION,
    ]);
    expect(labels(userFixture({ role: 'BUYER' }), navigationFixture())).toEqual([VERIFICATION]);
  });

  it('gives the Admin Panel to general admins and superusers, who have nothing to get verified', () => {
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

  it('keeps the table order for a verified team admin', () => {
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
    ).toEqual(['Create Team', 'My Teams', 'Manage Packages', 'Create Service', 'Earnings', 'Verification']);
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
