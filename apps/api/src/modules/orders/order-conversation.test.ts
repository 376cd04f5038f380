import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, ORDER_TEXTS, type Order, type OrderConversation } from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { STORAGE_DRIVERS, storageDriverSuite } from '../../../test/object-store';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart } from '../../../test/uploads';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

// The conversation's files are read from the local disk or from an S3-compatible bucket.
describe.each(STORAGE_DRIVERS)("a general admin reads an order's conversation (%s storage)", (driver) => {
  const storage = storageDriverSuite(driver);
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let seller: SignedInUser;
  let generalAdmin: SignedInUser;
  let team: TestTeam;
  let item: TestPackage;
  let order: Order;
  let otherOrder: Order;
  let roomId: number;
  let otherFileId: string;

  beforeAll(async () => {
    context = await createTestApp(storage.environment());
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    otherBuyer = await fx.buyer();
    seller = await fx.seller();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team });
    roomId = await fx.buyerRoom(buyer, team.id);
    await fx.send(buyer, roomId, 'Can you make the logo blue?');
    await fx.send(team.admin, roomId, 'Yes, blue it is.');
    const file = multipart('brief.txt', 'text/plain', Buffer.from('the brief'));
    const upload = await context.app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/upload`,
      headers: { ...buyer.headers, ...file.headers },
      payload: file.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await fx.send(team.members[0]!, roomId, 'Brief received.');
    order = await fx.purchase(buyer, item);
    // The other buyer has an order of their own with the same team, and their own conversation.
    otherOrder = await fx.purchase(otherBuyer, item);
    const otherRoom = await fx.buyerRoom(otherBuyer, team.id);
    await fx.send(otherBuyer, otherRoom, 'A private word.');
    const otherFile = multipart('private.txt', 'text/plain', Buffer.from('private'));
    const otherUpload = await context.app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${otherRoom}/upload`,
      headers: { ...otherBuyer.headers, ...otherFile.headers },
      payload: otherFile.payload,
    });
    expect(otherUpload.statusCode, otherUpload.body).toBe(201);
    otherFileId = otherUpload.json<{ file_url: string }>().file_url.split('/').pop()!;
    await openDispute(buyer, order);
    await openDispute(otherBuyer, otherOrder);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A general admin reads an order's conversation only on a dispute: the buyer opens one. */
  async function openDispute(orderBuyer: SignedInUser, disputed: Order) {
    await fx.advance(disputed, team, 'in_progress');
    const response = await fx.call('POST', `/api/orders/${disputed.id}/disputes`, orderBuyer, {
      reason: 'scope_disagreement',
      details: 'We agreed on a blue logo in the chat, and this one is red.',
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  const read = (caller: SignedInUser | undefined, orderId: number, query = '') =>
    fx.call('GET', `/api/admin/orders/${orderId}/conversation${query}`, caller);

  it("lists the messages and files of the room of the order's buyer and team, oldest first, files linking to the admin's download", async () => {
    const response = await read(generalAdmin, order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OrderConversation>();
    expect(body.chat_room_id).toBe(roomId);
    expect(body.next_before).toBeNull();
    expect(
      body.items.map((message) => [message.sender_name, message.sender_role, message.message_type]),
    ).toEqual([
      [buyer.username, 'buyer', 'text'],
      [team.admin.username, 'admin', 'text'],
      [buyer.username, 'buyer', 'file'],
      [team.members[0]!.username, 'member', 'text'],
    ]);
    expect(body.items[0]!.message_text).toBe('Can you make the logo blue?');
    const fileId = (
      await context.database.pool.query<{ id: string }>('select id from chat_files where chat_room_id = $1', [
        roomId,
      ])
    ).rows[0]!.id;
    expect(body.items[2]).toMatchObject({
      file_name: 'brief.txt',
      file_size: 9,
      file_url: `/api/admin/orders/${order.id}/conversation/files/${fileId}`,
      thumbnail_url: null,
    });
    // Nothing of the other buyer's conversation.
    expect(body.items.some((message) => message.message_text === 'A private word.')).toBe(false);
  });

  it('pages back with `before`', async () => {
    const newest = (await read(generalAdmin, order.id, '?limit=2')).json<OrderConversation>();
    expect(newest.items.map((message) => message.message_type)).toEqual(['file', 'text']);
    expect(newest.next_before).toBe(newest.items[0]!.id);
    const older = (
      await read(generalAdmin, order.id, `?limit=2&before=${newest.next_before}`)
    ).json<OrderConversation>();
    expect(older.items.map((message) => message.message_text)).toEqual([
      'Can you make the logo blue?',
      'Yes, blue it is.',
    ]);
    expect(older.next_before).toBeNull();
  });

  it('answers an empty conversation when the buyer and the team never wrote', async () => {
    const quietBuyer = await fx.buyer();
    const quiet = await fx.purchase(quietBuyer, item);
    await openDispute(quietBuyer, quiet);
    const response = await read(generalAdmin, quiet.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ chat_room_id: null, items: [], next_before: null });
  });

  it("refuses the order's parties (403), anyone else as if the order did not exist (404), and a bad request (422)", async () => {
    for (const party of [buyer, team.admin, team.members[0]!]) {
      const response = await read(party, order.id);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.onlyGeneralAdmin);
    }
    for (const outsider of [otherBuyer, seller]) {
      const response = await read(outsider, order.id);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.orderNotFound);
    }
    expect((await read(undefined, order.id)).statusCode).toBe(401);
    expect((await read(generalAdmin, 999_999)).statusCode).toBe(404);
    for (const query of ['?limit=0', '?before=abc', '?unknown=1']) {
      const response = await read(generalAdmin, order.id, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<ErrorBody & { errors: unknown[] }>().errors.length).toBeGreaterThan(0);
    }
  });

  it('gives a general admin no way into the room: no posting, no reading through the chat, no files', async () => {
    const posted = await fx.call('POST', `/api/chat-rooms/${roomId}/messages`, generalAdmin, {
      message_text: 'An admin trying to write.',
    });
    expect(posted.statusCode).toBe(403);
    expect((await fx.call('GET', `/api/chat-rooms/${roomId}/messages`, generalAdmin)).statusCode).toBe(403);
    const { rows } = await context.database.pool.query<{ id: string }>(
      'select id from chat_files where chat_room_id = $1',
      [roomId],
    );
    expect((await fx.call('GET', `/api/chat-files/${rows[0]!.id}`, generalAdmin)).statusCode).toBe(403);
    expect(
      (await read(generalAdmin, order.id))
        .json<OrderConversation>()
        .items.map((message) => message.message_text),
    ).not.toContain('An admin trying to write.');
    // The route is a GET only: there is nothing to post to.
    expect(
      (await fx.call('POST', `/api/admin/orders/${order.id}/conversation`, generalAdmin, {})).statusCode,
    ).toBe(404);
  });

  describe('the files of the conversation', () => {
    const download = (caller: SignedInUser | undefined, orderId: number, fileId: string) =>
      fx.call('GET', `/api/admin/orders/${orderId}/conversation/files/${fileId}`, caller);
    const fileUrl = async () =>
      (await read(generalAdmin, order.id)).json<OrderConversation>().items.find((item) => item.file_url)!
        .file_url!;

    it('are downloaded by a general admin, as attachments', async () => {
      const response = await fx.call('GET', await fileUrl(), generalAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('the brief');
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toContain('attachment; filename="brief.txt"');
    });

    it("are refused to the parties (403) and anyone else (404); another room's file is not found through this order", async () => {
      const url = await fileUrl();
      for (const party of [buyer, team.admin, team.members[0]!]) {
        expect((await fx.call('GET', url, party)).statusCode).toBe(403);
      }
      for (const outsider of [otherBuyer, seller]) {
        expect((await fx.call('GET', url, outsider)).statusCode).toBe(404);
      }
      expect((await fx.call('GET', url, undefined)).statusCode).toBe(401);
      // The other buyer's file belongs to the other order's conversation only.
      expect((await download(generalAdmin, order.id, otherFileId)).statusCode).toBe(404);
      expect((await download(generalAdmin, otherOrder.id, otherFileId)).statusCode).toBe(200);
      expect(
        (await download(generalAdmin, order.id, '00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
      expect((await download(generalAdmin, order.id, 'not-a-uuid')).statusCode).toBe(422);
    });
  });
});
