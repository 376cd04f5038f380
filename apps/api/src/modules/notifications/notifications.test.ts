import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type Notification, type NotificationList } from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { socketClient, type TestTeam } from '../../../test/chat-helpers';
import { insertOrderIn, testClock } from '../../../test/delivery-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('order notifications in the bell', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  let buyer: SignedInUser;
  let stranger: SignedInUser;
  let generalAdmin: SignedInUser;
  let team: TestTeam;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp({ AUTO_COMPLETE_DAYS: '3' }, { clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    stranger = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team });
  });

  afterAll(async () => {
    await context?.close();
  });

  const member = () => team.members[0]!;
  const everyone = () => [buyer, team.admin, member(), generalAdmin, stranger];

  /** Each user's notifications of one order, oldest first, as `kind`. */
  async function kindsByUser(orderId: number): Promise<Map<SignedInUser, string[]>> {
    const { rows } = await context.database.pool.query<{ user_id: number; kind: string }>(
      'select user_id, kind from notifications where order_id = $1 order by id',
      [orderId],
    );
    return new Map(
      everyone().map((user) => [user, rows.filter((row) => row.user_id === user.id).map((row) => row.kind)]),
    );
  }

  async function expectKinds(orderId: number, expected: [SignedInUser, string[]][]) {
    const byUser = await kindsByUser(orderId);
    for (const user of everyone()) {
      const wanted = expected.find(([who]) => who === user)?.[1] ?? [];
      expect(byUser.get(user), `notifications of user ${user.id}`).toEqual(wanted);
    }
  }

  const list = (caller: SignedInUser | undefined, query = '') =>
    fx.call('GET', `/api/notifications${query}`, caller);

  it('tells the other side of every step, never its actor, nor a general admin or a stranger', async () => {
    const order = await fx.purchase(buyer, item);
    // Paid: the team hears of the new order.
    await expectKinds(order.id, [
      [team.admin, ['confirmed']],
      [member(), ['confirmed']],
    ]);

    // A member starts: the buyer hears, the team does not hear of itself.
    expect((await fx.setStatus(member(), order.id, 'in_progress')).statusCode).toBe(200);
    expect(
      (await fx.call('POST', `/api/orders/${order.id}/deliveries`, team.admin, { message: 'Version one.' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await fx.call('POST', `/api/orders/${order.id}/revision-requests`, buyer, {
          message: 'Please make the logo larger.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await fx.call('POST', `/api/orders/${order.id}/deliveries`, member(), { message: 'Version two.' }))
        .statusCode,
    ).toBe(201);
    const dispute = await fx.call('POST', `/api/orders/${order.id}/disputes`, member(), {
      reason: 'scope_disagreement',
      details: 'The buyer asks for more than the package includes.',
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    const resolved = await fx.call(
      'POST',
      `/api/disputes/${dispute.json<{ id: number }>().id}/resolve`,
      generalAdmin,
      { outcome: 'release', message: 'The delivery matches the package.' },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);

    await expectKinds(order.id, [
      [buyer, ['work_started', 'delivered', 'delivered', 'dispute_opened', 'dispute_resolved']],
      [team.admin, ['confirmed', 'revision_requested', 'dispute_resolved']],
      [member(), ['confirmed', 'revision_requested', 'dispute_resolved']],
    ]);

    const buyerList = (await list(buyer)).json<NotificationList>();
    expect(buyerList.items[0]).toMatchObject({
      kind: 'dispute_resolved',
      order_id: order.id,
      text: `The dispute on ${item.title} was resolved: Release to the team`,
      read_at: null,
    });
    expect(buyerList.items.find((entry) => entry.kind === 'delivered')?.text).toBe(
      `${member().username} delivered ${item.title}`,
    );
  });

  it('tells the team of an acceptance, and both sides of an automatic completion', async () => {
    const accepted = await fx.purchase(buyer, item);
    await fx.advance(accepted, team, 'delivered', buyer);
    expect((await fx.call('POST', `/api/orders/${accepted.id}/accept`, buyer)).statusCode).toBe(200);
    await expectKinds(accepted.id, [
      [buyer, ['work_started', 'delivered']],
      [team.admin, ['confirmed', 'accepted']],
      [member(), ['confirmed', 'accepted']],
    ]);

    const timed = await fx.purchase(buyer, item);
    await fx.advance(timed, team, 'delivered');
    time.advance(3 * DAY_MS + 60_000);
    expect(await context.app.orderTimers.autoComplete()).toBeGreaterThanOrEqual(1);
    await expectKinds(timed.id, [
      [buyer, ['work_started', 'delivered', 'auto_completed']],
      [team.admin, ['confirmed', 'auto_completed']],
      [member(), ['confirmed', 'auto_completed']],
    ]);
  });

  it("tells the team of the buyer's cancel, both sides of an admin's refund, the buyer of an expired order", async () => {
    const cancelled = await fx.purchase(buyer, item);
    expect((await fx.setStatus(buyer, cancelled.id, 'cancelled')).statusCode).toBe(200);
    await expectKinds(cancelled.id, [
      [team.admin, ['confirmed', 'cancelled']],
      [member(), ['confirmed', 'cancelled']],
    ]);

    const refunded = await fx.purchase(buyer, item);
    expect((await fx.setStatus(generalAdmin, refunded.id, 'refunded')).statusCode).toBe(200);
    await expectKinds(refunded.id, [
      [buyer, ['refunded']],
      [team.admin, ['confirmed', 'refunded']],
      [member(), ['confirmed', 'refunded']],
    ]);

    const pendingId = await insertOrderIn(context, item, buyer.id, 'pending');
    await context.database.pool.query(
      "update orders set created_at = $2::timestamptz - interval '2 hours' where id = $1",
      [pendingId, time.clock().toISOString()],
    );
    expect(await context.app.orderTimers.expirePending()).toBeGreaterThanOrEqual(1);
    await expectKinds(pendingId, [[buyer, ['expired']]]);
  });

  it('writes nothing when the step is refused', async () => {
    const order = await fx.purchase(buyer, item);
    const before = await kindsByUser(order.id);
    // Not delivered yet: the acceptance is refused and no one is told of it.
    expect((await fx.call('POST', `/api/orders/${order.id}/accept`, buyer)).statusCode).toBe(409);
    expect(await kindsByUser(order.id)).toEqual(before);
  });

  it('tells of a step once when parallel requests race for it', async () => {
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'delivered');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fx.call('POST', `/api/orders/${order.id}/accept`, buyer)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    await expectKinds(order.id, [
      [buyer, ['work_started', 'delivered']],
      [team.admin, ['confirmed', 'accepted']],
      [member(), ['confirmed', 'accepted']],
    ]);
  });

  it("publishes each notification live on its owner's channel only", async () => {
    const order = await fx.purchase(buyer, item);
    expect((await fx.setStatus(team.admin, order.id, 'in_progress')).statusCode).toBe(200);
    const origin = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = socketClient(origin);
    try {
      const [buyerSocket, adminSocket, strangerSocket] = await Promise.all(
        [buyer, team.admin, stranger].map((user) => sockets.userChannel({ access_token: user.token })),
      );
      const delivered = await fx.call('POST', `/api/orders/${order.id}/deliveries`, team.admin, {
        message: 'The finished work.',
      });
      expect(delivered.statusCode, delivered.body).toBe(201);
      const event = await buyerSocket!.next(
        'notification_created',
        (candidate) => candidate.notification.order_id === order.id,
      );
      expect(event.notification).toMatchObject({
        kind: 'delivered',
        order_id: order.id,
        text: `${team.admin.username} delivered ${item.title}`,
        read_at: null,
      });
      // The order_updated event follows the notification, so by then nothing else is on its way.
      await adminSocket!.next('order_updated', (candidate) => candidate.order_id === order.id);
      expect(adminSocket!.all('notification_created')).toEqual([]);
      expect(strangerSocket!.all('notification_created')).toEqual([]);
    } finally {
      await sockets.closeAll();
    }
  });

  describe('the calls', () => {
    let reader: SignedInUser;
    let readerTeam: TestTeam;

    beforeAll(async () => {
      // A buyer of their own, whose bell the tests below count exactly.
      reader = await fx.buyer();
      readerTeam = await fx.createTeam({ members: 0 });
      const readerItem = await fx.createPackage({ team: readerTeam });
      for (let index = 0; index < 3; index += 1) {
        const order = await fx.purchase(reader, readerItem);
        await fx.advance(order, readerTeam, 'delivered');
      }
    });

    it('lists the own notifications newest first, a page at a time, with the unread count', async () => {
      const all = await list(reader);
      expect(all.statusCode, all.body).toBe(200);
      const body = all.json<NotificationList>();
      expect(body).toMatchObject({ total: 6, unread_count: 6, skip: 0, limit: 10 });
      expect(body.items.map((entry) => entry.kind)).toEqual([
        'delivered',
        'work_started',
        'delivered',
        'work_started',
        'delivered',
        'work_started',
      ]);
      const ids = body.items.map((entry) => entry.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);

      const page = (await list(reader, '?skip=2&limit=2')).json<NotificationList>();
      expect(page).toMatchObject({ total: 6, unread_count: 6, skip: 2, limit: 2 });
      expect(page.items.map((entry) => entry.id)).toEqual(ids.slice(2, 4));

      // The team admin of those orders sees only their own (the new orders), none of the buyer's.
      const theirs = (await list(readerTeam.admin)).json<NotificationList>();
      expect(theirs.items.every((entry) => entry.kind === 'confirmed')).toBe(true);
    });

    it('refuses a signed-out caller and a bad page', async () => {
      expect((await list(undefined)).statusCode).toBe(401);
      for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?unknown=1']) {
        const response = await list(reader, query);
        expect(response.statusCode, query).toBe(422);
        expect(response.json<ErrorBody & { errors: unknown[] }>().errors.length).toBeGreaterThan(0);
      }
    });

    it('marks one read, once: the owner only, anyone else is told it does not exist', async () => {
      const [newest] = (await list(reader)).json<NotificationList>().items;
      for (const caller of [stranger, readerTeam.admin, generalAdmin]) {
        const refused = await fx.call('POST', `/api/notifications/${newest!.id}/read`, caller);
        expect(refused.statusCode).toBe(404);
        expect(refused.json<ErrorBody>().detail).toBe(NOTIFICATION_TEXTS.notFound);
      }
      expect((await fx.call('POST', `/api/notifications/${newest!.id}/read`, undefined)).statusCode).toBe(
        401,
      );
      expect((await fx.call('POST', '/api/notifications/abc/read', reader)).statusCode).toBe(422);
      expect((await fx.call('POST', '/api/notifications/999999999/read', reader)).statusCode).toBe(404);
      expect((await list(reader)).json<NotificationList>().unread_count).toBe(6);

      const read = await fx.call('POST', `/api/notifications/${newest!.id}/read`, reader);
      expect(read.statusCode, read.body).toBe(200);
      const first = read.json<Notification>();
      expect(first).toMatchObject({ id: newest!.id, read_at: time.clock().toISOString() });
      time.advance(60_000);
      const again = (
        await fx.call('POST', `/api/notifications/${newest!.id}/read`, reader)
      ).json<Notification>();
      expect(again.read_at).toBe(first.read_at);
      const after = (await list(reader)).json<NotificationList>();
      expect(after.unread_count).toBe(5);
      expect(after.items[0]!.read_at).toBe(first.read_at);
    });

    it("marks all of the caller's read, and only theirs", async () => {
      const othersUnread = (await list(readerTeam.admin)).json<NotificationList>().unread_count;
      expect(othersUnread).toBeGreaterThan(0);
      expect((await fx.call('POST', '/api/notifications/read-all', undefined)).statusCode).toBe(401);
      const marked = await fx.call('POST', '/api/notifications/read-all', reader);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toEqual({ marked: 5 });
      const after = (await list(reader)).json<NotificationList>();
      expect(after.unread_count).toBe(0);
      expect(after.items.every((entry) => entry.read_at !== null)).toBe(true);
      expect((await fx.call('POST', '/api/notifications/read-all', reader)).json()).toEqual({ marked: 0 });
      expect((await list(readerTeam.admin)).json<NotificationList>().unread_count).toBe(othersUnread);
    });
  });
});
