import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import { orderFixtures, type Caller, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

/**
 * Card testing in parallel (issue 33): purchase attempts sent at once must reach the payment
 * provider no more often than the same attempts sent one after another. With 10 attempts an hour and
 * a decline counting twice, one after another a buyer gets 5 declines and then 429.
 */

/** The test gateway, counting every charge that reaches it; it answers after a moment, like a real one. */
function recordingProvider() {
  const inner = createTestPaymentProvider();
  const provider: PaymentProvider & { charges: number } = {
    ...inner,
    name: 'recording',
    charges: 0,
    async charge(request) {
      provider.charges += 1;
      await sleep(30);
      return inner.charge(request);
    },
  };
  return provider;
}

const count = (responses: { statusCode: number }[], status: number) =>
  responses.filter((response) => response.statusCode === status).length;

describe('card testing in parallel', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const provider = recordingProvider();
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp(
      { PAYMENT_ATTEMPTS_PER_BUYER: '10', PAYMENT_ATTEMPTS_PER_ADDRESS: '10' },
      { paymentProvider: provider },
    );
    fx = orderFixtures(context);
    item = await fx.createPackage();
  });

  afterAll(async () => {
    await context?.close();
  });

  function attempt(caller: Caller, options: { card?: string; address?: string; key?: string } = {}) {
    return context.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...caller?.headers, 'idempotency-key': options.key ?? randomUUID() },
      payload: fx.cardPayload(item, options.card ?? TEST_CARDS.success),
      remoteAddress: options.address ?? nextAddress(),
    });
  }

  const declines = (caller: Caller, times: number, address?: string) =>
    Array.from({ length: times }, () => attempt(caller, { card: TEST_CARDS.declined, address }));

  it('lets 20 declines of one buyer sent at once reach the provider 5 times, as one after another; the rest get 429', async () => {
    const buyer = await fx.buyer();
    const before = provider.charges;
    const responses = await Promise.all(declines(buyer, 20));
    expect(provider.charges - before).toBe(5);
    expect(count(responses, 402)).toBe(5);
    expect(count(responses, 429)).toBe(15);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The hour is used up: nothing more reaches the provider.
    expect((await attempt(buyer)).statusCode).toBe(429);
    expect(provider.charges - before).toBe(5);
  });

  it('holds the limit of one client address for two buyers sending 20 declines at once', async () => {
    const address = '203.0.113.90';
    const buyers = [await fx.buyer(), await fx.buyer()];
    const before = provider.charges;
    const responses = await Promise.all(buyers.flatMap((buyer) => declines(buyer, 10, address)));
    expect(provider.charges - before).toBe(5);
    expect(count(responses, 402)).toBe(5);
    expect(count(responses, 429)).toBe(15);
    // The address has used its hour, whoever buys from it; that buyer may still buy elsewhere.
    const third = await fx.buyer();
    expect((await attempt(third, { address })).statusCode).toBe(429);
    expect(provider.charges - before).toBe(5);
    expect((await attempt(third)).statusCode).toBe(201);
  });

  it('still counts a success once: 10 successes in an hour, and after 4 of them 3 declines sent at once', async () => {
    const buyer = await fx.buyer();
    let before = provider.charges;
    for (let index = 0; index < 10; index += 1) expect((await attempt(buyer)).statusCode).toBe(201);
    expect((await attempt(buyer)).statusCode).toBe(429);
    expect(provider.charges - before).toBe(10);

    // 4 successes use 4 of 10; declines then use 2 each while fewer than 10 are used: 3 of them.
    const other = await fx.buyer();
    for (let index = 0; index < 4; index += 1) expect((await attempt(other)).statusCode).toBe(201);
    before = provider.charges;
    const responses = await Promise.all(declines(other, 20));
    expect(provider.charges - before).toBe(3);
    expect(count(responses, 402)).toBe(3);
    expect(count(responses, 429)).toBe(17);
  });

  it('does not count a repeat of an earlier Idempotency-Key, even sent alongside new attempts', async () => {
    const buyer = await fx.buyer();
    const key = randomUUID();
    expect((await attempt(buyer, { key, card: TEST_CARDS.declined })).statusCode).toBe(402);
    const before = provider.charges;
    const [replays, fresh] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => attempt(buyer, { key, card: TEST_CARDS.declined }))),
      Promise.all(declines(buyer, 20)),
    ]);
    for (const replay of replays) {
      expect(replay.statusCode).toBe(402);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    // The first decline used 2 of 10: 4 more declines, whatever the replays did.
    expect(count(fresh, 402)).toBe(4);
    expect(count(fresh, 429)).toBe(16);
    expect(provider.charges - before).toBe(4);
    // At the limit, the repeat still replays its answer without reaching the provider.
    const replay = await attempt(buyer, { key, card: TEST_CARDS.declined });
    expect(replay.statusCode).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(provider.charges - before).toBe(4);
  });

  it('counts in full the attempts whose outcome never came (a crash during the call)', async () => {
    const buyer = await fx.buyer();
    // Five attempts that reserved a decline's weight four minutes ago and never answered.
    await context.database.pool.query(
      `insert into rate_limit_hits (bucket, key, created_at)
       select bucket, $1, now() - interval '4 minutes'
       from unnest(array['payment-attempt:buyer', 'payment-attempt:buyer:provisional']) as bucket,
            generate_series(1, 5)`,
      [String(buyer.id)],
    );
    const before = provider.charges;
    expect((await attempt(buyer, { card: TEST_CARDS.declined })).statusCode).toBe(429);
    expect(provider.charges).toBe(before);
  });
});
