import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type Order, type PaymentDeclinedResponse } from '@teamhire/shared';
import { emailsTo } from '../../../test/accounts-helpers';
import { until, type TestTeam } from '../../../test/chat-helpers';
import { testClock, timeline } from '../../../test/delivery-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { SignedInUser } from '../../../test/users';

const MINUTE_MS = 60 * 1000;

describe('order timers, by a clock the tests move', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  let buyer: SignedInUser;
  let team: TestTeam;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp({ AUTO_COMPLETE_DAYS: '3' }, { clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    team = await fx.createTeam({ members: 1 });
    item = await fx.createPackage({ team });
  });

  afterAll(async () => {
    await context?.close();
  });

  const statusOf = async (orderId: number) =>
    (await fx.call('GET', `/api/orders/${orderId}`, buyer)).json<Order>().status;

  async function delivered(): Promise<Order> {
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'delivered');
    return order;
  }

  it('auto-completes a delivery AUTO_COMPLETE_DAYS after it, not a minute sooner, as the system', async () => {
    const order = await delivered();
    time.advance(3 * 24 * 60 * MINUTE_MS - MINUTE_MS);
    await context.app.orderTimers.autoComplete();
    expect(await statusOf(order.id)).toBe('delivered');
    time.advance(2 * MINUTE_MS);
    expect(await context.app.orderTimers.autoComplete()).toBeGreaterThanOrEqual(1);
    const after = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
    expect(after).toMatchObject({
      status: 'completed',
      auto_complete_at: null,
      payment: { status: 'completed' },
    });
    expect(after.events.at(-1)).toMatchObject({ type: 'auto_completed', actor: null });
    expect(
      (await emailsTo(context, buyer.email)).some(
        (mail) => mail.subject === `Order ${order.id} completed: ${item.title}`,
      ),
    ).toBe(true);
  });

  it('a revision request stops the timer; the next delivery starts it again', async () => {
    const order = await delivered();
    time.advanceDays(2);
    await fx.call('POST', `/api/orders/${order.id}/revision-requests`, buyer, {
      message: 'Please fix the footer.',
    });
    time.advanceDays(2);
    await context.app.orderTimers.autoComplete();
    expect(await statusOf(order.id)).toBe('in_progress');
    await fx.call('POST', `/api/orders/${order.id}/deliveries`, team.admin, { message: 'Footer fixed.' });
    time.advanceDays(2);
    await context.app.orderTimers.autoComplete();
    expect(await statusOf(order.id)).toBe('delivered');
    time.advanceDays(1);
    await context.app.orderTimers.autoComplete();
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('two sweeps at once complete an order once, with one event', async () => {
    const orders = [await delivered(), await delivered(), await delivered()];
    time.advanceDays(4);
    const counts = await Promise.all([
      context.app.orderTimers.autoComplete(),
      context.app.orderTimers.autoComplete(),
    ]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const order of orders) {
      expect(
        (await timeline(context, order.id)).filter((line) => line.startsWith('auto_completed')),
      ).toHaveLength(1);
      expect(await statusOf(order.id)).toBe('completed');
    }
  });

  it('the buyer accepting while the timer fires completes once, paid once', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const order = await delivered();
      time.advanceDays(4);
      const [accepted] = await Promise.all([
        fx.call('POST', `/api/orders/${order.id}/accept`, buyer),
        context.app.orderTimers.autoComplete(),
      ]);
      expect([200, 409]).toContain(accepted.statusCode);
      const lines = await timeline(context, order.id);
      expect(lines.filter((line) => /^(accepted|auto_completed):/.test(line))).toHaveLength(1);
      const { rows } = await context.database.pool.query(
        "select count(*)::int as paid from payments where order_id = $1 and status = 'completed' and refunded_cents = 0",
        [order.id],
      );
      expect(rows[0]!.paid).toBe(1);
      expect(await statusOf(order.id)).toBe('completed');
    }
  });

  it('cancels a pending order whose payment never succeeded after an hour', async () => {
    const declined = await fx.postOrder(buyer, fx.cardPayload(item, TEST_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    const { order_id: orderId } = declined.json<PaymentDeclinedResponse>();
    time.advance(59 * MINUTE_MS);
    await context.app.orderTimers.expirePending();
    expect(await statusOf(orderId)).toBe('pending');
    time.advance(2 * MINUTE_MS);
    expect(await context.app.orderTimers.expirePending()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toBe('cancelled');
    expect((await timeline(context, orderId)).at(-1)).toBe('expired:system');
    // A paid order is never touched by the expiry.
    const paid = await fx.purchase(buyer, item);
    time.advanceDays(1);
    await context.app.orderTimers.expirePending();
    expect(await statusOf(paid.id)).toBe('confirmed');
  });

  it('reminds the team once, a day before the due date', async () => {
    await context.app.orderTimers.remindDue();
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'in_progress');
    const reminders = async () =>
      (await emailsTo(context, team.admin.email)).filter(
        (mail) => mail.subject === `Order ${order.id} is due tomorrow`,
      );
    time.advanceDays(12);
    await context.app.orderTimers.remindDue();
    expect(await reminders()).toHaveLength(0);
    time.advanceDays(1.5);
    await Promise.all([context.app.orderTimers.remindDue(), context.app.orderTimers.remindDue()]);
    await context.app.orderTimers.remindDue();
    expect(await reminders()).toHaveLength(1);
    expect((await timeline(context, order.id)).filter((line) => line === 'due_reminder:system')).toHaveLength(
      1,
    );
  });
});

