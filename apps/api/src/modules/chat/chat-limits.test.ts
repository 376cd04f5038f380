import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_TEXTS, CHAT_UPLOADS_PER_MINUTE } from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import { chatFixtures, type Caller, type ChatFixtures, type TestTeam } from '../../../test/chat-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loadConfig } from '../../platform/config';
import { storedNames } from '../../../test/object-store';

/** Small enough to fill with a few small files. */
const QUOTA_BYTES = 10_000;

function multipart(fileName: string, content: Buffer) {
  const boundary = `----teamhire${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('chat limits', () => {
  let context: TestContext;
  let fixtures: ChatFixtures;
  let team: TestTeam;

  beforeAll(async () => {
    context = await createTestApp({ CHAT_UPLOAD_QUOTA_BYTES: String(QUOTA_BYTES) });
    fixtures = chatFixtures(context);
    team = await fixtures.createTeam({ members: 0 });
  });
  afterAll(() => context.close());

  const post = (caller: Caller, roomId: number, text: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/messages`,
      headers: caller?.headers,
      payload: { message_text: text },
      remoteAddress: nextAddress(),
    });

  function upload(caller: Caller, roomId: number, bytes: number, name = 'data.bin') {
    const body = multipart(name, randomBytes(bytes));
    return context.app.inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/upload`,
      headers: { ...caller?.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });
  }

  it('has documented defaults: 60 messages and 20 files a minute, 5 GiB of files', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.chatRateLimits).toEqual({ messagesPerMinute: 60, uploadsPerMinute: 20 });
    expect([CHAT_MESSAGES_PER_MINUTE, CHAT_UPLOADS_PER_MINUTE]).toEqual([60, 20]);
    expect(config.chatUploadQuotaBytes).toBe(5 * 1024 ** 3);
  });

  it('refuses a user’s REST message past the limit of the minute with 429 and Retry-After', async () => {
    const sender = await fixtures.buyer();
    const other = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(sender, team.id);
    const otherRoomId = await fixtures.buyerRoom(other, team.id);
    for (let index = 0; index < CHAT_MESSAGES_PER_MINUTE; index += 1) {
      const response = await post(sender, roomId, `Message ${index}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await post(sender, roomId, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', detail: CHAT_TEXTS.tooManyMessages });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await fixtures.query<{ count: string }>(
      'select count(*) from chat_messages where chat_room_id = $1',
      [roomId],
    );
    expect(Number(stored[0]!.count)).toBe(CHAT_MESSAGES_PER_MINUTE);
    // The limit is the sender's: someone else in the same team's rooms is not held back.
    expect((await post(other, otherRoomId, 'Hello')).statusCode).toBe(201);
  });

  it('counts a guest’s messages per guest session', async () => {
    const guest = await fixtures.newGuest('Gwen');
    const roomId = await fixtures.guestRoom(guest, team.id);
    for (let index = 0; index < CHAT_MESSAGES_PER_MINUTE; index += 1) {
      expect((await post(guest, roomId, `Guest message ${index}`)).statusCode).toBe(201);
    }
    expect((await post(guest, roomId, 'One too many')).statusCode).toBe(429);
    const otherGuest = await fixtures.newGuest('Gary');
    expect((await post(otherGuest, await fixtures.guestRoom(otherGuest, team.id), 'Hi')).statusCode).toBe(
      201,
    );
  });

  it('refuses a user’s upload past the limit of the minute with 429 and Retry-After', async () => {
    const sender = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(sender, team.id);
    for (let index = 0; index < CHAT_UPLOADS_PER_MINUTE; index += 1) {
      const response = await upload(sender, roomId, 10);
      expect(response.statusCode, response.body).toBe(201);
    }
    const before = await storedNames(context.config, `chat/${roomId}`);
    const refused = await upload(sender, roomId, 10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', detail: CHAT_TEXTS.tooManyUploads });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedNames(context.config, `chat/${roomId}`)).toEqual(before);
  });

  it('keeps each sender within the storage quota, counted from the stored files', async () => {
    const sender = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(sender, team.id);
    expect((await upload(sender, roomId, 6000)).statusCode).toBe(201);
    const before = (await storedNames(context.config, `chat/${roomId}`)).sort();

    const over = await upload(sender, roomId, 6000);
    expect(over.statusCode).toBe(413);
    expect(over.json<{ detail: string }>().detail).toMatch(/storage for chat files/);
    // Nothing of the refused file stays behind: not on disk, not as a message.
    expect((await storedNames(context.config, `chat/${roomId}`)).sort()).toEqual(before);
    const messages = await fixtures.query<{ count: string }>(
      'select count(*) from chat_messages where chat_room_id = $1',
      [roomId],
    );
    expect(Number(messages[0]!.count)).toBe(1);

    // What still fits is accepted; the quota is the sender's, not the room's.
    expect((await upload(sender, roomId, 3000)).statusCode).toBe(201);
    expect((await upload(team.admin, roomId, 6000)).statusCode).toBe(201);
  });

  it('refuses at once a file whose declared size cannot fit in what is left', async () => {
    const sender = await fixtures.buyer();
    const roomId = await fixtures.buyerRoom(sender, team.id);
    const response = await upload(sender, roomId, QUOTA_BYTES + 100_000);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ detail: string }>().detail).toMatch(/storage for chat files/);
  });
});
