import { describe, expect, it } from 'vitest';
import {
  DELIVERY_TEXTS,
  ORDER_STATUSES,
  type DeliveryList,
  type Order,
  type OrderFile,
  type OrderStatus,
  type ServicePackage,
} from '@teamhire/shared';
import { emailsTo, type ErrorBody } from '../../../test/accounts-helpers';
import { socketClient } from '../../../test/chat-helpers';
import { insertOrderIn, multipartFile, orderPartiesSuite, timeline } from '../../../test/delivery-helpers';
import { STORAGE_DRIVERS, storageDriverSuite } from '../../../test/object-store';
import { activityActions, type SignedInUser } from '../../../test/users';

// Delivery files are stored on the local disk or in an S3-compatible bucket: the same scenarios on both.
describe.each(STORAGE_DRIVERS)('deliveries, revisions and acceptance (%s storage)', (driver) => {
  const storage = storageDriverSuite(driver);
  const suite = orderPartiesSuite({}, storage.environment);

  const upload = (caller: SignedInUser | undefined, orderId: number, name: string, content: string) => {
    const body = multipartFile(name, content);
    return suite.context.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/files`,
      headers: { ...caller?.headers, ...body.headers },
      payload: body.payload,
    });
  };

  describe('the transition matrix of the new calls', () => {
    const actors = ['buyer', 'team admin', 'team member', 'general admin', 'stranger', 'anonymous'] as const;
    type ActorName = (typeof actors)[number];
    const callerOf = (actor: ActorName) =>
      ({
        buyer: suite.buyer,
        'team admin': suite.team.admin,
        'team member': suite.team.members[0]!,
        'general admin': suite.generalAdmin,
        stranger: suite.stranger,
        anonymous: undefined,
      })[actor];
    const statuses = ORDER_STATUSES;
    const actions = {
      deliver: { path: 'deliveries', body: { message: 'The work is done.' }, ok: 201 },
      accept: { path: 'accept', body: undefined, ok: 200 },
      revision: { path: 'revision-requests', body: { message: 'Please make the logo larger.' }, ok: 201 },
      dispute: {
        path: 'disputes',
        body: { reason: 'not_as_described', details: 'The delivery is not what the package promised.' },
        ok: 201,
      },
    } as const;
    type ActionName = keyof typeof actions;

    /** Written out by hand from the lifecycle table, so the test checks the table too. */
    function expected(actor: ActorName, action: ActionName, status: OrderStatus): [number, string?] {
      if (actor === 'anonymous') return [401];
      if (actor === 'stranger') return [404];
      const team = actor === 'team admin' || actor === 'team member';
      // An order whose payment never went through is the buyer's only: the team does not learn of it.
      if (team && status === 'pending') return [404];
      if (action === 'deliver') {
        if (!team) return [403, DELIVERY_TEXTS.onlyTeam];
        return status === 'in_progress' ? [201] : [409, DELIVERY_TEXTS.notInProgress];
      }
      if (action === 'accept' || action === 'revision') {
        if (actor !== 'buyer') return [403, DELIVERY_TEXTS.onlyBuyer];
        return status === 'delivered'
          ? [action === 'accept' ? 200 : 201]
          : [409, DELIVERY_TEXTS.notDelivered];
      }
      if (actor === 'general admin') return [403];
      if (status === 'disputed') return [409, DELIVERY_TEXTS.disputeAlreadyOpen];
      return status === 'in_progress' || status === 'delivered'
        ? [201]
        : [409, DELIVERY_TEXTS.disputeNotAllowed];
    }

    const cases = actors.flatMap((actor) =>
      (Object.keys(actions) as ActionName[]).flatMap((action) =>
        statuses.map((status) => ({ actor, action, status })),
      ),
    );

    it.each(cases)('$actor: $action on $status', async ({ actor, action, status }) => {
      const orderId = await insertOrderIn(suite.context, suite.item, suite.buyer.id, status);
      const { path, body } = actions[action];
      const response = await suite.fx.call('POST', `/api/orders/${orderId}/${path}`, callerOf(actor), body);
      const [code, detail] = expected(actor, action, status);
      expect(response.statusCode, response.body).toBe(code);
      if (detail) expect(response.json<ErrorBody>().detail).toBe(detail);
      if (code >= 400) {
        const { rows } = await suite.context.database.pool.query('select status from orders where id = $1', [
          orderId,
        ]);
        expect(rows[0]!.status).toBe(status);
        expect(await timeline(suite.context, orderId)).toEqual([]);
      } else {
        expect((await timeline(suite.context, orderId)).length).toBe(1);
      }
    });
  });

  it('a purchase sets the due date from the confirmation and copies the revisions of the package', async () => {
    const created = await suite.fx.call('POST', '/api/service-packages', suite.team.admin, {
      team_id: suite.team.id,
      title: 'Package with three revisions',
      description: 'A package that offers a few rounds of changes to the buyer.',
      price: 120,
      duration_days: 5,
      revisions: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json<ServicePackage>();
    expect(made.revisions).toBe(3);
    expect(
      (await suite.fx.call('POST', `/api/service-packages/${made.id}/publish`, suite.team.admin)).statusCode,
    ).toBe(200);
    const refused = await suite.fx.call('PUT', `/api/service-packages/${made.id}`, suite.team.admin, {
      title: made.title,
      description: made.description,
      price: 120,
      duration_days: 5,
      revisions: 11,
    });
    expect(refused.statusCode).toBe(422);

    const order = await suite.fx.purchase(suite.buyer, {
      id: made.id,
      title: made.title,
      price: 120,
      team: suite.team,
    });
    expect(order.revisions_included).toBe(3);
    expect(order.revisions_used).toBe(0);
    expect(order.confirmed_at).toBe(suite.time.clock().toISOString());
    expect(new Date(order.due_at!).getTime() - new Date(order.confirmed_at!).getTime()).toBe(5 * 86_400_000);
    expect(order.events.map((event) => event.type)).toEqual(['placed', 'confirmed']);
    expect(order.deliveries).toEqual([]);
    expect(order.dispute).toBeNull();
    // The buyer of a confirmed order may cancel it; a dispute waits until the work has started.
    expect(order.allowed_actions).toEqual(['cancel']);
  });

  it('delivers with files: kept per delivery, served to the parties only, never reused', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'in_progress');

    const first = await upload(suite.team.members[0]!, order.id, '../../etc/report\u0007.pdf', 'the report');
    expect(first.statusCode, first.body).toBe(201);
    const file = first.json<OrderFile>();
    expect(file).toEqual({ id: expect.any(String), file_name: 'report.pdf', size: 10 });
    expect((await upload(suite.stranger, order.id, 'x.txt', 'x')).statusCode).toBe(404);
    expect((await upload(undefined, order.id, 'x.txt', 'x')).statusCode).toBe(401);
    expect((await upload(suite.generalAdmin, order.id, 'x.txt', 'x')).statusCode).toBe(403);

    const elsewhere = await suite.fx.purchase(suite.buyer, suite.item);
    const foreign = (await upload(suite.buyer, elsewhere.id, 'other.txt', 'other')).json<OrderFile>();
    const wrongFile = await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, {
      message: 'Here it is',
      file_ids: [foreign.id],
    });
    expect(wrongFile.statusCode).toBe(409);
    expect(wrongFile.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.fileNotOfOrder);
    const tooMany = await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, {
      message: 'Here it is',
      file_ids: Array.from({ length: 21 }, () => file.id),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(
      (await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, { message: '' }))
        .statusCode,
    ).toBe(422);

    const delivered = await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, {
      message: 'First version, with the report.',
      file_ids: [file.id],
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const after = delivered.json<Order>();
    expect(after.status).toBe('delivered');
    expect(after.delivered_at).toBe(suite.time.clock().toISOString());
    expect(new Date(after.auto_complete_at!).getTime() - suite.time.clock().getTime()).toBe(3 * 86_400_000);
    expect(after.deliveries).toEqual([
      {
        id: expect.any(Number),
        message: 'First version, with the report.',
        files: [file],
        created_at: expect.any(String),
      },
    ]);

    for (const reader of [suite.buyer, suite.team.admin, suite.team.members[0]!, suite.generalAdmin]) {
      const download = await suite.fx.call('GET', `/api/orders/${order.id}/files/${file.id}`, reader);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('the report');
      expect(download.headers['content-disposition']).toContain('attachment');
    }
    expect(
      (await suite.fx.call('GET', `/api/orders/${order.id}/files/${file.id}`, suite.stranger)).statusCode,
    ).toBe(404);
    expect((await suite.fx.call('GET', `/api/orders/${order.id}/files/${file.id}`)).statusCode).toBe(401);
    expect(
      (await suite.fx.call('GET', `/api/orders/${elsewhere.id}/files/${file.id}`, suite.buyer)).statusCode,
    ).toBe(404);

    // A revision, then a second delivery: both are kept, and the first's file cannot move to the second.
    expect(
      (
        await suite.fx.call('POST', `/api/orders/${order.id}/revision-requests`, suite.buyer, {
          message: 'Please add charts.',
        })
      ).statusCode,
    ).toBe(201);
    const reused = await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, {
      message: 'Second version',
      file_ids: [file.id],
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.fileInOtherDelivery);
    expect(
      (
        await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.admin, {
          message: 'Second version',
        })
      ).statusCode,
    ).toBe(201);
    const list = await suite.fx.call('GET', `/api/orders/${order.id}/deliveries`, suite.buyer);
    expect(list.json<DeliveryList>().items.map((delivery) => delivery.message)).toEqual([
      'First version, with the report.',
      'Second version',
    ]);
    expect(
      (await suite.fx.call('GET', `/api/orders/${order.id}/deliveries`, suite.stranger)).statusCode,
    ).toBe(404);
  });

  it('counts revisions until "No revisions left", stopping the timer each time', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'delivered');
    const tooShort = await suite.fx.call('POST', `/api/orders/${order.id}/revision-requests`, suite.buyer, {
      message: 'short',
    });
    expect(tooShort.statusCode).toBe(422);
    const revised = await suite.fx.call('POST', `/api/orders/${order.id}/revision-requests`, suite.buyer, {
      message: 'Please change the colours.',
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const after = revised.json<Order>();
    expect(after).toMatchObject({ status: 'in_progress', revisions_used: 1, auto_complete_at: null });
    expect(after.events.at(-1)).toMatchObject({
      type: 'revision_requested',
      actor: { id: suite.buyer.id, username: suite.buyer.username },
      message: 'Please change the colours.',
    });
    expect(
      (await emailsTo(suite.context, suite.team.admin.email)).some((mail) =>
        mail.subject.startsWith(`Revision requested on order ${order.id}`),
      ),
    ).toBe(true);

    expect(
      (
        await suite.fx.call('POST', `/api/orders/${order.id}/deliveries`, suite.team.members[0]!, {
          message: 'Again',
        })
      ).statusCode,
    ).toBe(201);
    const refused = await suite.fx.call('POST', `/api/orders/${order.id}/revision-requests`, suite.buyer, {
      message: 'One more change, please.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().detail).toBe('No revisions left');
    const now = await suite.fx.call('GET', `/api/orders/${order.id}`, suite.buyer);
    expect(now.json<Order>().allowed_actions).toEqual(['accept', 'open_dispute']);
  });

  it('the buyer accepts: completed, on the timeline, mailed to the team and announced to every party live', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'delivered');
    const origin = await suite.context.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = socketClient(origin);
    try {
      const listeners = await Promise.all(
        [suite.buyer, suite.team.admin, suite.team.members[0]!, suite.stranger].map((user) =>
          sockets.userChannel({ access_token: user.token }),
        ),
      );
      const accepted = await suite.fx.call('POST', `/api/orders/${order.id}/accept`, suite.buyer);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const body = accepted.json<Order>();
      expect(body).toMatchObject({ status: 'completed', auto_complete_at: null, can_review: true });
      expect(body.events.map((event) => event.type)).toEqual([
        'placed',
        'confirmed',
        'work_started',
        'delivered',
        'accepted',
      ]);
      for (const socket of listeners.slice(0, 3)) {
        expect(await socket.next('order_updated', (event) => event.order_id === order.id)).toMatchObject({
          type: 'order_updated',
          status: 'completed',
          event: 'accepted',
        });
      }
      expect(listeners[3]!.all('order_updated')).toEqual([]);
    } finally {
      await sockets.closeAll();
    }
    expect(
      (await emailsTo(suite.context, suite.team.admin.email)).some(
        (mail) => mail.subject === `Order ${order.id} completed: ${suite.item.title}`,
      ),
    ).toBe(true);
    expect(await activityActions(suite.context, suite.buyer.id)).toContain('order.completed');
    expect(await activityActions(suite.context, suite.team.admin.id)).toContain('order.completed');
    const again = await suite.fx.call('POST', `/api/orders/${order.id}/accept`, suite.buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.notDelivered);
  });

  it('the team can no longer complete or deliver through the status call, and says why', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'in_progress');
    for (const [status, detail] of [
      ['completed', DELIVERY_TEXTS.teamCannotComplete],
      ['delivered', DELIVERY_TEXTS.deliverThroughDelivery],
    ] as const) {
      const response = await suite.fx.setStatus(suite.team.admin, order.id, status);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(detail);
    }
  });

  it('the buyer cancels an order in progress only once it is late, with a full refund', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'in_progress');
    const early = await suite.fx.setStatus(suite.buyer, order.id, 'cancelled');
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.notLate);

    suite.time.advanceDays(15);
    const late = await suite.fx.call('GET', `/api/orders/${order.id}`, suite.buyer);
    expect(late.json<Order>().allowed_transitions).toEqual(['cancelled']);
    const cancelled = await suite.fx.setStatus(suite.buyer, order.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });

    // Late but delivered: no cancelling, the buyer accepts, asks for a revision or disputes.
    const delivered = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(delivered, suite.team, 'delivered');
    suite.time.advanceDays(15);
    expect((await suite.fx.setStatus(suite.buyer, delivered.id, 'cancelled')).statusCode).toBe(409);
  });
});