describe('the job runner', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({ JOBS_ENABLED: 'true' });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('picks up a sweep sent through pg-boss and processes it in a worker', async () => {
    const fx = orderFixtures(context);
    const buyer = await fx.buyer();
    const team = await fx.createTeam({ members: 0 });
    const item = await fx.createPackage({ team });
    const order = await fx.purchase(buyer, item);
    await fx.advance(order, team, 'delivered');
    // Due already, as if the days had passed while the process was down.
    await context.database.pool.query(
      "update orders set auto_complete_at = now() - interval '1 minute' where id = $1",
      [order.id],
    );
    const jobs = await context.app.jobs;
    expect(jobs).toBeDefined();
    const { rows } = await context.database.pool.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule order by name',
    );
    expect(rows).toEqual([
      { name: 'offers.expire', cron: '* * * * *' },
      { name: 'orders.auto-complete', cron: '* * * * *' },
      { name: 'orders.expire-pending', cron: '* * * * *' },
      { name: 'orders.remind-due', cron: '* * * * *' },
      { name: 'payments.payouts', cron: '* * * * *' },
      { name: 'payments.reconcile', cron: '* * * * *' },
      { name: 'retention.sweep', cron: '17 * * * *' },
    ]);
    expect(await jobs!.send('orders.auto-complete')).toEqual(expect.any(String));
    await until(
      async () => (await timeline(context, order.id)).includes('auto_completed:system'),
      'the worker completes the order',
      20_000,
    );
  });

  it("keeps its books on its own pool: a sweep that finds the app's pool exhausted fails and is retried, and the process lives", async () => {
    const jobs = (await context.app.jobs)!;
    const pool = context.database.pool;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    try {
      const id = await jobs.send('orders.remind-due');
      // The sweep waits 5 s for a connection of the app's pool and fails; pg-boss records the failure on
      // its own pool. On the app's pool that write timed out too, and pg-boss 10 does not await it: the
      // rejection went unhandled (which fails this run) and ended the server.
      await until(
        async () => {
          const { rows } = await held[0]!.query<{ state: string }>(
            'select state from pgboss.job where id = $1',
            [id],
          );
          return rows[0]?.state === 'retry' || rows[0]?.state === 'failed';
        },
        'pg-boss records the failed sweep',
        30_000,
      );
    } finally {
      for (const client of held) client.release();
    }
    // The pool is the app's again, and the next sweep of the same queue runs.
    expect(await jobs.send('orders.remind-due')).toEqual(expect.any(String));
  });
});
