import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, ORDER_TEXTS, type Order, type OrderConversation } from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart } from '../../../test/uploads';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

/**
 * Issue 33: a general admin read the conversation of any order, with no dispute on it, and nothing
 * kept a trace. The conversation (and its files) is read only for an order with a dispute, open or
 * resolved, and each read is recorded: who, when, which order.
 */
describe("a general admin reads an order's conversation only on a dispute, and each read is recorded", () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let buyer: SignedInUser;
  let outsider: SignedInUser;
  let generalAdmin: SignedInUser;
  let otherAdmin: SignedInUser;
  let team: TestTeam;
  let item: TestPackage;
  let fileId: string;

  const read = (caller: SignedInUser | undefined, orderId: number) =>
    fx.call('GET', `/api/admin/orders/${orderId}/conversation`, caller);
  const download = (caller: SignedInUser | undefined, orderId: number) =>
    fx.call('GET', `/api/admin/orders/${orderId}/conversation/files/${fileId}`, caller);
  const reads = async (orderId: number) =>
    (
      await context.database.pool.query<{ admin_id: number; order_id: number; read_at: Date }>(
        'select admin_id, order_id, read_at from conversation_reads where order_id = $1 order by id',
        [orderId],
      )
    ).rows;

  /** A confirmed order of `buyer`, started and delivered by the team, with a dispute the buyer opened. */
  async function disputedOrder(): Promise<{ order: Order; disputeId: number }> {
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'delivered');
    const opened = await fx.call('POST', `/api/orders/${order.id}/disputes`, buyer, {
      reason: 'poor_quality',
      details: 'The delivered logo is not the one we agreed on in the chat.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return { order, disputeId: opened.json<{ id: number }>().id };
  }

  beforeAll(async () => {
    context = await createTestApp();
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    outsider = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    otherAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team });
    const roomId = await fx.buyerRoom(buyer, team.id);
    await fx.send(buyer, roomId, 'The logo must be blue.');
    const file = multipart('brief.txt', 'text/plain', Buffer.from('the brief'));
    const uploaded = await context.app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/upload`,
      headers: { ...buyer.headers, ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    fileId = uploaded.json<{ file_url: string }>().file_url.split('/').pop()!;
  });
  afterAll(() => context?.close());

  it('refuses an order without a dispute with 403 and the text, its files too, and records nothing', async () => {
    const order = await fx.purchase(buyer, item);
    for (const response of [await read(generalAdmin, order.id), await download(generalAdmin, order.id)]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<ErrorBody>()).toEqual({
        code: 'forbidden',
        detail: DELIVERY_TEXTS.conversationOnlyOnDispute,
      });
    }
    // Nor for an order in progress or delivered, before anyone opens a dispute.
    await fx.advance(order, team, 'delivered');
    expect((await read(generalAdmin, order.id)).statusCode).toBe(403);
    expect(await reads(order.id)).toEqual([]);
  });

  it('answers 200 on an open dispute and records each read: who, when, which order', async () => {
    const { order } = await disputedOrder();
    const before = Date.now();
    const first = await read(generalAdmin, order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<OrderConversation>().items.map((message) => message.message_text)).toContain(
      'The logo must be blue.',
    );
    expect((await read(generalAdmin, order.id)).statusCode).toBe(200);
    expect((await read(otherAdmin, order.id)).statusCode).toBe(200);
    const rows = await reads(order.id);
    expect(rows.map((row) => [row.admin_id, row.order_id])).toEqual([
      [generalAdmin.id, order.id],
      [generalAdmin.id, order.id],
      [otherAdmin.id, order.id],
    ]);
    for (const row of rows) {
      expect(row.read_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.read_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // A file of the conversation is a read too.
    const file = await download(generalAdmin, order.id);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the brief');
    expect(await reads(order.id)).toHaveLength(4);
  });

  it('answers 200 once the dispute is resolved', async () => {
    const { order, disputeId } = await disputedOrder();
    const resolved = await fx.call('POST', `/api/disputes/${disputeId}/resolve`, generalAdmin, {
      outcome: 'release',
      message: 'The delivery matches the package description.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await read(generalAdmin, order.id)).statusCode).toBe(200);
    expect((await download(generalAdmin, order.id)).statusCode).toBe(200);
    expect(await reads(order.id)).toHaveLength(2);
  });

  it('still refuses the parties (403) and anyone else (404) on a disputed order, recording nothing', async () => {
    const { order } = await disputedOrder();
    for (const party of [buyer, team.admin, team.members[0]!]) {
      const response = await read(party, order.id);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.onlyGeneralAdmin);
      expect((await download(party, order.id)).statusCode).toBe(403);
    }
    const stranger = await read(outsider, order.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<ErrorBody>().detail).toBe(ORDER_TEXTS.orderNotFound);
    expect((await download(outsider, order.id)).statusCode).toBe(404);
    expect((await read(undefined, order.id)).statusCode).toBe(401);
    expect((await read(generalAdmin, 999_999)).statusCode).toBe(404);
    expect(await reads(order.id)).toEqual([]);
  });
});
