import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityList,
  Navigation,
  UserRole,
  VerificationRequest,
  VerificationStats,
} from '@teamhire/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, createSignedInUser, type SignedInUser } from '../../../test/users';

interface ErrorBody {
  detail: string;
  errors?: { path: string; message: string }[];
}

const ROLES: UserRole[] = ['USER', 'BUYER', 'SELLER', 'TEAM_ADMIN', 'GENERAL_ADMIN'];

/** Who may do what, written out here rather than imported, so that a change to the shared table shows. */
const UPGRADES: Record<UserRole, UserRole[]> = {
  USER: ['TEAM_ADMIN', 'GENERAL_ADMIN', 'BUYER', 'SELLER'],
  BUYER: ['TEAM_ADMIN', 'SELLER'],
  SELLER: ['TEAM_ADMIN'],
  TEAM_ADMIN: ['GENERAL_ADMIN'],
  GENERAL_ADMIN: [],
};

const MESSAGE = 'I have led three delivery teams for five years and would like to run my own team here.';

describe('role verification', () => {
  let context: TestContext;
  let admin: SignedInUser;
  let secondAdmin: SignedInUser;
  let superuser: SignedInUser;

  beforeAll(async () => {
    context = await createTestApp();
    admin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    secondAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    // A superuser reviews whatever their role.
    superuser = await createSignedInUser(context, { role: 'SELLER', isSuperuser: true });
  });
  afterAll(() => context.close());

  const user = (role: UserRole, isVerified = false) => createSignedInUser(context, { role, isVerified });

  function postRequest(actor: SignedInUser | undefined, payload: object) {
    return context.app.inject({
      method: 'POST',
      url: '/api/verification/request',
      headers: actor?.headers,
      payload,
    });
  }

  async function fileRequest(actor: SignedInUser, requestedRole: UserRole = 'TEAM_ADMIN') {
    const response = await postRequest(actor, { requested_role: requestedRole, request_message: MESSAGE });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<VerificationRequest>();
  }

  function decide(actor: SignedInUser, id: number, payload: object) {
    return context.app.inject({
      method: 'PUT',
      url: `/api/verification/requests/${id}`,
      headers: actor.headers,
      payload,
    });
  }

  function getAs(actor: SignedInUser | undefined, url: string) {
    return context.app.inject({ method: 'GET', url, headers: actor?.headers });
  }

  async function storedUser(id: number) {
    const result = await context.database.pool.query<{ role: UserRole; is_verified: boolean }>(
      'select role, is_verified from users where id = $1',
      [id],
    );
    return result.rows[0]!;
  }

  async function requestCount(userId: number): Promise<number> {
    const result = await context.database.pool.query<{ count: number }>(
      'select count(*)::int as count from verification_requests where user_id = $1',
      [userId],
    );
    return result.rows[0]!.count;
  }

  async function storedStatus(id: number) {
    const result = await context.database.pool.query<{ status: string }>(
      'select status from verification_requests where id = $1',
      [id],
    );
    return result.rows[0]?.status;
  }

  async function navigationOf(actor: SignedInUser): Promise<Navigation> {
    const response = await getAs(actor, '/api/navigation');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Navigation>();
  }

  describe('POST /api/verification/request', () => {
    it('answers 201 with the stored pending request', async () => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'TEAM_ADMIN',
        request_message: `  ${MESSAGE}  `,
        documents_url: 'https://docs.example.com/portfolio.pdf',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<VerificationRequest>();
      expect(body).toEqual({
        id: expect.any(Number) as number,
        requested_role: 'TEAM_ADMIN',
        current_role: 'SELLER',
        request_message: MESSAGE,
        documents_url: 'https://docs.example.com/portfolio.pdf',
        status: 'pending',
        requested_at: expect.any(String) as string,
        verified_at: null,
        verified_by: null,
        response_message: null,
        user: { id: seller.id, username: seller.username },
      });
      expect(Math.abs(Date.parse(body.requested_at) - Date.now())).toBeLessThan(60_000);
      const stored = await context.database.pool.query(
        'select user_id, "current_role", requested_role, request_message, documents_url, status from verification_requests where id = $1',
        [body.id],
      );
      expect(stored.rows).toEqual([
        {
          user_id: seller.id,
          current_role: 'SELLER',
          requested_role: 'TEAM_ADMIN',
          request_message: MESSAGE,
          documents_url: 'https://docs.example.com/portfolio.pdf',
          status: 'pending',
        },
      ]);
      // Filing a request changes nothing about the role yet.
      expect(await storedUser(seller.id)).toEqual({ role: 'SELLER', is_verified: false });
    });

    describe.each(ROLES)('a %s', (role) => {
      it.each(ROLES)('may ask for %s only if the roles table allows it', async (requested) => {
        const actor = await user(role);
        const response = await postRequest(actor, { requested_role: requested, request_message: MESSAGE });
        if (UPGRADES[role].includes(requested)) {
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json<VerificationRequest>()).toMatchObject({
            requested_role: requested,
            current_role: role,
          });
          expect(await requestCount(actor.id)).toBe(1);
        } else {
          expect(response.statusCode, response.body).toBe(422);
          const body = response.json<ErrorBody>();
          if (role === 'GENERAL_ADMIN') expect(body.detail).toBe('No Role Upgrades Available');
          expect(body.errors?.[0]?.path).toBe('body.requested_role');
          expect(await requestCount(actor.id)).toBe(0);
        }
      });
    });

    it('refuses a seller asking to become a general admin', async () => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'GENERAL_ADMIN',
        request_message: MESSAGE,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).not.toBe('No Role Upgrades Available');
      expect(await requestCount(seller.id)).toBe(0);
    });

    it.each([
      ['a message of 49 characters', 'x'.repeat(49), 'Verification message must be at least 50 characters'],
      [
        'a message that is 49 characters once trimmed',
        `   ${'x'.repeat(49)}   `,
        'Verification message must be at least 50 characters',
      ],
      ['an empty message', '', 'Please provide a reason for your application'],
      ['a blank message', '    ', 'Please provide a reason for your application'],
      ['no message', undefined, 'Please provide a reason for your application'],
    ])('refuses %s', async (_label, message, detail) => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, { requested_role: 'TEAM_ADMIN', request_message: message });
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json<ErrorBody>();
      expect(body.detail).toBe(detail);
      expect(body.errors?.[0]?.path).toBe('body.request_message');
      expect(await requestCount(seller.id)).toBe(0);
    });

    it('accepts a message of exactly 50 characters', async () => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'TEAM_ADMIN',
        request_message: 'y'.repeat(50),
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it.each([
      'ftp://files.example.com/cv.pdf',
      'docs.example.com/cv.pdf',
      'not a url',
      'https://',
      'javascript:alert(1)',
    ])('refuses the documents URL %j', async (documentsUrl) => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'TEAM_ADMIN',
        request_message: MESSAGE,
        documents_url: documentsUrl,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe('Documents URL must be a valid URL');
      expect(await requestCount(seller.id)).toBe(0);
    });

    it.each([
      ['an empty documents URL', ''],
      ['a null documents URL', null],
      ['no documents URL', undefined],
    ])('stores %s as null', async (_label, documentsUrl) => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'TEAM_ADMIN',
        request_message: MESSAGE,
        documents_url: documentsUrl,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<VerificationRequest>();
      expect(body.documents_url).toBeNull();
      const stored = await context.database.pool.query(
        'select documents_url from verification_requests where id = $1',
        [body.id],
      );
      expect(stored.rows).toEqual([{ documents_url: null }]);
    });

    it('accepts an http documents URL', async () => {
      const seller = await user('SELLER');
      const response = await postRequest(seller, {
        requested_role: 'TEAM_ADMIN',
        request_message: MESSAGE,
        documents_url: 'http://example.com/references',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<VerificationRequest>().documents_url).toBe('http://example.com/references');
    });

    it('refuses a second request while one is pending, and allows one after a rejection', async () => {
      const buyer = await user('BUYER');
      const first = await fileRequest(buyer, 'TEAM_ADMIN');
      const second = await postRequest(buyer, { requested_role: 'SELLER', request_message: MESSAGE });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json<ErrorBody>().detail).toBe('You already have a pending verification request');
      expect(await requestCount(buyer.id)).toBe(1);

      const rejected = await decide(admin, first.id, { status: 'rejected' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const third = await postRequest(buyer, { requested_role: 'SELLER', request_message: MESSAGE });
      expect(third.statusCode, third.body).toBe(201);
      expect(await requestCount(buyer.id)).toBe(2);
    });

    it('lets only one of two simultaneous requests of one user through', async () => {
      const seller = await user('SELLER');
      const payload = { requested_role: 'TEAM_ADMIN', request_message: MESSAGE };
      const responses = await Promise.all([postRequest(seller, payload), postRequest(seller, payload)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await requestCount(seller.id)).toBe(1);
    });

    it('refuses an unknown field, an unknown role and a missing role', async () => {
      const seller = await user('SELLER');
      for (const payload of [
        { requested_role: 'TEAM_ADMIN', request_message: MESSAGE, is_verified: true },
        { requested_role: 'SUPERUSER', request_message: MESSAGE },
        { request_message: MESSAGE },
      ]) {
        const response = await postRequest(seller, payload);
        expect(response.statusCode, response.body).toBe(422);
      }
      expect(await requestCount(seller.id)).toBe(0);
    });

    it('refuses a visitor with 401', async () => {
      const response = await postRequest(undefined, {
        requested_role: 'TEAM_ADMIN',
        request_message: MESSAGE,
      });
      expect(response.statusCode, response.body).toBe(401);
    });
  });

  describe('GET /api/verification/my-requests', () => {
    it("lists the caller's own requests, newest first", async () => {
      const buyer = await user('BUYER');
      const stranger = await user('SELLER');
      const strangers = await fileRequest(stranger);
      const first = await fileRequest(buyer, 'SELLER');
      expect(
        (await decide(admin, first.id, { status: 'rejected', response_message: 'Not yet.' })).statusCode,
      ).toBe(200);
      const second = await fileRequest(buyer, 'TEAM_ADMIN');

      const response = await getAs(buyer, '/api/verification/my-requests');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<VerificationRequest[]>();
      expect(body.map((request) => request.id)).toEqual([second.id, first.id]);
      expect(body.map((request) => request.id)).not.toContain(strangers.id);
      expect(body[1]).toMatchObject({
        status: 'rejected',
        response_message: 'Not yet.',
        verified_by: { username: admin.username },
        user: { id: buyer.id, username: buyer.username },
      });
      expect(body[0]).toMatchObject({ status: 'pending', verified_by: null, verified_at: null });
    });

    it('answers an empty list to a user without requests, and 401 to a visitor', async () => {
      const fresh = await user('SELLER');
      const response = await getAs(fresh, '/api/verification/my-requests');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([]);
      expect((await getAs(undefined, '/api/verification/my-requests')).statusCode).toBe(401);
    });
  });

  describe('GET /api/verification/pending', () => {
    it.each(['SELLER', 'TEAM_ADMIN', 'BUYER', 'USER'] as const)(
      'refuses a %s with 403 Insufficient permissions',
      async (role) => {
        const actor = await user(role, true);
        const response = await getAs(actor, '/api/verification/pending');
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ code: 'forbidden', detail: 'Insufficient permissions' });
      },
    );

    it('refuses a visitor with 401', async () => {
      expect((await getAs(undefined, '/api/verification/pending')).statusCode).toBe(401);
    });

    it('lists pending requests only, oldest first, for a general admin and a superuser', async () => {
      const seller = await user('SELLER');
      const pending = await fileRequest(seller);
      const decidedSeller = await user('SELLER');
      const decided = await fileRequest(decidedSeller);
      expect((await decide(admin, decided.id, { status: 'rejected' })).statusCode).toBe(200);

      for (const reviewer of [admin, superuser]) {
        const response = await getAs(reviewer, '/api/verification/pending?limit=100');
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<VerificationRequest[]>();
        expect(body.every((request) => request.status === 'pending')).toBe(true);
        expect(body.map((request) => request.id)).toContain(pending.id);
        expect(body.map((request) => request.id)).not.toContain(decided.id);
        const times = body.map((request) => Date.parse(request.requested_at));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        const expectedPending = await context.database.pool.query<{ count: number }>(
          "select count(*)::int as count from verification_requests where status = 'pending'",
        );
        expect(body).toHaveLength(Math.min(100, expectedPending.rows[0]!.count));
      }
    });

    it('filters by requested role', async () => {
      const teamAdmin = await user('TEAM_ADMIN', true);
      const wantsGeneral = await fileRequest(teamAdmin, 'GENERAL_ADMIN');
      const seller = await user('SELLER');
      const wantsTeam = await fileRequest(seller, 'TEAM_ADMIN');

      const general = await getAs(admin, '/api/verification/pending?role_filter=GENERAL_ADMIN&limit=100');
      expect(general.statusCode, general.body).toBe(200);
      const generalBody = general.json<VerificationRequest[]>();
      expect(generalBody.length).toBeGreaterThan(0);
      expect(generalBody.every((request) => request.requested_role === 'GENERAL_ADMIN')).toBe(true);
      expect(generalBody.map((request) => request.id)).toContain(wantsGeneral.id);
      expect(generalBody.map((request) => request.id)).not.toContain(wantsTeam.id);

      const team = await getAs(admin, '/api/verification/pending?role_filter=TEAM_ADMIN&limit=100');
      const teamBody = team.json<VerificationRequest[]>();
      expect(teamBody.every((request) => request.requested_role === 'TEAM_ADMIN')).toBe(true);
      expect(teamBody.map((request) => request.id)).toContain(wantsTeam.id);

      expect((await getAs(admin, '/api/verification/pending?role_filter=OWNER')).statusCode).toBe(422);
    });

    it('pages with skip and limit, 50 by default', async () => {
      // Enough pending requests for more than one default page, written straight to the database.
      const existing = await context.database.pool.query<{ count: number }>(
        "select count(*)::int as count from verification_requests where status = 'pending'",
      );
      const toAdd = Math.max(0, 55 - existing.rows[0]!.count);
      await context.database.pool.query(
        `with added as (
           insert into users (username, email, password_hash, role)
           select 'bulk_seller_' || n, 'bulk_seller_' || n || '@example.com', 'not-a-hash', 'SELLER'
             from generate_series(1, $1::int) as n
           returning id
         )
         insert into verification_requests (user_id, "current_role", requested_role, request_message, requested_at)
         select id, 'SELLER', 'TEAM_ADMIN', $2, now() - interval '1 second' * id from added`,
        [toAdd, MESSAGE],
      );
      const total = (
        await context.database.pool.query<{ count: number }>(
          "select count(*)::int as count from verification_requests where status = 'pending'",
        )
      ).rows[0]!.count;
      expect(total).toBeGreaterThan(50);

      const firstPage = await getAs(admin, '/api/verification/pending');
      expect(firstPage.statusCode, firstPage.body).toBe(200);
      const first = firstPage.json<VerificationRequest[]>();
      expect(first).toHaveLength(50);

      const rest = (await getAs(admin, '/api/verification/pending?skip=50')).json<VerificationRequest[]>();
      expect(rest).toHaveLength(total - 50);
      const ids = [...first, ...rest].map((request) => request.id);
      expect(new Set(ids).size).toBe(total);

      const window = (await getAs(admin, '/api/verification/pending?skip=10&limit=5')).json<
        VerificationRequest[]
      >();
      expect(window.map((request) => request.id)).toEqual(ids.slice(10, 15));

      for (const query of ['limit=0', 'limit=101', 'skip=-1']) {
        expect((await getAs(admin, `/api/verification/pending?${query}`)).statusCode).toBe(422);
      }
    });
  });

  describe('PUT /api/verification/requests/{id}', () => {
    it('refuses to approve without a response message, and leaves the request pending', async () => {
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      for (const payload of [{ status: 'approved' }, { status: 'approved', response_message: '   ' }]) {
        const response = await decide(admin, request.id, payload);
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<ErrorBody>().detail).toBe('A response message is required to approve a request');
      }
      expect(await storedStatus(request.id)).toBe('pending');
      expect(await storedUser(seller.id)).toEqual({ role: 'SELLER', is_verified: false });
    });

    it('approves: the role changes to the requested one, is_verified is set, navigation follows at once', async () => {
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      const before = await navigationOf(seller);
      expect(before).toMatchObject({
        can_create_team: false,
        can_apply_to_teams: true,
        requires_verification: true,
        verification_status: 'pending',
      });

      const response = await decide(admin, request.id, {
        status: 'approved',
        response_message: '  Welcome aboard.  ',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<VerificationRequest>();
      expect(body).toEqual({
        ...request,
        status: 'approved',
        response_message: 'Welcome aboard.',
        verified_at: expect.any(String) as string,
        verified_by: { username: admin.username },
      });
      expect(await storedUser(seller.id)).toEqual({ role: 'TEAM_ADMIN', is_verified: true });

      // The same access token: the role is read from the database on every request.
      const after = await navigationOf(seller);
      expect(after).toMatchObject({
        can_create_team: true,
        can_create_service_packages: true,
        can_manage_team: true,
        can_apply_to_teams: false,
        requires_verification: false,
        is_verified: true,
        verification_status: 'approved',
      });
    });

    it('rejects without a message and leaves the role alone', async () => {
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      const response = await decide(secondAdmin, request.id, { status: 'rejected' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<VerificationRequest>()).toMatchObject({
        status: 'rejected',
        response_message: null,
        verified_by: { username: secondAdmin.username },
      });
      expect(await storedUser(seller.id)).toEqual({ role: 'SELLER', is_verified: false });
      expect(await navigationOf(seller)).toMatchObject({
        can_create_team: false,
        requires_verification: true,
        verification_status: 'rejected',
      });
    });

    it('lets a superuser decide', async () => {
      const buyer = await user('BUYER');
      const request = await fileRequest(buyer, 'SELLER');
      const response = await decide(superuser, request.id, { status: 'approved', response_message: 'Fine.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedUser(buyer.id)).toEqual({ role: 'SELLER', is_verified: true });
    });

    it('refuses a request that was already processed, whatever the new decision', async () => {
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      expect((await decide(admin, request.id, { status: 'rejected' })).statusCode).toBe(200);
      for (const payload of [
        { status: 'approved', response_message: 'Changed my mind.' },
        { status: 'rejected' },
      ]) {
        const response = await decide(secondAdmin, request.id, payload);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toContain('already processed');
        expect(response.json()).toMatchObject({ code: 'already_processed' });
      }
      expect(await storedStatus(request.id)).toBe('rejected');
      expect(await storedUser(seller.id)).toEqual({ role: 'SELLER', is_verified: false });
    });

    it('answers 404 for an unknown request and 422 for a malformed id or status', async () => {
      const missing = await decide(admin, 2_000_000_000, { status: 'rejected' });
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json()).toEqual({ code: 'not_found', detail: 'Verification request not found' });
      expect((await decide(admin, 0, { status: 'rejected' })).statusCode).toBe(422);
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      expect((await decide(admin, request.id, { status: 'pending' })).statusCode).toBe(422);
      expect((await decide(admin, request.id, { status: 'rejected', extra: 1 })).statusCode).toBe(422);
      expect(await storedStatus(request.id)).toBe('pending');
    });

    it.each(['SELLER', 'TEAM_ADMIN', 'BUYER'] as const)(
      'refuses a %s deciding, even their own request',
      async (role) => {
        const requester = await user(role);
        const request = await fileRequest(requester, UPGRADES[role][0]);
        const reviewer = await user(role, true);
        for (const actor of [reviewer, requester]) {
          const response = await decide(actor, request.id, { status: 'approved', response_message: 'Sure.' });
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json()).toEqual({ code: 'forbidden', detail: 'Insufficient permissions' });
        }
        expect(await storedStatus(request.id)).toBe('pending');
        expect(await storedUser(requester.id)).toEqual({ role, is_verified: false });
      },
    );

    it('of two admins approving at once, exactly one wins and the role changes once', async () => {
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      const responses = await Promise.all([
        decide(admin, request.id, { status: 'approved', response_message: 'From the first admin.' }),
        decide(secondAdmin, request.id, { status: 'approved', response_message: 'From the second admin.' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200)!.json<VerificationRequest>();
      const loser = responses.find((response) => response.statusCode === 409)!.json<ErrorBody>();
      expect(loser.detail).toContain('already processed');
      expect(loser).toMatchObject({ code: 'already_processed' });

      const stored = await context.database.pool.query<{ verified_by_id: number; response_message: string }>(
        'select verified_by_id, response_message from verification_requests where id = $1',
        [request.id],
      );
      const winnerId = winner.verified_by!.username === admin.username ? admin.id : secondAdmin.id;
      expect(stored.rows).toEqual([{ verified_by_id: winnerId, response_message: winner.response_message }]);
      expect(await storedUser(seller.id)).toEqual({ role: 'TEAM_ADMIN', is_verified: true });
      const actions = await activityActions(context, seller.id);
      expect(actions.filter((action) => action === 'verification.approved')).toHaveLength(1);
    });
  });

  describe('GET /api/verification/stats', () => {
    async function stats(): Promise<VerificationStats> {
      const response = await getAs(admin, '/api/verification/stats');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<VerificationStats>();
    }

    it('counts the requests by status', async () => {
      const before = await stats();
      const sellers = await Promise.all([user('SELLER'), user('SELLER'), user('SELLER'), user('SELLER')]);
      const requests = [];
      for (const seller of sellers) requests.push(await fileRequest(seller));
      expect(
        (await decide(admin, requests[0]!.id, { status: 'approved', response_message: 'Yes.' })).statusCode,
      ).toBe(200);
      expect((await decide(admin, requests[1]!.id, { status: 'rejected' })).statusCode).toBe(200);
      expect((await decide(admin, requests[2]!.id, { status: 'rejected' })).statusCode).toBe(200);

      const after = await stats();
      expect(after).toEqual({
        pending_requests: before.pending_requests + 1,
        approved_requests: before.approved_requests + 1,
        rejected_requests: before.rejected_requests + 2,
        total_requests: before.total_requests + 4,
      });
      const counted = await context.database.pool.query<VerificationStats>(
        `select count(*) filter (where status = 'pending')::int as pending_requests,
                count(*) filter (where status = 'approved')::int as approved_requests,
                count(*) filter (where status = 'rejected')::int as rejected_requests,
                count(*)::int as total_requests
           from verification_requests`,
      );
      expect(after).toEqual(counted.rows[0]);
      expect((await getAs(superuser, '/api/verification/stats')).statusCode).toBe(200);
    });

    it('is for general admins only', async () => {
      for (const role of ['SELLER', 'TEAM_ADMIN', 'BUYER'] as const) {
        const response = await getAs(await user(role, true), '/api/verification/stats');
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ code: 'forbidden', detail: 'Insufficient permissions' });
      }
      expect((await getAs(undefined, '/api/verification/stats')).statusCode).toBe(401);
    });
  });

  describe('activity log', () => {
    it('records the request for the requester and the decision for both sides', async () => {
      const reviewer = await user('GENERAL_ADMIN', true);
      const seller = await user('SELLER');
      const request = await fileRequest(seller);
      expect(await activityActions(context, seller.id)).toEqual(['verification.requested']);
      const approved = await decide(reviewer, request.id, {
        status: 'approved',
        response_message: 'Welcome.',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await activityActions(context, seller.id)).toEqual([
        'verification.requested',
        'verification.approved',
      ]);
      expect(await activityActions(context, reviewer.id)).toEqual(['verification.reviewed']);

      const other = await user('BUYER');
      const rejected = await fileRequest(other, 'SELLER');
      expect((await decide(reviewer, rejected.id, { status: 'rejected' })).statusCode).toBe(200);
      expect(await activityActions(context, other.id)).toEqual([
        'verification.requested',
        'verification.rejected',
      ]);
      expect(await activityActions(context, reviewer.id)).toEqual([
        'verification.reviewed',
        'verification.reviewed',
      ]);

      // And the requester sees them through the API, newest first.
      const response = await getAs(seller, '/api/activity');
      expect(response.statusCode, response.body).toBe(200);
      const actions = response.json<ActivityList>().items.map((item) => item.action);
      expect(actions.filter((action) => !action.startsWith('auth.'))).toEqual([
        'verification.approved',
        'verification.requested',
      ]);
    });

    it('records nothing for a refused request', async () => {
      const seller = await user('SELLER');
      expect(
        (await postRequest(seller, { requested_role: 'GENERAL_ADMIN', request_message: MESSAGE })).statusCode,
      ).toBe(422);
      expect(await activityActions(context, seller.id)).toEqual([]);
    });
  });
});
