import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityList, User } from '@teamhire/shared';
import {
  bearer,
  insertUser,
  latestLinkToken,
  nextAddress,
  postLogin,
  signIn,
  type ErrorBody,
  type TestUser,
} from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/activity', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  function list(accessToken: string | null, query = '') {
    return context.app.inject({
      method: 'GET',
      url: `/api/activity${query}`,
      headers: accessToken ? bearer(accessToken) : {},
    });
  }

  async function listOk(accessToken: string, query = ''): Promise<ActivityList> {
    const response = await list(accessToken, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ActivityList>();
  }

  describe('entries written by the account features', () => {
    let accessToken: string;
    let userId: number;

    beforeAll(async () => {
      const registered = await context.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: 'active_seller',
          email: 'active@example.com',
          password: 'first-pass',
          role: 'SELLER',
        },
        remoteAddress: nextAddress(),
      });
      expect(registered.statusCode, registered.body).toBe(201);
      userId = registered.json<User>().id;

      const token = await latestLinkToken(context, 'active@example.com', 'verify-email');
      const verified = await context.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(verified.statusCode).toBe(200);

      accessToken = (await signIn(context, 'active_seller', 'first-pass')).access_token;
      // A failed sign-in is not the user's activity.
      expect((await postLogin(context, 'active_seller', 'wrong-pass')).statusCode).toBe(401);

      const updated = await context.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        payload: { full_name: 'Active Seller' },
        headers: bearer(accessToken),
      });
      expect(updated.statusCode).toBe(200);

      const changed = await context.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'first-pass', new_password: 'second-pass' },
        headers: bearer(accessToken),
      });
      expect(changed.statusCode).toBe(200);
    });

    it('lists register, email verification, sign-in, profile change and password change, newest first', async () => {
      const page = await listOk(accessToken);
      expect(page.total).toBe(5);
      expect(page.skip).toBe(0);
      expect(page.limit).toBe(20);
      expect(page.items.map(({ action, description }) => ({ action, description }))).toEqual([
        { action: 'auth.password_changed', description: 'Changed password and signed out other sessions' },
        { action: 'profile.updated', description: 'Updated full name' },
        { action: 'auth.login', description: 'Signed in' },
        { action: 'auth.email_verified', description: 'Verified email address' },
        { action: 'account.registered', description: 'Created a seller account' },
      ]);
      for (const item of page.items) {
        expect(item.id).toEqual(expect.any(Number));
        expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
        expect(Math.abs(Date.parse(item.created_at) - Date.now())).toBeLessThan(60_000);
      }
      const times = page.items.map((item) => Date.parse(item.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('the log is append-only: UPDATE and DELETE through the pool raise and change nothing', async () => {
      const { pool } = context.database;
      await expect(
        pool.query(`update activity_log set description = 'Forged' where user_id = $1`, [userId]),
      ).rejects.toThrow(/append-only/);
      await expect(pool.query('delete from activity_log where user_id = $1', [userId])).rejects.toThrow(
        /append-only/,
      );
      const rows = await pool.query<{ count: string }>(
        `select count(*) from activity_log where user_id = $1 and description <> 'Forged'`,
        [userId],
      );
      expect(Number(rows.rows[0]!.count)).toBe(5);
      // Appending still works.
      await pool.query(
        `insert into activity_log (user_id, action, description) values ($1, 'test.appended', 'Appended')`,
        [userId],
      );
      expect((await listOk(accessToken)).items[0]).toMatchObject({ action: 'test.appended' });
    });
  });

  describe('pagination and ownership', () => {
    let owner: TestUser;
    let ownerToken: string;
    let stranger: TestUser;
    let strangerToken: string;

    beforeAll(async () => {
      owner = await insertUser(context);
      stranger = await insertUser(context);
      // Oldest first: entry 1 is 25 minutes old, entry 25 one minute old.
      for (let index = 1; index <= 25; index += 1) {
        await context.database.pool.query(
          `insert into activity_log (user_id, action, description, created_at)
           values ($1, 'test.entry', $2, now() - make_interval(mins => $3))`,
          [owner.id, `Entry ${index}`, 26 - index],
        );
      }
      await context.database.pool.query(
        `insert into activity_log (user_id, action, description) values ($1, 'test.secret', 'Stranger entry')`,
        [stranger.id],
      );
      ownerToken = (await signIn(context, owner.username, owner.password)).access_token;
      strangerToken = (await signIn(context, stranger.username, stranger.password)).access_token;
    });

    const descriptions = (page: ActivityList) => page.items.map((item) => item.description);

    it("shows only the caller's own entries", async () => {
      const ownerPage = await listOk(ownerToken, '?limit=100');
      expect(descriptions(ownerPage)).not.toContain('Stranger entry');
      expect(ownerPage.total).toBe(26);
      const strangerPage = await listOk(strangerToken, '?limit=100');
      expect(strangerPage.total).toBe(2);
      expect(descriptions(strangerPage)).toEqual(['Signed in', 'Stranger entry']);
    });

    it('pages with skip and limit and reports the total', async () => {
      // The sign-in just now is the newest entry.
      const first = await listOk(ownerToken, '?skip=0&limit=10');
      expect(first).toMatchObject({ total: 26, skip: 0, limit: 10 });
      expect(descriptions(first)).toEqual([
        'Signed in',
        ...Array.from({ length: 9 }, (_, index) => `Entry ${25 - index}`),
      ]);
      const last = await listOk(ownerToken, '?skip=20&limit=10');
      expect(last).toMatchObject({ total: 26, skip: 20, limit: 10 });
      expect(descriptions(last)).toEqual(['Entry 6', 'Entry 5', 'Entry 4', 'Entry 3', 'Entry 2', 'Entry 1']);
      const beyond = await listOk(ownerToken, '?skip=40');
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(26);
      const byDefault = await listOk(ownerToken);
      expect(byDefault.items).toHaveLength(20);
      expect(byDefault.limit).toBe(20);
    });

    it.each([['?limit=101'], ['?limit=0'], ['?skip=-1'], ['?limit=abc'], ['?user_id=1']])(
      'refuses %s with 422',
      async (query) => {
        const response = await list(ownerToken, query);
        expect(response.statusCode).toBe(422);
        expect(response.json<ErrorBody>().errors?.length).toBeGreaterThan(0);
      },
    );

    it('accepts a limit of 100', async () => {
      expect((await listOk(ownerToken, '?limit=100')).items).toHaveLength(26);
    });

    it('answers 401 without a token', async () => {
      const response = await list(null);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthorized', detail: 'Not authenticated' });
    });
  });
});
