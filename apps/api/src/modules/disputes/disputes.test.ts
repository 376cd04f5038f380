import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, type Dispute, type DisputeList, type Order } from '@teamhire/shared';
import { emailsTo, type ErrorBody } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { testClock, timeline } from '../../../test/delivery-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

describe('disputes', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  let buyer: SignedInUser;
  let stranger: SignedInUser;
  let generalAdmin: SignedInUser;
  let team: TestTeam;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp({}, { clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    stranger = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team, priceCents: 50_000 });
  });

  afterAll(async () => {
    await context?.close();
  });

  const details = 'The delivered site does not load on any phone we tried.';

  async function disputed(
    opener: () => SignedInUser = () => buyer,
  ): Promise<{ order: Order; dispute: Dispute }> {
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'delivered');
    const response = await fx.call('POST', `/api/orders/${order.id}/disputes`, opener(), {
      reason: 'poor_quality',
      details,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { order, dispute: response.json<Dispute>() };
  }

  const resolve = (caller: SignedInUser | undefined, id: number, body: object) =>
    fx.call('POST', `/api/disputes/${id}/resolve`, caller, body);

  it('opens one dispute per order, stops the timer, and shows it to both sides and general admins only', async () => {
    const { order, dispute } = await disputed();
    expect(dispute).toMatchObject({
      order_id: order.id,
      status: 'open',
      reason: 'poor_quality',
      details,
      opened_by: { id: buyer.id, username: buyer.username },
      outcome: null,
      order: { status: 'disputed', total_amount: 500, buyer: { id: buyer.id }, team: { id: team.id } },
    });
    const seen = (await fx.call('GET', `/api/orders/${order.id}`, team.members[0]!)).json<Order>();
    expect(seen).toMatchObject({ status: 'disputed', auto_complete_at: null, dispute: { id: dispute.id } });
    expect(seen.events.at(-1)).toMatchObject({ type: 'dispute_opened', actor: { id: buyer.id } });

    const second = await fx.call('POST', `/api/orders/${order.id}/disputes`, team.admin, {
      reason: 'other',
      details: 'We disagree with the buyer about everything.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.disputeAlreadyOpen);
    expect(
      (
        await fx.call('POST', `/api/orders/${order.id}/disputes`, buyer, {
          reason: 'other',
          details: 'short',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await fx.call('POST', `/api/orders/${order.id}/disputes`, buyer, { reason: 'angry', details }))
        .statusCode,
    ).toBe(422);

    for (const reader of [buyer, team.admin, team.members[0]!, generalAdmin]) {
      expect((await fx.call('GET', `/api/disputes/${dispute.id}`, reader)).statusCode).toBe(200);
    }
    expect((await fx.call('GET', `/api/disputes/${dispute.id}`, stranger)).statusCode).toBe(404);
    expect((await fx.call('GET', `/api/disputes/${dispute.id}`)).statusCode).toBe(401);
    expect((await fx.call('GET', '/api/disputes/999999', generalAdmin)).statusCode).toBe(404);
    expect(
      (await emailsTo(context, team.admin.email)).some((mail) =>
        mail.subject.startsWith(`Dispute opened on order ${order.id}`),
      ),
    ).toBe(true);

    // The timer is stopped: days later, a sweep leaves the order in dispute.
    time.advanceDays(10);
    expect(await context.app.orderTimers.autoComplete()).toBe(0);
    expect((await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>().status).toBe('disputed');
  });

  it('lists disputes for general admins, filtered by status, newest first; anyone else gets 403', async () => {
    const { dispute: open } = await disputed(() => team.admin);
    const { dispute: closed } = await disputed();
    expect(
      (await resolve(generalAdmin, closed.id, { outcome: 'release', message: 'The work is fine.' }))
        .statusCode,
    ).toBe(200);

    const all = (await fx.call('GET', '/api/disputes', generalAdmin)).json<DisputeList>();
    expect(all.items.map((item) => item.id).slice(0, 2)).toEqual([closed.id, open.id]);
    const onlyOpen = (await fx.call('GET', '/api/disputes?status=open', generalAdmin)).json<DisputeList>();
    expect(onlyOpen.items.every((item) => item.status === 'open')).toBe(true);
    expect(onlyOpen.items.map((item) => item.id)).toContain(open.id);
    expect(onlyOpen.items.map((item) => item.id)).not.toContain(closed.id);
    const resolved = (
      await fx.call('GET', '/api/disputes?status=resolved&limit=1', generalAdmin)
    ).json<DisputeList>();
    expect(resolved).toMatchObject({ limit: 1, skip: 0, items: [{ id: closed.id, status: 'resolved' }] });
    expect((await fx.call('GET', '/api/disputes?status=closed', generalAdmin)).statusCode).toBe(422);
    for (const caller of [buyer, team.admin, stranger]) {
      expect((await fx.call('GET', '/api/disputes', caller)).statusCode).toBe(403);
    }
    expect((await fx.call('GET', '/api/disputes')).statusCode).toBe(401);
  });

  it('release completes the order and pays nothing back; both sides read the message; twice is 409', async () => {
    const { order, dispute } = await disputed();
    for (const caller of [buyer, team.admin]) {
      expect(
        (await resolve(caller, dispute.id, { outcome: 'release', message: 'Decided by a party.' }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await resolve(generalAdmin, dispute.id, { outcome: 'release', message: 'short' })).statusCode,
    ).toBe(422);
    const response = await resolve(generalAdmin, dispute.id, {
      outcome: 'release',
      message: 'The delivery matches the package description.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({
      status: 'resolved',
      outcome: 'release',
      refund_amount: 0,
      resolution_message: 'The delivery matches the package description.',
      resolved_by: { id: generalAdmin.id },
    });
    for (const reader of [buyer, team.members[0]!]) {
      const seen = (await fx.call('GET', `/api/orders/${order.id}`, reader)).json<Order>();
      expect(seen).toMatchObject({ status: 'completed', payment: { status: 'completed' } });
      expect(seen.dispute!.resolution_message).toBe('The delivery matches the package description.');
      expect(seen.events.at(-1)).toMatchObject({
        type: 'dispute_resolved',
        message: 'Release to the team: The delivery matches the package description.',
      });
    }
    for (const address of [buyer.email, team.admin.email]) {
      expect(
        (await emailsTo(context, address)).some((mail) =>
          mail.subject.startsWith(`Dispute on order ${order.id} resolved`),
        ),
      ).toBe(true);
    }
    const again = await resolve(generalAdmin, dispute.id, {
      outcome: 'refund',
      message: 'Changed my mind entirely.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.disputeResolved);
  });

  it('refund returns everything through the provider and refunds the order', async () => {
    const { order, dispute } = await disputed(() => team.members[0]!);
    const response = await resolve(generalAdmin, dispute.id, {
      outcome: 'refund',
      message: 'The team could not deliver what was sold.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({ outcome: 'refund', refund_amount: 500 });
    const seen = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
    expect(seen).toMatchObject({ status: 'refunded', payment: { status: 'refunded' } });
    const { rows } = await context.database.pool.query(
      'select refunded_cents from payments where order_id = $1',
      [order.id],
    );
    expect(rows[0]!.refunded_cents).toBe(50_000);
  });

  it('partial refund checks the amount, completes the order and returns only that amount', async () => {
    const { order, dispute } = await disputed();
    const tooMuch = await resolve(generalAdmin, dispute.id, {
      outcome: 'partial_refund',
      refund_amount: 500,
      message: 'Half of the work was done well.',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.refundAmountRange);
    for (const body of [
      { outcome: 'partial_refund', refund_amount: 0, message: 'Half of the work was done.' },
      { outcome: 'partial_refund', message: 'Half of the work was done.' },
      { outcome: 'release', refund_amount: 10, message: 'Half of the work was done.' },
      { outcome: 'partial_refund', refund_amount: 10.005, message: 'Half of the work was done.' },
    ]) {
      expect((await resolve(generalAdmin, dispute.id, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const response = await resolve(generalAdmin, dispute.id, {
      outcome: 'partial_refund',
      refund_amount: 125.5,
      message: 'Half of the work was done well.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({ outcome: 'partial_refund', refund_amount: 125.5 });
    const seen = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
    expect(seen).toMatchObject({ status: 'completed', payment: { status: 'completed' } });
    const { rows } = await context.database.pool.query(
      'select refunded_cents from payments where order_id = $1',
      [order.id],
    );
    expect(rows[0]!.refunded_cents).toBe(12_550);
    expect(await timeline(context, order.id)).toEqual([
      `placed:${buyer.id}`,
      'confirmed:system',
      `work_started:${team.admin.id}`,
      `delivered:${team.admin.id}`,
      `dispute_opened:${buyer.id}`,
      `dispute_resolved:${generalAdmin.id}`,
    ]);
  });

  it('a dispute on an order in progress, opened by the team', async () => {
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'in_progress');
    const response = await fx.call('POST', `/api/orders/${order.id}/disputes`, team.admin, {
      reason: 'scope_disagreement',
      details: 'The buyer keeps asking for things outside the package.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      (await emailsTo(context, buyer.email)).some((mail) =>
        mail.subject.startsWith(`Dispute opened on order ${order.id}`),
      ),
    ).toBe(true);
  });
});
