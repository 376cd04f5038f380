import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Navigation, User, UserRole, VerificationStatus } from '@teamhire/shared';
import {
  bearer,
  getMe,
  insertUser,
  NAVIGATION_EVERYTHING as EVERYTHING,
  NAVIGATION_NOTHING as NOTHING,
  signIn,
  type TestUser,
} from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/navigation', () => {
  let context: TestContext;
  // One user whose role and flags each test sets in the database: they are read on every request.
  let user: TestUser;
  let accessToken: string;

  beforeAll(async () => {
    context = await createTestApp();
    user = await insertUser(context);
    accessToken = (await signIn(context, user.username, user.password)).access_token;
  });
  afterAll(() => context.close());

  beforeEach(async () => {
    await context.database.pool.query('delete from verification_requests where user_id = $1', [user.id]);
  });

  async function become(role: UserRole, flags: { isVerified?: boolean; isSuperuser?: boolean } = {}) {
    await context.database.pool.query(
      'update users set role = $2, is_verified = $3, is_superuser = $4 where id = $1',
      [user.id, role, flags.isVerified ?? false, flags.isSuperuser ?? false],
    );
  }

  /** A role-upgrade request filed `daysAgo` days ago. */
  async function fileRequest(status: VerificationStatus, daysAgo: number) {
    await context.database.pool.query(
      `insert into verification_requests (user_id, "current_role", requested_role, request_message, status, requested_at)
       values ($1, 'SELLER', 'TEAM_ADMIN', 'I run a team', $2, now() - make_interval(days => $3))`,
      [user.id, status, daysAgo],
    );
  }

  async function navigation(token = accessToken): Promise<Navigation> {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/navigation',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Navigation>();
  }

  it.each<[string, UserRole, { isVerified?: boolean; isSuperuser?: boolean }, Partial<Navigation>]>([
    ['USER', 'USER', {}, { can_purchase_services: true }],
    ['BUYER', 'BUYER', {}, { can_purchase_services: true, can_view_orders: true }],
    ['SELLER', 'SELLER', {}, { can_apply_to_teams: true, can_view_orders: true }],
    [
      'an unverified TEAM_ADMIN',
      'TEAM_ADMIN',
      {},
      { can_manage_team: true, can_view_orders: true, requires_verification: true },
    ],
    [
      'a verified TEAM_ADMIN',
      'TEAM_ADMIN',
      { isVerified: true },
      {
        can_create_team: true,
        can_create_service_packages: true,
        can_manage_team: true,
        can_view_orders: true,
        is_verified: true,
      },
    ],
    ['GENERAL_ADMIN', 'GENERAL_ADMIN', {}, EVERYTHING],
    ['a superuser buyer', 'BUYER', { isSuperuser: true }, EVERYTHING],
    ['a superuser with an unverified TEAM_ADMIN role', 'TEAM_ADMIN', { isSuperuser: true }, EVERYTHING],
  ])('gives %s the flags of their role', async (_label, role, flags, expected) => {
    await become(role, flags);
    expect(await navigation()).toEqual({ ...NOTHING, ...expected });
  });

  it.each<[UserRole, VerificationStatus]>([
    ['SELLER', 'pending'],
    ['SELLER', 'rejected'],
    ['BUYER', 'pending'],
    ['USER', 'rejected'],
  ])('a %s with a %s request requires verification', async (role, status) => {
    await become(role);
    await fileRequest(status, 1);
    expect(await navigation()).toMatchObject({ requires_verification: true, verification_status: status });
  });

  it('a SELLER without a request, or with an approved one, does not require verification', async () => {
    await become('SELLER');
    expect(await navigation()).toMatchObject({ requires_verification: false, verification_status: null });
    await fileRequest('approved', 1);
    expect(await navigation()).toMatchObject({
      requires_verification: false,
      verification_status: 'approved',
    });
  });

  it('a verified TEAM_ADMIN whose request was approved does not require verification', async () => {
    await become('TEAM_ADMIN', { isVerified: true });
    await fileRequest('approved', 3);
    expect(await navigation()).toMatchObject({
      requires_verification: false,
      is_verified: true,
      verification_status: 'approved',
      can_create_team: true,
    });
  });

  it('an admin with a pending request still does not require verification', async () => {
    await become('GENERAL_ADMIN');
    await fileRequest('pending', 1);
    expect(await navigation()).toMatchObject({
      requires_verification: false,
      verification_status: 'pending',
    });
  });

  it('verification_status follows the latest request', async () => {
    await become('SELLER');
    await fileRequest('rejected', 10);
    await fileRequest('approved', 5);
    expect(await navigation()).toMatchObject({
      verification_status: 'approved',
      requires_verification: false,
    });
    await fileRequest('pending', 1);
    expect(await navigation()).toMatchObject({ verification_status: 'pending', requires_verification: true });
    // The profile reads the same status.
    const me = await getMe(context, accessToken);
    expect(me.json<User>().verification_status).toBe('pending');
  });

  it('breaks a tie in request time by the later request', async () => {
    await become('SELLER');
    await fileRequest('approved', 2);
    await fileRequest('rejected', 2);
    expect(await navigation()).toMatchObject({
      verification_status: 'rejected',
      requires_verification: true,
    });
  });

  it("ignores another user's requests", async () => {
    await become('SELLER');
    const stranger = await insertUser(context);
    await context.database.pool.query(
      `insert into verification_requests (user_id, "current_role", requested_role, request_message, status)
       values ($1, 'SELLER', 'TEAM_ADMIN', 'Mine', 'rejected')`,
      [stranger.id],
    );
    expect(await navigation()).toMatchObject({ verification_status: null, requires_verification: false });
  });

  it('answers 401 without a token or with a bad one', async () => {
    const missing = await context.app.inject({ method: 'GET', url: '/api/navigation' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'unauthorized', detail: 'Not authenticated' });
    const bad = await context.app.inject({ method: 'GET', url: '/api/navigation', headers: bearer('nope') });
    expect(bad.statusCode).toBe(401);
  });
});
