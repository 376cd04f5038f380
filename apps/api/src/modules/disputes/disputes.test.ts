import { describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, type Dispute, type DisputeList, type Order } from '@teamhire/shared';
import { emailsTo, type ErrorBody } from '../../../test/accounts-helpers';
import { orderPartiesSuite, timeline } from '../../../test/delivery-helpers';
import type { SignedInUser } from '../../../test/users';

describe('disputes', () => {
  const suite = orderPartiesSuite({ priceCents: 50_000 });

  const details = 'The delivered site does not load on any phone we tried.';

  async function disputed(
    opener: () => SignedInUser = () => suite.buyer,
  ): Promise<{ order: Order; dispute: Dispute }> {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'delivered');
    const response = await suite.fx.call('POST', `/api/orders/${order.id}/disputes`, opener(), {
      reason: 'poor_quality',
      details,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { order, dispute: response.json<Dispute>() };
  }

  const resolve = (caller: SignedInUser | undefined, id: number, body: object) =>
    suite.fx.call('POST', `/api/disputes/${id}/resolve`, caller, body);

  it('opens one dispute per order, stops the timer, and shows it to both sides and general admins only', async () => {
    const { order, dispute } = await disputed();
    expect(dispute).toMatchObject({
      order_id: order.id,
      status: 'open',
      reason: 'poor_quality',
      details,
      opened_by: { id: suite.buyer.id, username: suite.buyer.username },
      outcome: null,
      order: {
        status: 'disputed',
        total_amount: 500,
        buyer: { id: suite.buyer.id },
        team: { id: suite.team.id },
      },
    });
    const seen = (
      await suite.fx.call('GET', `/api/orders/${order.id}`, suite.team.members[0]!)
    ).json<Order>();
    expect(seen).toMatchObject({ status: 'disputed', auto_complete_at: null, dispute: { id: dispute.id } });
    expect(seen.events.at(-1)).toMatchObject({ type: 'dispute_opened', actor: { id: suite.buyer.id } });

    const second = await suite.fx.call('POST', `/api/orders/${order.id}/disputes`, suite.team.admin, {
      reason: 'other',
      details: 'We disagree with the buyer about everything.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.disputeAlreadyOpen);
    expect(
      (
        await suite.fx.call('POST', `/api/orders/${order.id}/disputes`, suite.buyer, {
          reason: 'other',
          details: 'short',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await suite.fx.call('POST', `/api/orders/${order.id}/disputes`, suite.buyer, {
          reason: 'angry',
          details,
        })
      ).statusCode,
    ).toBe(422);

    for (const reader of [suite.buyer, suite.team.admin, suite.team.members[0]!, suite.generalAdmin]) {
      expect((await suite.fx.call('GET', `/api/disputes/${dispute.id}`, reader)).statusCode).toBe(200);
    }
    expect((await suite.fx.call('GET', `/api/disputes/${dispute.id}`, suite.stranger)).statusCode).toBe(404);
    expect((await suite.fx.call('GET', `/api/disputes/${dispute.id}`)).statusCode).toBe(401);
    expect((await suite.fx.call('GET', '/api/disputes/999999', suite.generalAdmin)).statusCode).toBe(404);
    expect(
      (await emailsTo(suite.context, suite.team.admin.email)).some((mail) =>
        mail.subject.startsWith(`Dispute opened on order ${order.id}`),
      ),
    ).toBe(true);

    // The timer is stopped: days later, a sweep leaves the order in dispute.
    suite.time.advanceDays(10);
    expect(await suite.context.app.orderTimers.autoComplete()).toBe(0);
    expect((await suite.fx.call('GET', `/api/orders/${order.id}`, suite.buyer)).json<Order>().status).toBe(
      'disputed',
    );
  });

  it('lists disputes for general admins, filtered by status, newest first; anyone else gets 403', async () => {
    const { dispute: open } = await disputed(() => suite.team.admin);
    const { dispute: closed } = await disputed();
    expect(
      (await resolve(suite.generalAdmin, closed.id, { outcome: 'release', message: 'The work is fine.' }))
        .statusCode,
    ).toBe(200);

    const all = (await suite.fx.call('GET', '/api/disputes', suite.generalAdmin)).json<DisputeList>();
    expect(all.items.map((item) => item.id).slice(0, 2)).toEqual([closed.id, open.id]);
    const onlyOpen = (
      await suite.fx.call('GET', '/api/disputes?status=open', suite.generalAdmin)
    ).json<DisputeList>();
    expect(onlyOpen.items.every((item) => item.status === 'open')).toBe(true);
    expect(onlyOpen.items.map((item) => item.id)).toContain(open.id);
    expect(onlyOpen.items.map((item) => item.id)).not.toContain(closed.id);
    const resolved = (
      await suite.fx.call('GET', '/api/disputes?status=resolved&limit=1', suite.generalAdmin)
    ).json<DisputeList>();
    expect(resolved).toMatchObject({ limit: 1, skip: 0, items: [{ id: closed.id, status: 'resolved' }] });
    expect((await suite.fx.call('GET', '/api/disputes?status=closed', suite.generalAdmin)).statusCode).toBe(
      422,
    );
    for (const caller of [suite.buyer, suite.team.admin, suite.stranger]) {
      expect((await suite.fx.call('GET', '/api/disputes', caller)).statusCode).toBe(403);
    }
    expect((await suite.fx.call('GET', '/api/disputes')).statusCode).toBe(401);
  });

  it('release completes the order and pays nothing back; both sides read the message; twice is 409', async () => {
    const { order, dispute } = await disputed();
    for (const caller of [suite.buyer, suite.team.admin]) {
      expect(
        (await resolve(caller, dispute.id, { outcome: 'release', message: 'Decided by a party.' }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await resolve(suite.generalAdmin, dispute.id, { outcome: 'release', message: 'short' })).statusCode,
    ).toBe(422);
    const response = await resolve(suite.generalAdmin, dispute.id, {
      outcome: 'release',
      message: 'The delivery matches the package description.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({
      status: 'resolved',
      outcome: 'release',
      refund_amount: 0,
      resolution_message: 'The delivery matches the package description.',
      resolved_by: { id: suite.generalAdmin.id },
    });
    for (const reader of [suite.buyer, suite.team.members[0]!]) {
      const seen = (await suite.fx.call('GET', `/api/orders/${order.id}`, reader)).json<Order>();
      expect(seen).toMatchObject({ status: 'completed', payment: { status: 'completed' } });
      expect(seen.dispute!.resolution_message).toBe('The delivery matches the package description.');
      expect(seen.events.at(-1)).toMatchObject({
        type: 'dispute_resolved',
        message: 'Release to the team: The delivery matches the package description.',
      });
    }
    for (const address of [suite.buyer.email, suite.team.admin.email]) {
      expect(
        (await emailsTo(suite.context, address)).some((mail) =>
          mail.subject.startsWith(`Dispute on order ${order.id} resolved`),
        ),
      ).toBe(true);
    }
    const again = await resolve(suite.generalAdmin, dispute.id, {
      outcome: 'refund',
      message: 'Changed my mind entirely.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.disputeResolved);
  });

  it('refund returns everything through the provider and refunds the order', async () => {
    const { order, dispute } = await disputed(() => suite.team.members[0]!);
    const response = await resolve(suite.generalAdmin, dispute.id, {
      outcome: 'refund',
      message: 'The team could not deliver what was sold.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({ outcome: 'refund', refund_amount: 500 });
    const seen = (await suite.fx.call('GET', `/api/orders/${order.id}`, suite.buyer)).json<Order>();
    expect(seen).toMatchObject({ status: 'refunded', payment: { status: 'refunded' } });
    const { rows } = await suite.context.database.pool.query(
      'select refunded_cents from payments where order_id = $1',
      [order.id],
    );
    expect(rows[0]!.refunded_cents).toBe(50_000);
  });

  it('partial refund checks the amount, completes the order and returns only that amount', async () => {
    const { order, dispute } = await disputed();
    const tooMuch = await resolve(suite.generalAdmin, dispute.id, {
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
      expect((await resolve(suite.generalAdmin, dispute.id, body)).statusCode, JSON.stringify(body)).toBe(
        422,
      );
    }
    const response = await resolve(suite.generalAdmin, dispute.id, {
      outcome: 'partial_refund',
      refund_amount: 125.5,
      message: 'Half of the work was done well.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Dispute>()).toMatchObject({ outcome: 'partial_refund', refund_amount: 125.5 });
    const seen = (await suite.fx.call('GET', `/api/orders/${order.id}`, suite.buyer)).json<Order>();
    expect(seen).toMatchObject({ status: 'completed', payment: { status: 'completed' } });
    const { rows } = await suite.context.database.pool.query(
      'select refunded_cents from payments where order_id = $1',
      [order.id],
    );
    expect(rows[0]!.refunded_cents).toBe(12_550);
    expect(await timeline(suite.context, order.id)).toEqual([
      `placed:${suite.buyer.id}`,
      'confirmed:system',
      `work_started:${suite.team.admin.id}`,
      `delivered:${suite.team.admin.id}`,
      `dispute_opened:${suite.buyer.id}`,
      `dispute_resolved:${suite.generalAdmin.id}`,
    ]);
  });

  it('a dispute on an order in progress, opened by the team', async () => {
    const order = await suite.fx.purchase(suite.buyer, suite.item);
    await suite.fx.advance(order, suite.team, 'in_progress');
    const response = await suite.fx.call('POST', `/api/orders/${order.id}/disputes`, suite.team.admin, {
      reason: 'scope_disagreement',
      details: 'The buyer keeps asking for things outside the package.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      (await emailsTo(suite.context, suite.buyer.email)).some((mail) =>
        mail.subject.startsWith(`Dispute opened on order ${order.id}`),
      ),
    ).toBe(true);
  });
});
