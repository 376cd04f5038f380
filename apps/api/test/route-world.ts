import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { TEST_CARDS, type ChatMessage, type Order } from '@teamhire/shared';
import type { ActorName } from './authorization-policy';
import { nextAddress } from './accounts-helpers';
import {
  chatFixtures,
  listenWithSockets,
  type ChatFixtures,
  type Guest,
  type SocketClient,
  type TestTeam,
} from './chat-helpers';
import { billingAddress, FUTURE_YEAR } from './orders-helpers';
import { createTestApp, type TestContext } from './test-app';
import { multipart, png } from './uploads';
import { createSignedInUser, newSession, TEST_PASSWORD, type SignedInUser } from './users';

/**
 * One small marketplace (team A with its admin, a member, a buyer's and a guest's conversation, a
 * file, packages; team B with another admin) and, for every route, a request that a caller can send
 * to it. The authorization matrix and the contract fuzzing both work on it.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface MatrixRequest {
  url: string;
  body?: unknown;
  /** A multipart body, sent with its own content type. */
  multipart?: { boundary: string; payload: Buffer };
  /** Replaces the caller's headers (a fresh session of the same caller, for example). */
  headers?: Record<string, string>;
}
export type Builder = (caller: Caller) => Promise<MatrixRequest> | MatrixRequest;
export interface Caller {
  name: ActorName;
  headers: Record<string, string>;
  user?: SignedInUser;
  guest?: Guest;
}

export const REFUSED = [401, 403, 404];
/** Rows a refused request may still write: rate-limit counters exist to count refusals. */
const TABLES_REFUSALS_MAY_WRITE = new Set(['rate_limit_hits', '__drizzle_migrations']);
const REFERENCE_TABLES = new Set([
  'service_categories',
  'project_types',
  'project_sub_types',
  'technologies',
  'project_type_technologies',
  'project_sub_type_technologies',
]);

/** Builds the world on a test app (which it starts listening, for sockets). */
/**
 * A fresh test app and its route world, made before the tests of the calling suite and closed after
 * them; tests read both through the returned object once beforeAll has run.
 */
export function routeWorldSuite() {
  const suite = {} as { context: TestContext; world: RouteWorld };
  beforeAll(async () => {
    suite.context = await createTestApp();
    suite.world = await createRouteWorld(suite.context);
  });
  afterAll(async () => {
    await suite.world?.sockets.closeAll();
    await suite.context?.close();
  });
  return suite;
}

