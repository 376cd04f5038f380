import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type NotificationList } from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { socketClient, type TestTeam } from '../../../test/chat-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

const REASON = 'I have led two delivery teams for three years and would like to run one here.';

describe('application and verification notifications', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let generalAdmin: SignedInUser;
  let otherGeneralAdmin: SignedInUser;
  let stranger: SignedInUser;
  let team: TestTeam;

  beforeAll(async () => {
    context = await createTestApp();
    fx = orderFixtures(context);
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    otherGeneralAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    stranger = await fx.buyer();
    team = await fx.createTeam({ members: 1 });
  });

  afterAll(async () => {
    await context?.close();
  });

  const list = async (user: SignedInUser) =>
    (await fx.call('GET', '/api/notifications', user)).json<NotificationList>();

  async function kindsOf(user: SignedInUser): Promise<string[]> {
    const { rows } = await context.database.pool.query<{ kind: string }>(
      'select kind from notifications where user_id = $1 order by id',
      [user.id],
    );
    return rows.map((row) => row.kind);
  }

  async function apply(seller: SignedInUser, teamId: number) {
    const response = await fx.call('POST', '/api/teams/apply', seller, { team_id: teamId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  /** A stranger can neither list nor mark the recipient's notification. */
  async function expectPrivate(notificationId: number) {
    expect((await list(stranger)).items.some((item) => item.id === notificationId)).toBe(false);
    const refused = await fx.call('POST', `/api/notifications/${notificationId}/read`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorBody>().detail).toBe(NOTIFICATION_TEXTS.notFound);
  }

  it("tells the team's admin of a new application, live, and not the applicant", async () => {
    const seller = await fx.seller();
    const origin = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = socketClient(origin);
    try {
      const adminSocket = await sockets.userChannel({ access_token: team.admin.token });
      await apply(seller, team.id);
      const event = await adminSocket!.next(
        'notification_created',
        (candidate) => candidate.notification.kind === 'application_received',
      );
      expect(event.notification).toMatchObject({
        kind: 'application_received',
        order_id: null,
        link: '/teams/manage',
        text: `${seller.username} applied to join ${team.name}`,
        read_at: null,
      });
    } finally {
      await sockets.closeAll();
    }
    expect(await kindsOf(seller)).toEqual([]);
    expect(await kindsOf(team.members[0]!)).toEqual([]);
    const [received] = (await list(team.admin)).items;
    expect(received).toMatchObject({ kind: 'application_received', link: '/teams/manage' });
    await expectPrivate(received!.id);
    const read = await fx.call('POST', `/api/notifications/${received!.id}/read`, team.admin);
    expect(read.statusCode, read.body).toBe(200);
  });

  it.each(['approved', 'rejected'] as const)(
    'tells the applicant their application was %s, not the admin who decided',
    async (status) => {
      const seller = await fx.seller();
      const applicationId = await apply(seller, team.id);
      const before = await kindsOf(team.admin);
      const decided = await fx.call('PUT', `/api/team-memberships/${applicationId}`, team.admin, {
        status,
        response_message: 'Welcome aboard.',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(await kindsOf(seller)).toEqual([`application_${status}`]);
      expect(await kindsOf(team.admin)).toEqual(before);
      const [told] = (await list(seller)).items;
      expect(told).toMatchObject({
        order_id: null,
        link: '/teams/my-teams',
        text: `Your application to ${team.name} was ${status}`,
      });
      await expectPrivate(told!.id);
    },
  );

  it('writes nothing for a refused application', async () => {
    const seller = await fx.seller();
    await apply(seller, team.id);
    const before = await kindsOf(team.admin);
    expect((await fx.call('POST', '/api/teams/apply', seller, { team_id: team.id })).statusCode).toBe(409);
    expect(await kindsOf(team.admin)).toEqual(before);
  });

  it('tells every general admin of a verification request, then the user of the decision', async () => {
    const seller = await fx.seller();
    const submitted = await fx.call('POST', '/api/verification/request', seller, {
      requested_role: 'TEAM_ADMIN',
      request_message: REASON,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    for (const admin of [generalAdmin, otherGeneralAdmin]) {
      const [newest] = (await list(admin)).items;
      expect(newest).toMatchObject({
        kind: 'verification_submitted',
        order_id: null,
        link: '/admin/verifications',
        text: `${seller.username} asked to become a Team Admin`,
      });
    }
    expect(await kindsOf(seller)).toEqual([]);
    expect(await kindsOf(team.admin)).not.toContain('verification_submitted');
    await expectPrivate((await list(generalAdmin)).items[0]!.id);

    const adminBefore = await kindsOf(generalAdmin);
    const decided = await fx.call(
      'PUT',
      `/api/verification/requests/${submitted.json<{ id: number }>().id}`,
      generalAdmin,
      { status: 'rejected' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await kindsOf(seller)).toEqual(['verification_rejected']);
    expect(await kindsOf(generalAdmin)).toEqual(adminBefore);
    const [told] = (await list(seller)).items;
    expect(told).toMatchObject({
      link: '/verification',
      text: 'Your request to become a Team Admin was rejected',
    });
    await expectPrivate(told!.id);
  });

  it('tells the user of an approval', async () => {
    const seller = await fx.seller();
    const submitted = await fx.call('POST', '/api/verification/request', seller, {
      requested_role: 'TEAM_ADMIN',
      request_message: REASON,
    });
    const decided = await fx.call(
      'PUT',
      `/api/verification/requests/${submitted.json<{ id: number }>().id}`,
      otherGeneralAdmin,
      { status: 'approved', response_message: 'Welcome.' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await kindsOf(seller)).toEqual(['verification_approved']);
  });

  it('lists only the unread ones when asked, counting them as the total', async () => {
    const seller = await fx.seller();
    const otherTeam = await fx.createTeam({ members: 0 });
    await apply(seller, otherTeam.id);
    await apply(await fx.seller(), otherTeam.id);
    const [newest] = (await list(otherTeam.admin)).items;
    await fx.call('POST', `/api/notifications/${newest!.id}/read`, otherTeam.admin);
    const unread = await fx.call('GET', '/api/notifications?unread=true', otherTeam.admin);
    expect(unread.statusCode, unread.body).toBe(200);
    expect(unread.json<NotificationList>()).toMatchObject({ total: 1, unread_count: 1 });
    expect(unread.json<NotificationList>().items.every((item) => item.read_at === null)).toBe(true);
    expect((await fx.call('GET', '/api/notifications?unread=maybe', otherTeam.admin)).statusCode).toBe(422);
  });
});
