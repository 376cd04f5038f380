import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signIn } from '../../../test/accounts-helpers';
import { chatFixtures, type ChatFixtures, type Guest, type TestTeam } from '../../../test/chat-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { TEST_PASSWORD } from '../../../test/users';

const HOUR_MS = 60 * 60 * 1000;

/**
 * One timeline: rows are written at the start, then the app's clock moves forward and the sweep runs
 * as the hourly job runs it; each step checks what went and what stays.
 */
describe('retention sweep', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let chat: ChatFixtures;
  const start = new Date();
  const time = testClock(start);
  let team: TestTeam;
  let strangerGuest: Guest;
  let strangerRoom: number;
  let upgradedRoom: number;
  let upgradedUserId: number;
  let idempotencyKey: string;
  let keptUserId: number;

  const count = async (text: string, values: unknown[] = []) =>
    Number((await context.database.pool.query<{ n: string }>(text, values)).rows[0]!.n);
  const sweep = () => context.app.retention.sweep();
  const roomFolder = (roomId: number) => join(context.config.uploadsDir, 'chat', String(roomId));

  beforeAll(async () => {
    context = await createTestApp({}, { clock: time.clock });
    fx = orderFixtures(context);
    chat = chatFixtures(context);
    team = await fx.createTeam({ members: 0 });

    // An email with a reset link, written now.
    const buyer = await fx.buyer();
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: buyer.email },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(202);
    // A newer email, as if written five days from now.
    await context.database.pool.query(
      `insert into email_outbox (to_address, subject, text_body, html_body, created_at)
       values ('later@example.com', 'Later', 'body', '<p>body</p>', $1)`,
      [new Date(start.getTime() + 5 * 24 * HOUR_MS)],
    );

    // A purchase with an Idempotency-Key (it also leaves two rate-limit hits).
    const item = await fx.createPackage({ team });
    idempotencyKey = randomUUID();
    const order = await fx.postOrder(buyer, fx.cardPayload(item), idempotencyKey);
    expect(order.statusCode, order.body).toBe(201);

    // A guest who never signs up, and one who does; each with a conversation and a stored file.
    strangerGuest = await chat.newGuest('Stranger');
    strangerRoom = await chat.guestRoom(strangerGuest, team.id);
    await chat.send(strangerGuest, strangerRoom, 'Hello from a stranger');
    const upgrading = await chat.newGuest('Upgrader');
    const otherTeam = await fx.createTeam({ members: 0 });
    upgradedRoom = await chat.guestRoom(upgrading, otherTeam.id);
    await chat.send(upgrading, upgradedRoom, 'Hello, I will sign up');
    for (const roomId of [strangerRoom, upgradedRoom]) {
      await mkdir(roomFolder(roomId), { recursive: true });
      await writeFile(join(roomFolder(roomId), 'stored-file'), 'bytes');
    }
    const upgraded = await context.app.inject({
      method: 'POST',
      url: '/api/guest-users/upgrade',
      headers: upgrading.headers,
      payload: {
        username: 'retention_upgraded',
        email: 'retention_upgraded@example.com',
        password: 'a-good-password',
        role: 'BUYER',
      },
      remoteAddress: nextAddress(),
    });
    expect(upgraded.statusCode, upgraded.body).toBe(201);
    upgradedUserId = upgraded.json<{ id: number }>().id;

    // Refresh tokens: the buyer's session ends in 30 days; another session is made to last longer.
    const kept = await fx.buyer();
    keptUserId = kept.id;
    await signIn(context, kept.username, TEST_PASSWORD);
    await context.database.pool.query(`update refresh_tokens set expires_at = $2 where user_id = $1`, [
      keptUserId,
      new Date(start.getTime() + 60 * 24 * HOUR_MS),
    ]);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('keeps everything within its time', async () => {
    time.advance(HOUR_MS / 2);
    await sweep();
    expect(await count(`select count(*) as n from email_outbox`)).toBeGreaterThanOrEqual(2);
    expect(await count(`select count(*) as n from idempotency_keys where key = $1`, [idempotencyKey])).toBe(
      1,
    );
    expect(
      await count(`select count(*) as n from rate_limit_hits where bucket like 'payment-attempt:%'`),
    ).toBe(2);
    expect(
      await count(`select count(*) as n from guest_users where id = $1`, [strangerGuest.guest_user_id]),
    ).toBe(1);
  });

  it('deletes rate-limit hits once no window reaches them', async () => {
    time.advance(2 * HOUR_MS);
    const deleted = await sweep();
    expect(deleted.rateLimitHits).toBeGreaterThanOrEqual(2);
    expect(
      await count(`select count(*) as n from rate_limit_hits where bucket like 'payment-attempt:%'`),
    ).toBe(0);
    expect(await count(`select count(*) as n from idempotency_keys where key = $1`, [idempotencyKey])).toBe(
      1,
    );
  });

  it('deletes idempotency keys after 24 hours', async () => {
    // 22.5 hours after the purchase.
    time.advance(20 * HOUR_MS);
    await sweep();
    expect(await count(`select count(*) as n from idempotency_keys where key = $1`, [idempotencyKey])).toBe(
      1,
    );
    time.advance(2 * HOUR_MS);
    expect((await sweep()).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await count(`select count(*) as n from idempotency_keys where key = $1`, [idempotencyKey])).toBe(
      0,
    );
  });

  it('after 8 days: emails older than 7 days and ended guest sessions are gone; an upgraded guest’s conversation stays', async () => {
    time.set(new Date(start.getTime() + 8 * 24 * HOUR_MS));
    await sweep();
    // The reset link's email went; the one written five days in is three days old and stays.
    expect(await count(`select count(*) as n from email_outbox where subject <> 'Later'`)).toBe(0);
    expect(await count(`select count(*) as n from email_outbox where subject = 'Later'`)).toBe(1);

    // The guest who never signed up: session, conversation, messages and files are gone.
    expect(await count(`select count(*) as n from guest_users`)).toBe(0);
    expect(await count(`select count(*) as n from chat_rooms where id = $1`, [strangerRoom])).toBe(0);
    expect(
      await count(`select count(*) as n from chat_messages where chat_room_id = $1`, [strangerRoom]),
    ).toBe(0);
    expect(existsSync(roomFolder(strangerRoom))).toBe(false);

    // The upgraded guest's conversation belongs to the new account and stays, with its file.
    expect(
      await count(`select count(*) as n from chat_rooms where id = $1 and buyer_id = $2`, [
        upgradedRoom,
        upgradedUserId,
      ]),
    ).toBe(1);
    expect(
      await count(`select count(*) as n from chat_messages where chat_room_id = $1 and sender_user_id = $2`, [
        upgradedRoom,
        upgradedUserId,
      ]),
    ).toBe(1);
    expect(existsSync(join(roomFolder(upgradedRoom), 'stored-file'))).toBe(true);
  });

  it('after 31 days: expired refresh tokens are gone, a session still running keeps its token', async () => {
    time.set(new Date(start.getTime() + 31 * 24 * HOUR_MS));
    expect((await sweep()).refreshTokens).toBeGreaterThanOrEqual(1);
    expect(await count(`select count(*) as n from refresh_tokens where user_id <> $1`, [keptUserId])).toBe(0);
    expect(
      await count(`select count(*) as n from refresh_tokens where user_id = $1`, [keptUserId]),
    ).toBeGreaterThan(0);
  });
});