export async function createRouteWorld(context: TestContext) {
  let fixtures: ChatFixtures;
  let sockets: SocketClient;
  let callers: Record<ActorName, Caller>;
  let teamA: TestTeam;
  let teamB: TestTeam;
  let roomA: number;
  let fileA: ChatMessage;
  let avatarUrl: string;
  let galleryImageUrl: string;
  let publishedPackageA: number;
  let catalogue: { categoryId: number; typeId: number; subTypeId: number };
  let builders: Record<string, Builder>;
  let fingerprintTables: string[];

  const query = <Row extends object>(text: string, values: unknown[] = []) =>
    context.database.pool.query<Row & Record<string, unknown>>(text, values).then((result) => result.rows);

  const inject = (method: Method, request: MatrixRequest, headers: Record<string, string>) =>
    context.app.inject({
      method,
      url: request.url,
      headers: request.multipart
        ? { ...headers, 'content-type': `multipart/form-data; boundary=${request.multipart.boundary}` }
        : headers,
      payload: request.multipart ? request.multipart.payload : (request.body as object | undefined),
      remoteAddress: nextAddress(),
    });

  /**
   * One digest per table a refusal must not change, in one round trip, in table order: `union all`
   * promises no order of its branches (PostgreSQL 17 returned them in another order than 15 did, so
   * the fingerprint changed with nothing written), hence the explicit `order by`.
   */
  async function fingerprint(): Promise<string> {
    const parts = fingerprintTables.map(
      (table, position) =>
        `select ${position} as position, '${table}:' || coalesce(md5(string_agg(row_data::text, '|' order by row_data::text)), '-') as digest from "${table}" as row_data`,
    );
    const rows = await query<{ digest: string }>(
      `select digest from (${parts.join(' union all ')}) as digests order by position`,
    );
    return rows.map((row) => row.digest).join('\n');
  }

  /** Another session of the same user: for routes that end the session they are called with. */
  async function freshSession(
    user: SignedInUser,
  ): Promise<{ headers: Record<string, string>; refresh: string }> {
    const tokens = await newSession(context, user);
    return { headers: { authorization: `Bearer ${tokens.access_token}` }, refresh: tokens.refresh_token };
  }

  async function insertPackage(teamId: number, status: 'draft' | 'published') {
    const [row] = await query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, 'Matrix package ' || $3, 'A package that the authorization matrix works on.', 49900, 14, 'react,api', $2)
       returning id`,
      [teamId, status, randomUUID().slice(0, 8)],
    );
    return row!.id;
  }

  async function addMember(teamId: number, userId: number) {
    await query("insert into team_members (team_id, user_id, role) values ($1, $2, 'member')", [
      teamId,
      userId,
    ]);
    await query('update teams set member_count = member_count + 1 where id = $1', [teamId]);
  }

  async function pendingApplication(teamId: number, userId: number) {
    const [row] = await query<{ id: number }>(
      `insert into team_applications (team_id, user_id, application_message, status)
       values ($1, $2, 'Let me in', 'pending') returning id`,
      [teamId, userId],
    );
    return row!.id;
  }

  async function profileItem(kind: string, ownerId: number) {
    const inserts: Record<string, string> = {
      experiences: `insert into profile_experiences (user_id, title, company, start_date) values ($1, 'Engineer', 'Acme', '2024-01-01') returning id`,
      skills: `insert into profile_skills (user_id, name, level) values ($1, 'TypeScript', 'Expert') returning id`,
      certificates: `insert into profile_certificates (user_id, name, issuer, issue_date) values ($1, 'Cloud Pro', 'Cloud Inc', '2024-01-01') returning id`,
      education: `insert into profile_education (user_id, degree, institution, start_date) values ($1, 'BSc', 'Uni', '2020-01-01') returning id`,
    };
    const [row] = await query<{ id: number }>(inserts[kind]!, [ownerId]);
    return row!.id;
  }

  /** A confirmed order of team A's published package, bought by `buyer` with the success card. */
  async function purchase(): Promise<Order> {
    const response = await inject(
      'POST',
      {
        url: '/api/orders',
        body: {
          service_package_id: publishedPackageA,
          total_amount: 499,
          payment_method: 'credit_card',
          card: {
            card_number: TEST_CARDS.success,
            expiry_month: 12,
            expiry_year: FUTURE_YEAR,
            cvv: '123',
            cardholder_name: 'Matrix Buyer',
          },
          billing_address: billingAddress,
        },
      },
      { ...callers.buyer.headers, 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  }

  /** An order of `buyer` moved by its team: started, then also delivered when asked. */
  async function orderIn(status: 'in_progress' | 'delivered'): Promise<Order> {
    const order = await purchase();
    let response = await inject(
      'PUT',
      { url: `/api/orders/${order.id}/status`, body: { status: 'in_progress' } },
      callers.teamAdmin.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    if (status === 'delivered') {
      response = await inject(
        'POST',
        { url: `/api/orders/${order.id}/deliveries`, body: { message: 'The matrix delivers.' } },
        callers.teamAdmin.headers,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    return order;
  }

  /** Completed the only way there is: the team delivers and the buyer accepts. */
  async function completedOrder(): Promise<Order> {
    const order = await orderIn('delivered');
    const response = await inject('POST', { url: `/api/orders/${order.id}/accept` }, callers.buyer.headers);
    expect(response.statusCode, response.body).toBe(200);
    return order;
  }

  /** A delivered order with an open dispute the buyer opened on it. */
  async function disputedOrder(): Promise<{ order: Order; disputeId: number }> {
    const order = await orderIn('delivered');
    const response = await inject(
      'POST',
      {
        url: `/api/orders/${order.id}/disputes`,
        body: { reason: 'poor_quality', details: 'The delivered work does not build at all.' },
      },
      callers.buyer.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    return { order, disputeId: response.json<{ id: number }>().id };
  }

  /** An open dispute the buyer opened on a delivered order. */
  async function openDispute(): Promise<number> {
    return (await disputedOrder()).disputeId;
  }

  /** A file the buyer added to an order in progress. */
  async function orderFile(): Promise<{ orderId: number; fileId: string }> {
    const order = await orderIn('in_progress');
    const response = await inject(
      'POST',
      {
        url: `/api/orders/${order.id}/files`,
        multipart: multipart('brief.txt', 'text/plain', Buffer.from('matrix brief')),
      },
      callers.buyer.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    return { orderId: order.id, fileId: response.json<{ id: string }>().id };
  }

  /** A saved card of `buyer` (whose older ones are cleared first: there is a cap per user). */
  async function savedMethod(): Promise<number> {
    await query('delete from saved_payment_methods where user_id = $1', [callers.buyer.user!.id]);
    const response = await inject(
      'POST',
      {
        url: '/api/user/payment-methods',
        body: {
          type: 'CREDIT_CARD',
          name: 'Matrix Visa',
          last_four: '4242',
          expiry_month: 12,
          expiry_year: 2030,
        },
      },
      callers.buyer.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  /** Room for one more image in team A's package (at most six): all but its first two go. */
  async function makeRoomInGallery() {
    await query(
      `delete from package_images where package_id = $1 and id not in
         (select id from package_images where package_id = $1 order by position limit 2)`,
      [publishedPackageA],
    );
  }

  /** An image added to team A's published package by its admin: its id and the URL of a width. */
  async function galleryImage(): Promise<{ id: string; url: string }> {
    await makeRoomInGallery();
    const response = await inject(
      'POST',
      {
        url: `/api/service-packages/${publishedPackageA}/images`,
        multipart: multipart('shot.png', 'image/png', await png(40, 30, '#0a0')),
      },
      teamA.admin.headers,
    );
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json<{ images: { id: string; src: string }[] }>().images.at(-1)!;
    return { id: image.id, url: image.src };
  }

  const profileBodies: Record<string, object> = {
    experiences: { title: 'Engineer', company: 'Acme', start_date: '2024-01-01' },
    skills: { name: 'Rust', level: 'Advanced' },
    certificates: { name: 'Cloud Pro', issuer: 'Cloud Inc', issue_date: '2024-01-01' },
    education: { degree: 'BSc', institution: 'Uni', start_date: '2020-01-01' },
  };

  {
    ({ sockets } = await listenWithSockets(context.app));
    fixtures = chatFixtures(context);

    const seller = await fixtures.seller();
    const buyer = await fixtures.buyer();
    const generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    teamA = await fixtures.createTeam({ members: 1 });
    teamB = await fixtures.createTeam({ members: 0 });
    const guest = await fixtures.newGuest('Matrix Guest');
    await fixtures.guestRoom(guest, teamA.id);
    roomA = await fixtures.buyerRoom(buyer, teamA.id);
    publishedPackageA = await insertPackage(teamA.id, 'published');

    const red = await png(8, 8, { r: 200, g: 10, b: 10 });
    const upload = await inject(
      'POST',
      { url: `/api/chat-rooms/${roomA}/upload`, multipart: multipart('red.png', 'image/png', red) },
      buyer.headers,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    fileA = upload.json<ChatMessage>();

    const avatar = await inject(
      'POST',
      { url: '/api/auth/upload-profile-picture', multipart: multipart('me.png', 'image/png', red) },
      teamA.members[0]!.headers,
    );
    expect(avatar.statusCode, avatar.body).toBe(200);
    avatarUrl = avatar.json<{ profile_picture_url: string }>().profile_picture_url;
    galleryImageUrl = (await galleryImage()).url;

    const [chain] = await query<{ category_id: number; type_id: number; sub_type_id: number }>(
      `select t.service_category_id as category_id, t.id as type_id, s.id as sub_type_id
       from project_types t join project_sub_types s on s.project_type_id = t.id
       order by t.id, s.id limit 1`,
    );
    catalogue = { categoryId: chain!.category_id, typeId: chain!.type_id, subTypeId: chain!.sub_type_id };

    const user = (name: ActorName, signedIn: SignedInUser): Caller => ({
      name,
      headers: signedIn.headers,
      user: signedIn,
    });
    callers = {
      visitor: { name: 'visitor', headers: {} },
      guest: { name: 'guest', headers: guest.headers, guest },
      buyer: user('buyer', buyer),
      seller: user('seller', seller),
      member: user('member', teamA.members[0]!),
      teamAdmin: user('teamAdmin', teamA.admin),
      otherAdmin: user('otherAdmin', teamB.admin),
      generalAdmin: user('generalAdmin', generalAdmin),
    };

    const tables = await query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    fingerprintTables = tables
      .map((row) => row.table_name)
      .filter((table) => !TABLES_REFUSALS_MAY_WRITE.has(table) && !REFERENCE_TABLES.has(table))
      .sort();

    const teamBody = (name: string) => ({
      name,
      description: 'Built by the matrix.',
      max_members: 10,
      service_category_id: catalogue.categoryId,
      project_type_id: catalogue.typeId,
      projects_sub_types_id: catalogue.subTypeId,
      technology_ids: [],
    });
    const packageBody = {
      title: 'Matrix package edited',
      description: 'A package that the authorization matrix edits.',
      price: 499,
      duration_days: 10,
    };
    const uniqueName = () => `m${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const offerBody = {
      title: 'Matrix custom offer',
      description: 'An offer that the authorization matrix works on.',
      price: 250,
      duration_days: 7,
      revisions: 1,
    };
    /** A fresh pending offer of team A to `buyer`, sent by team A's admin. */
    const offerA = async () => {
      const response = await inject(
        'POST',
        { url: `/api/chat-rooms/${roomA}/offers`, body: offerBody },
        callers.teamAdmin.headers,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };

    builders = {
      'GET /api/health': () => ({ url: '/api/health' }),
      'GET /uploads/avatars/*': () => ({ url: avatarUrl }),
      'GET /uploads/images/:imageId/:fileName': () => ({ url: galleryImageUrl }),
      'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
      'GET /api/statistics/dashboard': () => ({ url: '/api/statistics/dashboard' }),
      'GET /api/service-categories': () => ({ url: '/api/service-categories' }),
      'GET /api/service-categories/:id': () => ({ url: `/api/service-categories/${catalogue.categoryId}` }),
      'GET /api/project-types': () => ({ url: '/api/project-types' }),
      'GET /api/project-types/:id': () => ({ url: `/api/project-types/${catalogue.typeId}` }),
      'GET /api/project-sub-types': () => ({ url: '/api/project-sub-types' }),
      'GET /api/project-sub-types/:id': () => ({ url: `/api/project-sub-types/${catalogue.subTypeId}` }),
      'GET /api/technologies': () => ({ url: '/api/technologies' }),
      'GET /api/technologies/:id': async () => {
        const [row] = await query<{ id: number }>('select min(id) as id from technologies');
        return { url: `/api/technologies/${row!.id}` };
      },
      'POST /api/contact': () => ({
        url: '/api/contact',
        body: {
          name: 'Matrix',
          email: 'matrix@example.com',
          company: null,
          message: 'Hello from the matrix.',
        },
      }),

      'POST /api/auth/register': () => {
        const name = uniqueName();
        return {
          url: '/api/auth/register',
          body: { username: name, email: `${name}@example.com`, password: 'matrix-pass', role: 'BUYER' },
        };
      },
      'POST /api/auth/login': () => ({
        url: '/api/auth/login',
        body: { username: callers.seller.user!.username, password: TEST_PASSWORD },
      }),
      'POST /api/auth/refresh': async () => ({
        url: '/api/auth/refresh',
        body: { refresh_token: (await freshSession(callers.seller.user!)).refresh },
      }),
      'POST /api/auth/forgot-password': () => ({
        url: '/api/auth/forgot-password',
        body: { email: 'nobody-matrix@example.com' },
      }),
      'POST /api/auth/reset-password': () => ({
        url: '/api/auth/reset-password',
        body: { token: 'not-a-real-token', new_password: 'another-pass' },
      }),
      'POST /api/auth/send-verification': () => ({
        url: '/api/auth/send-verification',
        body: { email: 'nobody-matrix@example.com' },
      }),
      'POST /api/auth/verify-email': () => ({
        url: '/api/auth/verify-email',
        body: { token: 'not-a-real-token' },
      }),
      'POST /api/auth/logout': async (caller) => {
        if (!caller.user) return { url: '/api/auth/logout', body: { refresh_token: 'none' } };
        const session = await freshSession(caller.user);
        return {
          url: '/api/auth/logout',
          body: { refresh_token: session.refresh },
          headers: session.headers,
        };
      },
      'GET /api/auth/me': () => ({ url: '/api/auth/me' }),
      'PUT /api/auth/me': () => ({ url: '/api/auth/me', body: { full_name: 'Matrix Person' } }),
      // A wrong current password: the check runs, nothing changes, no session of the caller ends.
      'POST /api/auth/change-password': () => ({
        url: '/api/auth/change-password',
        body: { current_password: 'not-the-password', new_password: 'brand-new-pass' },
      }),
      'POST /api/auth/upload-profile-picture': async () => ({
        url: '/api/auth/upload-profile-picture',
        multipart: multipart('me.png', 'image/png', await png(4, 4, '#00f')),
      }),
      'GET /api/navigation': () => ({ url: '/api/navigation' }),
      'GET /api/activity': () => ({ url: '/api/activity' }),
      'GET /api/notifications': () => ({ url: '/api/notifications' }),
      'POST /api/notifications/:id/read': async () => {
        // The delivery puts a notification in the buyer's bell.
        await orderIn('delivered');
        const [row] = await query<{ id: number }>(
          'select id from notifications where user_id = $1 order by id desc limit 1',
          [callers.buyer.user!.id],
        );
        return { url: `/api/notifications/${row!.id}/read` };
      },
      'POST /api/notifications/read-all': () => ({ url: '/api/notifications/read-all' }),
      'GET /api/dashboard': () => ({ url: '/api/dashboard' }),

      'POST /api/verification/request': () => ({
        url: '/api/verification/request',
        body: {
          requested_role: 'GENERAL_ADMIN',
          request_message: 'I would like to help review role upgrades for the whole marketplace, please.',
        },
      }),
      'GET /api/verification/my-requests': () => ({ url: '/api/verification/my-requests' }),
      'GET /api/verification/pending': () => ({ url: '/api/verification/pending' }),
      'PUT /api/verification/requests/:id': async () => {
        const applicant = await fixtures.seller();
        const [row] = await query<{ id: number }>(
          `insert into verification_requests (user_id, requested_role, "current_role", request_message, status)
           values ($1, 'TEAM_ADMIN', 'SELLER', $2, 'pending') returning id`,
          [applicant.id, 'Please make me a team admin; I have run teams for years and want to do so here.'],
        );
        return { url: `/api/verification/requests/${row!.id}`, body: { status: 'rejected' } };
      },
      'GET /api/verification/stats': () => ({ url: '/api/verification/stats' }),

      'POST /api/teams': () => ({ url: '/api/teams', body: teamBody(`Matrix team ${uniqueName()}`) }),
      'GET /api/teams': () => ({ url: '/api/teams' }),
      'GET /api/teams/my-teams': () => ({ url: '/api/teams/my-teams' }),
      'GET /api/teams/member-teams': () => ({ url: '/api/teams/member-teams' }),
      'GET /api/teams/:id': () => ({ url: `/api/teams/${teamA.id}` }),
      'PUT /api/teams/:id': () => ({
        url: `/api/teams/${teamA.id}`,
        body: { ...teamBody(teamA.name), is_active: true },
      }),
      'DELETE /api/teams/:id': async () => {
        const team = await fixtures.createTeam({ admin: teamA.admin, members: 0 });
        return { url: `/api/teams/${team.id}` };
      },
      'POST /api/teams/:id/logo': async () => ({
        url: `/api/teams/${teamA.id}/logo`,
        multipart: multipart('logo.png', 'image/png', await png(20, 20, '#f80')),
      }),
      'DELETE /api/teams/:id/logo': () => ({ url: `/api/teams/${teamA.id}/logo` }),
      'POST /api/service-packages/:id/images': async () => {
        await makeRoomInGallery();
        return {
          url: `/api/service-packages/${publishedPackageA}/images`,
          multipart: multipart('shot.png', 'image/png', await png(40, 30, '#00a')),
        };
      },
      'DELETE /api/service-packages/:id/images/:imageId': async () => ({
        url: `/api/service-packages/${publishedPackageA}/images/${(await galleryImage()).id}`,
      }),
      'PUT /api/service-packages/:id/images/order': async () => {
        const rows = await query<{ id: string }>(
          'select id from package_images where package_id = $1 order by position desc',
          [publishedPackageA],
        );
        return {
          url: `/api/service-packages/${publishedPackageA}/images/order`,
          body: { image_ids: rows.map((row) => row.id) },
        };
      },
      'DELETE /api/teams/:id/members/:userId': async () => {
        const newcomer = await fixtures.seller();
        await addMember(teamA.id, newcomer.id);
        return { url: `/api/teams/${teamA.id}/members/${newcomer.id}` };
      },
      // A team of teamA's admin that `member` belongs to, so leaving does not change team A.
      'POST /api/teams/:id/leave': async () => {
        const team = await fixtures.createTeam({ admin: teamA.admin, members: 0 });
        await addMember(team.id, callers.member.user!.id);
        return { url: `/api/teams/${team.id}/leave` };
      },
      'POST /api/teams/apply': async () => {
        const team = await fixtures.createTeam({ members: 0 });
        return { url: '/api/teams/apply', body: { team_id: team.id, application_message: 'Hi' } };
      },
      'GET /api/teams/:id/applications': () => ({
        url: `/api/teams/${teamA.id}/applications?status=pending`,
      }),
      'GET /api/my-applications': () => ({ url: '/api/my-applications' }),
      'PUT /api/team-memberships/:id': async () => {
        const applicant = await fixtures.seller();
        const id = await pendingApplication(teamA.id, applicant.id);
        return { url: `/api/team-memberships/${id}`, body: { status: 'rejected' } };
      },
      'POST /api/team-memberships/:id/withdraw': async () => {
        const team = await fixtures.createTeam({ members: 0 });
        const id = await pendingApplication(team.id, callers.seller.user!.id);
        return { url: `/api/team-memberships/${id}/withdraw` };
      },

      'GET /api/profile': () => ({ url: '/api/profile' }),
      'GET /api/users/:id/profile': () => ({ url: `/api/users/${callers.member.user!.id}/profile` }),
      ...Object.fromEntries(
        Object.keys(profileBodies).flatMap((kind): [string, Builder][] => [
          [`GET /api/profile/${kind}`, () => ({ url: `/api/profile/${kind}` })],
          [`POST /api/profile/${kind}`, () => ({ url: `/api/profile/${kind}`, body: profileBodies[kind] })],
          [
            `PUT /api/profile/${kind}/:id`,
            async () => ({
              url: `/api/profile/${kind}/${await profileItem(kind, callers.member.user!.id)}`,
              body: profileBodies[kind],
            }),
          ],
          [
            `DELETE /api/profile/${kind}/:id`,
            async () => ({ url: `/api/profile/${kind}/${await profileItem(kind, callers.member.user!.id)}` }),
          ],
        ]),
      ),

      'GET /api/service-packages': () => ({ url: '/api/service-packages' }),
      'POST /api/service-packages/search': () => ({
        url: '/api/service-packages/search',
        body: { search_term: 'matrix' },
      }),
      'GET /api/service-packages/my-packages': () => ({
        url: `/api/service-packages/my-packages?team_id=${teamA.id}`,
      }),
      'POST /api/service-packages': () => ({
        url: '/api/service-packages',
        body: { ...packageBody, team_id: teamA.id },
      }),
      'GET /api/service-packages/:id': () => ({ url: `/api/service-packages/${publishedPackageA}` }),
      'PUT /api/service-packages/:id': () => ({
        url: `/api/service-packages/${publishedPackageA}`,
        body: packageBody,
      }),
      'DELETE /api/service-packages/:id': async () => ({
        url: `/api/service-packages/${await insertPackage(teamA.id, 'draft')}`,
      }),
      'POST /api/service-packages/:id/publish': async () => ({
        url: `/api/service-packages/${await insertPackage(teamA.id, 'draft')}/publish`,
      }),
      'POST /api/service-packages/:id/unpublish': async () => ({
        url: `/api/service-packages/${await insertPackage(teamA.id, 'published')}/unpublish`,
      }),
      'GET /api/teams/:id/service-packages': () => ({ url: `/api/teams/${teamA.id}/service-packages` }),

      'POST /api/chat-rooms/get-or-create': () => ({
        url: '/api/chat-rooms/get-or-create',
        body: { team_id: teamA.id },
      }),
      'POST /api/guest-users': () => ({ url: '/api/guest-users', body: { name: 'Another Guest' } }),
      'POST /api/chat-rooms': () => ({
        url: '/api/chat-rooms',
        body: { guest_user_id: callers.guest.guest!.guest_user_id, team_id: teamB.id },
      }),
      // Upgrading ends the guest: a guest of its own each time.
      'POST /api/guest-users/upgrade': async (caller) => {
        const name = uniqueName();
        const body = { username: name, email: `${name}@example.com`, password: 'matrix-pass', role: 'BUYER' };
        if (caller.name !== 'guest') return { url: '/api/guest-users/upgrade', body };
        const guest = await fixtures.newGuest('Upgrading Guest');
        return { url: '/api/guest-users/upgrade', body, headers: guest.headers };
      },
      'GET /api/chat-rooms/:id/access': () => ({ url: `/api/chat-rooms/${roomA}/access` }),
      'GET /api/chat-rooms/:id/messages': () => ({ url: `/api/chat-rooms/${roomA}/messages` }),
      'POST /api/chat-rooms/:id/messages': () => ({
        url: `/api/chat-rooms/${roomA}/messages`,
        body: { message_text: 'Hello from the matrix' },
      }),
      'POST /api/chat-rooms/:id/read': () => ({ url: `/api/chat-rooms/${roomA}/read`, body: {} }),
      'POST /api/chat-rooms/:id/offers': () => ({ url: `/api/chat-rooms/${roomA}/offers`, body: offerBody }),
      'GET /api/offers/:id': async () => ({ url: `/api/offers/${await offerA()}` }),
      'POST /api/offers/:id/decline': async () => ({ url: `/api/offers/${await offerA()}/decline` }),
      'POST /api/offers/:id/withdraw': async () => ({ url: `/api/offers/${await offerA()}/withdraw` }),
      'POST /api/chat-rooms/:id/upload': () => ({
        url: `/api/chat-rooms/${roomA}/upload`,
        multipart: multipart('notes.txt', 'text/plain', Buffer.from('matrix notes')),
      }),
      'GET /api/chat-files/:fileId': () => ({ url: fileA.file_url! }),
      'GET /api/chat-files/:fileId/thumbnail': () => ({ url: fileA.thumbnail_url! }),
      'GET /api/user/chat-rooms': () => ({ url: '/api/user/chat-rooms' }),
      'GET /api/teams/:id/chat-rooms': () => ({ url: `/api/teams/${teamA.id}/chat-rooms` }),

      'POST /api/orders': () => ({
        url: '/api/orders',
        body: {
          service_package_id: publishedPackageA,
          total_amount: 499,
          payment_method: 'paypal',
          paypal_email: 'payer@example.com',
          billing_address: billingAddress,
        },
      }),
      'GET /api/orders': () => ({ url: '/api/orders' }),
      'GET /api/orders/:id': async () => ({ url: `/api/orders/${(await purchase()).id}` }),
      'PUT /api/orders/:id/status': async () => ({
        url: `/api/orders/${(await purchase()).id}/status`,
        body: { status: 'in_progress' },
      }),
      'PUT /api/payments/:id/status': async () => ({
        url: `/api/payments/${(await purchase()).payment!.id}/status`,
        body: { status: 'refunded' },
      }),
      'GET /api/payments/config': () => ({ url: '/api/payments/config' }),
      'GET /api/payments/:id/receipt': async () => ({
        url: `/api/payments/${(await purchase()).payment!.id}/receipt`,
      }),
      'POST /api/payments/webhooks/stripe': () => ({
        url: '/api/payments/webhooks/stripe',
        body: { id: 'evt_matrix', type: 'payment_intent.succeeded' },
      }),
      'POST /api/orders/:id/files': async () => ({
        url: `/api/orders/${(await orderIn('in_progress')).id}/files`,
        multipart: multipart('work.txt', 'text/plain', Buffer.from('matrix work')),
      }),
      'GET /api/orders/:id/files/:fileId': async () => {
        const { orderId, fileId } = await orderFile();
        return { url: `/api/orders/${orderId}/files/${fileId}` };
      },
      'POST /api/orders/:id/deliveries': async () => ({
        url: `/api/orders/${(await orderIn('in_progress')).id}/deliveries`,
        body: { message: 'Delivered by the matrix.' },
      }),
      'GET /api/orders/:id/deliveries': async () => ({
        url: `/api/orders/${(await orderIn('delivered')).id}/deliveries`,
      }),
      'POST /api/orders/:id/accept': async () => ({
        url: `/api/orders/${(await orderIn('delivered')).id}/accept`,
      }),
      'POST /api/orders/:id/revision-requests': async () => ({
        url: `/api/orders/${(await orderIn('delivered')).id}/revision-requests`,
        body: { message: 'Please change the colours.' },
      }),
      'POST /api/orders/:id/disputes': async () => ({
        url: `/api/orders/${(await orderIn('delivered')).id}/disputes`,
        body: { reason: 'other', details: 'We cannot agree on what was ordered.' },
      }),
      'GET /api/disputes': () => ({ url: '/api/disputes?status=open' }),
      'GET /api/disputes/:id': async () => ({ url: `/api/disputes/${await openDispute()}` }),
      'POST /api/disputes/:id/resolve': async () => ({
        url: `/api/disputes/${await openDispute()}/resolve`,
        body: { outcome: 'release', message: 'The work matches the package.' },
      }),
      // A general admin reads an order's conversation only on a dispute: the order has one.
      'GET /api/admin/orders/:id/conversation': async () => ({
        url: `/api/admin/orders/${(await disputedOrder()).order.id}/conversation`,
      }),
      // The file `buyer` sent team A, read through a disputed order between them.
      'GET /api/admin/orders/:id/conversation/files/:fileId': async () => ({
        url: `/api/admin/orders/${(await disputedOrder()).order.id}/conversation/files/${fileA.file_url!.split('/').pop()}`,
      }),
      'POST /api/orders/:id/review': async () => ({
        url: `/api/orders/${(await completedOrder()).id}/review`,
        body: { rating: 5, comment: 'Great work' },
      }),
      'GET /api/service-packages/:id/reviews': () => ({
        url: `/api/service-packages/${publishedPackageA}/reviews`,
      }),
      'GET /api/teams/:id/reviews': () => ({ url: `/api/teams/${teamA.id}/reviews` }),
      'GET /api/teams/:id/profile': () => ({ url: `/api/teams/${teamA.id}/profile` }),
      'GET /api/user/payment-methods': () => ({ url: '/api/user/payment-methods' }),
      'POST /api/user/payment-methods': () => ({
        url: '/api/user/payment-methods',
        body: { type: 'PAYPAL', name: 'Matrix PayPal' },
      }),
      'GET /api/user/payment-methods/:id': async () => ({
        url: `/api/user/payment-methods/${await savedMethod()}`,
      }),
      'PUT /api/user/payment-methods/:id': async () => ({
        url: `/api/user/payment-methods/${await savedMethod()}`,
        body: { name: 'Renamed card', expiry_month: 11, expiry_year: 2031 },
      }),
      'DELETE /api/user/payment-methods/:id': async () => ({
        url: `/api/user/payment-methods/${await savedMethod()}`,
      }),
      'POST /api/user/payment-methods/:id/set-default': async () => ({
        url: `/api/user/payment-methods/${await savedMethod()}/set-default`,
      }),
      'GET /api/user/payment-history': () => ({ url: '/api/user/payment-history' }),
      'GET /api/teams/:id/payout-split': () => ({ url: `/api/teams/${teamA.id}/payout-split` }),
      'PUT /api/teams/:id/payout-split': () => ({
        url: `/api/teams/${teamA.id}/payout-split`,
        body: {
          shares: [
            { user_id: teamA.admin.id, percent: 60 },
            { user_id: teamA.members[0]!.id, percent: 40 },
          ],
        },
      }),
      'GET /api/user/earnings': () => ({ url: '/api/user/earnings' }),
      'GET /api/user/payout-account': () => ({ url: '/api/user/payout-account' }),
      'POST /api/user/payout-account': () => ({ url: '/api/user/payout-account' }),
      'GET /api/admin/finance': () => ({ url: '/api/admin/finance' }),
    };
  }

  return { callers, builders, inject, fingerprint, sockets, roomA };
}
export type RouteWorld = Awaited<ReturnType<typeof createRouteWorld>>;
