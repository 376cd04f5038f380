import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type OrderList, type PaymentDeclinedResponse } from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { orderFixtures, type Caller, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

const MINUTE_MS = 60 * 1000;

/** The test gateway, counting every charge that reaches it. */
function recordingProvider() {
  const inner = createTestPaymentProvider();
  const provider: PaymentProvider & { charges: number } = {
    ...inner,
    name: 'recording',
    charges: 0,
    charge(request) {
      provider.charges += 1;
      return inner.charge(request);
    },
  };
  return provider;
}

describe('purchase attempt limits', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const provider = recordingProvider();
  const time = testClock();
  let team: TestTeam;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp(
      { PAYMENT_ATTEMPTS_PER_BUYER: '10', PAYMENT_ATTEMPTS_PER_ADDRESS: '20' },
      { paymentProvider: provider, clock: time.clock },
    );
    fx = orderFixtures(context);
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team });
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

  it('lets at most 10 of 30 parallel attempts of one buyer reach the provider; the rest get 429 with Retry-After', async () => {
    const buyer = await fx.buyer();
    const before = provider.charges;
    const responses = await Promise.all(Array.from({ length: 30 }, () => attempt(buyer)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(provider.charges - before).toBe(10);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a declined attempt twice: five declines use up the hour, and the provider sees no sixth', async () => {
    const buyer = await fx.buyer();
    const before = provider.charges;
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(buyer, { card: TEST_CARDS.declined })).statusCode).toBe(402);
    }
    const refused = await attempt(buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(provider.charges - before).toBe(5);
  });

  it('a repeat of an earlier attempt (same Idempotency-Key) still replays its answer at the limit', async () => {
    const buyer = await fx.buyer();
    const key = randomUUID();
    expect((await attempt(buyer, { key })).statusCode).toBe(201);
    for (let index = 0; index < 9; index += 1) expect((await attempt(buyer)).statusCode).toBe(201);
    expect((await attempt(buyer)).statusCode).toBe(429);
    const before = provider.charges;
    const replay = await attempt(buyer, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(provider.charges).toBe(before);
  });

  it('limits one client address to 20 attempts an hour, whichever buyers make them', async () => {
    const address = '203.0.113.77';
    const buyers = [await fx.buyer(), await fx.buyer(), await fx.buyer()];
    for (const buyer of buyers.slice(0, 2)) {
      for (let index = 0; index < 10; index += 1) {
        expect((await attempt(buyer, { address })).statusCode).toBe(201);
      }
    }
    const before = provider.charges;
    const refused = await attempt(buyers[2]!, { address });
    expect(refused.statusCode).toBe(429);
    expect(provider.charges).toBe(before);
    // The same buyer from another address is not held up by that address's attempts.
    expect((await attempt(buyers[2]!)).statusCode).toBe(201);
  });

  it('hides an order whose payment was declined from the team, before and after it expires; the buyer keeps it', async () => {
    const buyer = await fx.buyer();
    const declined = await attempt(buyer, { card: TEST_CARDS.declined });
    expect(declined.statusCode).toBe(402);
    const { order_id: orderId } = declined.json<PaymentDeclinedResponse>();

    const teamSees = async () => {
      for (const member of [team.admin, team.members[0]!]) {
        const list = (await fx.call('GET', '/api/orders?scope=team&limit=100', member)).json<OrderList>();
        expect(list.items.map((order) => order.id)).not.toContain(orderId);
        const all = (await fx.call('GET', '/api/orders?limit=100', member)).json<OrderList>();
        expect(all.items.map((order) => order.id)).not.toContain(orderId);
        expect((await fx.call('GET', `/api/orders/${orderId}`, member)).statusCode).toBe(404);
      }
      return (await fx.call('GET', '/api/orders?scope=team', team.admin)).json<OrderList>().counts;
    };

    const counts = await teamSees();
    expect(counts.pending).toBe(0);
    const mine = (await fx.call('GET', '/api/orders?scope=buyer', buyer)).json<OrderList>();
    expect(mine.items.map((order) => order.id)).toContain(orderId);
    expect(mine.counts.pending).toBe(1);
    expect((await fx.call('GET', `/api/orders/${orderId}`, buyer)).json()).toMatchObject({
      status: 'pending',
    });

    // The pending order of a failed payment expires after an hour, like any other pending order.
    time.advance(61 * MINUTE_MS);
    expect(await context.app.orderTimers.expirePending()).toBeGreaterThanOrEqual(1);
    expect((await fx.call('GET', `/api/orders/${orderId}`, buyer)).json()).toMatchObject({
      status: 'cancelled',
    });
    const afterExpiry = await teamSees();
    expect(afterExpiry.cancelled).toBe(0);
  });
});
