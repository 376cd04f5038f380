import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS, CHAT_UPLOADS_PER_MINUTE, DELIVERY_TEXTS, type OrderFile } from '@teamhire/shared';
import { nextAddress, type ErrorBody } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { storedNames } from '../../../test/object-store';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart } from '../../../test/uploads';
import type { SignedInUser } from '../../../test/users';

/** Small enough to fill with a few small files. */
const QUOTA_BYTES = 1_000_000;
/** How many files an order holds that no delivery names. */
const UNATTACHED_FILES_MAX = 50;

/**
 * Issue 33: the buyer of an open order uploaded 40 files in under a second, then one of 300 MiB, with
 * no per-minute limit, no quota and no cap per order. An order's files now go by the chat's rules.
 */
function uploadsOf(context: () => TestContext) {
  const upload = (caller: SignedInUser, orderId: number, bytes: number, name = 'work.bin') => {
    const body = multipart(name, 'application/octet-stream', randomBytes(bytes));
    return context().app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/files`,
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });
  };
  const chatUpload = (caller: SignedInUser, roomId: number, bytes: number) => {
    const body = multipart('data.bin', 'application/octet-stream', randomBytes(bytes));
    return context().app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/upload`,
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });
  };
  const fileRows = async (orderId: number) =>
    Number(
      (
        await context().database.pool.query<{ n: string }>(
          'select count(*) as n from order_files where order_id = $1',
          [orderId],
        )
      ).rows[0]!.n,
    );
  return { upload, chatUpload, fileRows };
}

describe("order file uploads keep the chat's limits", () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let team: TestTeam;
  let item: TestPackage;
  const { upload, chatUpload, fileRows } = uploadsOf(() => context);

  beforeAll(async () => {
    context = await createTestApp({ CHAT_UPLOAD_QUOTA_BYTES: String(QUOTA_BYTES) });
    fx = orderFixtures(context);
    team = await fx.createTeam({ members: 0 });
    item = await fx.createPackage({ team });
  });
  afterAll(() => context?.close());

  it('refuses the uploads past the limit of the minute, sent at once, with 429 and Retry-After', async () => {
    const buyer = await fx.buyer();
    const order = await fx.purchase(buyer, item);
    const responses = await Promise.all(Array.from({ length: 40 }, () => upload(buyer, order.id, 1024)));
    const accepted = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(accepted).toHaveLength(CHAT_UPLOADS_PER_MINUTE);
    expect(refused).toHaveLength(40 - CHAT_UPLOADS_PER_MINUTE);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json()).toEqual({ code: 'rate_limited', detail: CHAT_TEXTS.tooManyUploads });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Only what was accepted is stored.
    expect(await fileRows(order.id)).toBe(CHAT_UPLOADS_PER_MINUTE);
    expect(await storedNames(context.config, `orders/${order.id}`)).toHaveLength(CHAT_UPLOADS_PER_MINUTE);
    // The limit is the user's across the chat and orders: a chat file is refused too in that minute.
    const roomId = await fx.buyerRoom(buyer, team.id);
    const chat = await chatUpload(buyer, roomId, 10);
    expect(chat.statusCode).toBe(429);
    // Someone else is not held back.
    expect((await upload(team.admin, order.id, 10)).statusCode).toBe(201);
  });

  it("keeps the uploader within the one storage quota of chat and order files: 413 with the chat's text", async () => {
    const buyer = await fx.buyer();
    const order = await fx.purchase(buyer, item);
    expect((await upload(buyer, order.id, 600_000)).statusCode).toBe(201);
    const before = (await storedNames(context.config, `orders/${order.id}`)).sort();

    const over = await upload(buyer, order.id, 600_000);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json<ErrorBody>().code).toBe('payload_too_large');
    // The very text the chat answers for the same quota, to the same user.
    const roomId = await fx.buyerRoom(buyer, team.id);
    const chatOver = await chatUpload(buyer, roomId, 600_000);
    expect(chatOver.statusCode, chatOver.body).toBe(413);
    expect(over.json<ErrorBody>().detail).toBe(chatOver.json<ErrorBody>().detail);
    expect(over.json<ErrorBody>().detail).toMatch(/does not fit in your storage/);
    // Nothing of the refused file stays behind: not in storage, not as a row.
    expect((await storedNames(context.config, `orders/${order.id}`)).sort()).toEqual(before);
    expect(await fileRows(order.id)).toBe(1);

    // What still fits is accepted; the quota is the uploader's, not the order's.
    expect((await upload(buyer, order.id, 300_000)).statusCode).toBe(201);
    expect((await upload(team.admin, order.id, 600_000)).statusCode).toBe(201);
  });

  it('refuses a file larger than what is left of the quota, and stores none of it', async () => {
    const buyer = await fx.buyer();
    const order = await fx.purchase(buyer, item);
    const response = await upload(buyer, order.id, QUOTA_BYTES + 100_000);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<ErrorBody>().detail).toMatch(/does not fit in your storage/);
    expect(await fileRows(order.id)).toBe(0);
    expect(await storedNames(context.config, `orders/${order.id}`)).toEqual([]);
  });
});

describe('an order holds at most 50 files that no delivery names', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let team: TestTeam;
  let item: TestPackage;
  const { upload, fileRows } = uploadsOf(() => context);

  beforeAll(async () => {
    // The per-minute limit is out of the way here: the cap per order is what is tested.
    context = await createTestApp({ CHAT_UPLOADS_PER_MINUTE: '1000' });
    fx = orderFixtures(context);
    team = await fx.createTeam({ members: 0 });
    item = await fx.createPackage({ team });
  });
  afterAll(() => context?.close());

  it('refuses the 51st with 409, uploads sent at once included, and takes files again once delivered', async () => {
    const buyer = await fx.buyer();
    const order = await fx.purchase(buyer, item);
    const responses = await Promise.all(
      Array.from({ length: UNATTACHED_FILES_MAX + 5 }, () => upload(buyer, order.id, 512)),
    );
    const accepted = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(accepted).toHaveLength(UNATTACHED_FILES_MAX);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ code: 'conflict', detail: DELIVERY_TEXTS.tooManyUnattachedFiles });
    }
    expect(await fileRows(order.id)).toBe(UNATTACHED_FILES_MAX);
    expect(await storedNames(context.config, `orders/${order.id}`)).toHaveLength(UNATTACHED_FILES_MAX);
    // The team's upload counts against the same order.
    const teamUpload = await upload(team.admin, order.id, 512);
    expect(teamUpload.statusCode).toBe(409);

    // The team delivers ten of them: ten more fit, the eleventh does not.
    expect((await fx.setStatus(team.admin, order.id, 'in_progress')).statusCode).toBe(200);
    const delivered = await fx.call('POST', `/api/orders/${order.id}/deliveries`, team.admin, {
      message: 'Ten of the files.',
      file_ids: accepted.slice(0, 10).map((response) => response.json<OrderFile>().id),
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    for (let index = 0; index < 10; index += 1) {
      expect((await upload(team.admin, order.id, 512)).statusCode).toBe(201);
    }
    const eleventh = await upload(buyer, order.id, 512);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<ErrorBody>().detail).toBe(DELIVERY_TEXTS.tooManyUnattachedFiles);

    // Another order is not held back.
    const other = await fx.purchase(buyer, item);
    expect((await upload(buyer, other.id, 512)).statusCode).toBe(201);
  });
});
