import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_TEXTS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  TEST_CARDS,
  type DashboardStatistics,
  type Order,
  type OrderList,
  type OrderStatus,
  type Payment,
  type PaymentDeclinedResponse,
  type Review,
  type ReviewList,
  type TeamDetail,
} from '@teamhire/shared';
import { emailsTo, type ErrorBody } from '../../../test/accounts-helpers';
import type { TestTeam } from '../../../test/chat-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, createSignedInUser, type SignedInUser } from '../../../test/users';

describe('orders', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let generalAdmin: SignedInUser;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp();
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    otherBuyer = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    item = await fx.createPackage();
  });
  afterAll(() => context.close());

  const countRows = async (sql: string, values: unknown[] = []) =>
    Number((await context.database.pool.query<{ count: string }>(sql, values)).rows[0]!.count);
  const ordersOfPackage = (packageId: number, status?: OrderStatus) =>
    countRows(
      `select count(*) from orders where service_package_id = $1 ${status ? 'and status = $2' : ''}`,
      status ? [packageId, status] : [packageId],
    );

  describe('POST /api/orders', () => {
    it('charges a good card and confirms the order with a completed payment, in the feed and mailed to the team', async () => {
      const response = await fx.postOrder(buyer, fx.cardPayload(item));
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json<Order>();
      expect(order).toMatchObject({
        status: 'confirmed',
        total_amount: item.price,
        currency: 'USD',
        team_id: item.team.id,
        buyer: { id: buyer.id, username: buyer.username },
        service_package: { id: item.id, title: item.title, price: item.price },
        team: { id: item.team.id, name: item.team.name, admin: { username: item.team.admin.username } },
        viewer: { is_buyer: true, is_team: false, is_admin: false },
        allowed_transitions: ['cancelled'],
        review: null,
        can_review: false,
      });
      expect(order.payment).toMatchObject({
        status: 'completed',
        method: 'credit_card',
        amount: item.price,
        currency: 'USD',
        card_brand: 'visa',
        card_last_four: '4242',
        failure_message: null,
      });
      expect(order.payment!.transaction_id).toMatch(/^test_ch_/);
      expect(order.payment!.completed_at).not.toBeNull();
      expect(await activityActions(context, buyer.id)).toContain('order.placed');
      const mails = await emailsTo(context, item.team.admin.email);
      expect(mails.at(-1)!.subject).toBe(`New order: ${item.title}`);
      expect(mails.at(-1)!.text_body).toContain(`/orders/${order.id}`);
    });

    it('takes PayPal with a valid email', async () => {
      const { card: _card, ...rest } = fx.cardPayload(item);
      const response = await fx.postOrder(buyer, {
        ...rest,
        payment_method: 'paypal',
        paypal_email: 'farah@paypal.example.com',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Order>().payment).toMatchObject({
        method: 'paypal',
        status: 'completed',
        card_last_four: null,
      });
    });

    it.each([
      ['declined', TEST_CARDS.declined, ORDER_TEXTS.cardDeclined],
      ['insufficient funds', TEST_CARDS.insufficientFunds, ORDER_TEXTS.insufficientFunds],
    ])(
      'a %s card answers 402 and leaves a pending order with a failed payment, never a confirmed one',
      async (_name, card, message) => {
        const fresh = await fx.createPackage();
        const response = await fx.postOrder(buyer, fx.cardPayload(fresh, card));
        expect(response.statusCode, response.body).toBe(402);
        const body = response.json<PaymentDeclinedResponse>();
        expect(body).toMatchObject({ detail: message, payment_status: 'failed' });
        expect(await ordersOfPackage(fresh.id)).toBe(1);
        expect(await ordersOfPackage(fresh.id, 'confirmed')).toBe(0);
        const order = (await fx.call('GET', `/api/orders/${body.order_id}`, buyer)).json<Order>();
        expect(order.status).toBe('pending');
        expect(order.payment).toMatchObject({
          status: 'failed',
          failure_message: message,
          card_last_four: card.slice(-4),
        });
        expect(order.allowed_transitions).toEqual([]);
        expect(await activityActions(context, buyer.id)).toContain('order.payment_failed');
      },
    );

    it.each([
      [
        'a number failing the Luhn check',
        { card_number: '4242424242424241' },
        'card.card_number',
        ORDER_TEXTS.cardNumberInvalid,
      ],
      [
        'an expired card',
        { expiry_month: 1, expiry_year: new Date().getUTCFullYear() - 1 },
        'card.expiry_year',
        ORDER_TEXTS.cardExpired,
      ],
      ['a month of 13', { expiry_month: 13 }, 'card.expiry_month', undefined],
      ['a CVV of five digits', { cvv: '12345' }, 'card.cvv', undefined],
      ['no cardholder name', { cardholder_name: ' ' }, 'card.cardholder_name', undefined],
    ])('refuses %s with 422 and writes nothing', async (_name, cardOverride, path, message) => {
      const fresh = await fx.createPackage();
      const payload = fx.cardPayload(fresh);
      const response = await fx.postOrder(buyer, { ...payload, card: { ...payload.card, ...cardOverride } });
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json<ErrorBody>();
      expect(body.errors?.map((error) => error.path)).toContain(`body.${path}`);
      if (message) expect(body.detail).toBe(message);
      expect(await ordersOfPackage(fresh.id)).toBe(0);
    });

    it.each([
      [
        'no billing city',
        (payload: Record<string, unknown>) => ({
          ...payload,
          billing_address: { ...(payload.billing_address as object), city: '' },
        }),
      ],
      [
        'a country outside the six',
        (payload: Record<string, unknown>) => ({
          ...payload,
          billing_address: { ...(payload.billing_address as object), country: 'NL' },
        }),
      ],
      ['a card payment without a card', ({ card: _card, ...payload }: Record<string, unknown>) => payload],
      [
        'PayPal without an email',
        (payload: Record<string, unknown>) => ({ ...payload, card: undefined, payment_method: 'paypal' }),
      ],
      [
        'PayPal with a bad email',
        ({ card: _card, ...payload }: Record<string, unknown>) => ({
          ...payload,
          payment_method: 'paypal',
          paypal_email: 'nobody',
        }),
      ],
      ['an unknown field', (payload: Record<string, unknown>) => ({ ...payload, discount: 100 })],
      [
        'an amount with three decimals',
        (payload: Record<string, unknown>) => ({ ...payload, total_amount: 499.999 }),
      ],
    ])('refuses %s with 422', async (_name, change) => {
      const response = await fx.postOrder(buyer, change(fx.cardPayload(item) as Record<string, unknown>));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.length).toBeGreaterThan(0);
    });

    it('refuses an amount that disagrees with the package price (409) and writes nothing', async () => {
      const fresh = await fx.createPackage({ priceCents: 120_000 });
      const response = await fx.postOrder(buyer, { ...fx.cardPayload(fresh), total_amount: 1 });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.amountMismatch);
      expect(await ordersOfPackage(fresh.id)).toBe(0);
    });

    it('sells only published packages of active teams, and not to the team itself', async () => {
      const draft = await fx.createPackage({ status: 'draft' });
      let response = await fx.postOrder(buyer, fx.cardPayload(draft));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.packageNotFound);

      response = await fx.postOrder(buyer, { ...fx.cardPayload(item), service_package_id: 999_999 });
      expect(response.statusCode, response.body).toBe(404);

      const inactive = await fx.createPackage();
      await context.database.pool.query('update teams set is_active = false where id = $1', [
        inactive.team.id,
      ]);
      response = await fx.postOrder(buyer, fx.cardPayload(inactive));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.packageNotPurchasable);

      const insider = await createSignedInUser(context, { role: 'USER' });
      await context.database.pool.query(
        "insert into team_members (team_id, user_id, role) values ($1, $2, 'member')",
        [item.team.id, insider.id],
      );
      response = await fx.postOrder(insider, fx.cardPayload(item));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.ownTeamPackage);
    });

    it('lets buyers, plain users and general admins purchase; sellers and team admins are refused; visitors 401', async () => {
      const plainUser = await createSignedInUser(context, { role: 'USER' });
      for (const purchaser of [plainUser, generalAdmin]) {
        const response = await fx.postOrder(purchaser, fx.cardPayload(item));
        expect(response.statusCode, response.body).toBe(201);
      }
      for (const refused of [await fx.seller(), await fx.teamAdmin()]) {
        const response = await fx.postOrder(refused, fx.cardPayload(item));
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.cannotPurchase);
      }
      expect((await fx.postOrder(undefined, fx.cardPayload(item))).statusCode).toBe(401);
    });
  });

  describe('Idempotency-Key', () => {
    it('50 concurrent submits with one key give one order and one payment, and all get the same answer', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => fx.postOrder(buyer, fx.cardPayload(fresh), key)),
      );
      const statuses = new Set(responses.map((response) => response.statusCode));
      expect([...statuses]).toEqual([201]);
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
        49,
      );
      expect(await ordersOfPackage(fresh.id)).toBe(1);
      expect(
        await countRows(
          'select count(*) from payments p join orders o on o.id = p.order_id where o.service_package_id = $1',
          [fresh.id],
        ),
      ).toBe(1);
    });

    it('replays a decline with its status code and body', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      const first = await fx.postOrder(buyer, fx.cardPayload(fresh, TEST_CARDS.declined), key);
      const second = await fx.postOrder(buyer, fx.cardPayload(fresh, TEST_CARDS.declined), key);
      expect(first.statusCode).toBe(402);
      expect(second.statusCode).toBe(402);
      expect(second.body).toBe(first.body);
      expect(await ordersOfPackage(fresh.id)).toBe(1);
    });

    it('refuses the same key with a different body, and keeps keys apart per user', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      expect((await fx.postOrder(buyer, fx.cardPayload(fresh), key)).statusCode).toBe(201);
      const changed = await fx.postOrder(
        buyer,
        {
          ...fx.cardPayload(fresh),
          billing_address: { ...fx.cardPayload(fresh).billing_address, city: 'Oakland' },
        },
        key,
      );
      expect(changed.statusCode, changed.body).toBe(422);
      expect(changed.json<ErrorBody>().detail).toBe(ORDER_TEXTS.idempotencyKeyReused);

      const sameKeyOtherUser = await fx.postOrder(otherBuyer, fx.cardPayload(fresh), key);
      expect(sameKeyOtherUser.statusCode).toBe(201);
      expect(sameKeyOtherUser.headers['idempotent-replayed']).toBeUndefined();
      expect(await ordersOfPackage(fresh.id)).toBe(2);
    });

    it('does not keep a refusal: after a tampered amount the same key may still buy', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      expect((await fx.postOrder(buyer, { ...fx.cardPayload(fresh), total_amount: 2 }, key)).statusCode).toBe(
        409,
      );
      expect((await fx.postOrder(buyer, fx.cardPayload(fresh), key)).statusCode).toBe(201);
    });

    it('refuses a key that is too long or not printable', async () => {
      for (const key of ['x'.repeat(256), 'has space']) {
        const response = await fx.postOrder(buyer, fx.cardPayload(item), key);
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.idempotencyKeyInvalid);
      }
    });

    it('without a key, every submit is a purchase of its own', async () => {
      const fresh = await fx.createPackage();
      for (let index = 0; index < 2; index += 1) {
        expect((await fx.postOrder(buyer, fx.cardPayload(fresh), undefined)).statusCode).toBe(201);
      }
      expect(await ordersOfPackage(fresh.id)).toBe(2);
    });
  });

  describe('reading orders', () => {
    let team: TestTeam;
    let bought: Order;
    let sold: Order;
    let teamBuyer: SignedInUser;

    beforeAll(async () => {
      team = await fx.createTeam({ members: 1 });
      const own = await fx.createPackage({ team });
      const elsewhere = await fx.createPackage();
      teamBuyer = await fx.buyer();
      // A team member who is also a buyer elsewhere sees both sides.
      await context.database.pool.query(
        "insert into team_members (team_id, user_id, role) values ($1, $2, 'member')",
        [team.id, teamBuyer.id],
      );
      bought = await fx.purchase(teamBuyer, elsewhere);
      sold = await fx.purchase(otherBuyer, own);
      await fx.advance(sold, team, 'in_progress');
    });

    const list = async (caller: SignedInUser, query = '') => {
      const response = await fx.call('GET', `/api/orders${query}`, caller);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderList>();
    };

    it("lists a buyer's own orders and a team's orders, both when both, with scope and status filters and counts", async () => {
      const both = await list(teamBuyer);
      expect(both.items.map((order) => order.id).sort()).toEqual([bought.id, sold.id].sort());
      expect(both.counts).toMatchObject({ all: 2, confirmed: 1, in_progress: 1 });
      expect(both.items.find((order) => order.id === sold.id)!.viewer).toEqual({
        is_buyer: false,
        is_team: true,
        is_admin: false,
      });
      // The team cannot complete by itself; it delivers instead.
      expect(both.items.find((order) => order.id === sold.id)!.allowed_transitions).toEqual([]);
      expect(both.items.find((order) => order.id === sold.id)!.allowed_actions).toEqual([
        'deliver',
        'open_dispute',
      ]);
      expect((await list(teamBuyer, '?scope=buyer')).items.map((order) => order.id)).toEqual([bought.id]);
      expect((await list(teamBuyer, '?scope=team')).items.map((order) => order.id)).toEqual([sold.id]);
      const filtered = await list(teamBuyer, '?status=in_progress');
      expect(filtered.items.map((order) => order.id)).toEqual([sold.id]);
      expect(filtered.total).toBe(1);
      expect(filtered.counts.all).toBe(2);
      expect((await list(team.admin)).items.map((order) => order.id)).toEqual([sold.id]);
    });

    it('lists every order for a general admin with scope=all; anyone else gets 403', async () => {
      const everything = await list(generalAdmin, '?scope=all');
      expect(everything.items.map((order) => order.id)).toEqual(expect.arrayContaining([bought.id, sold.id]));
      expect(everything.items.every((order) => order.viewer.is_admin)).toBe(true);
      expect((await fx.call('GET', '/api/orders?scope=all', teamBuyer)).statusCode).toBe(403);
    });

    it('refuses a bad filter with 422 and a visitor with 401', async () => {
      expect((await fx.call('GET', '/api/orders?status=shipped', buyer)).statusCode).toBe(422);
      expect((await fx.call('GET', '/api/orders?scope=everyone', buyer)).statusCode).toBe(422);
      expect((await fx.call('GET', '/api/orders')).statusCode).toBe(401);
    });

    it('shows an order to its buyer, the selling team and general admins; a stranger gets 404 and sees none in the list', async () => {
      for (const reader of [otherBuyer, team.admin, team.members[0]!, generalAdmin]) {
        const response = await fx.call('GET', `/api/orders/${sold.id}`, reader);
        expect(response.statusCode, response.body).toBe(200);
      }
      const stranger = await fx.buyer();
      const response = await fx.call('GET', `/api/orders/${sold.id}`, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.orderNotFound);
      expect((await list(stranger)).items).toEqual([]);
      expect((await fx.call('GET', '/api/orders/999999', buyer)).statusCode).toBe(404);
      expect((await fx.call('GET', '/api/orders/abc', buyer)).statusCode).toBe(422);
    });
  });

  describe('PUT /api/orders/{id}/status (the order state machine)', () => {
    let team: TestTeam;
    let teamPackage: TestPackage;

    beforeAll(async () => {
      team = await fx.createTeam({ members: 1 });
      teamPackage = await fx.createPackage({ team });
    });

    /** An order of `buyer` in the given status with a completed payment, written straight to the database. */
    async function orderIn(status: OrderStatus): Promise<number> {
      const { rows } = await context.database.pool.query<{ id: number }>(
        `insert into orders (buyer_id, service_package_id, team_id, status, total_cents)
         values ($1, $2, $3, $4, 49999) returning id`,
        [buyer.id, teamPackage.id, team.id, status],
      );
      await context.database.pool.query(
        `insert into payments (order_id, status, method, amount_cents, transaction_id, completed_at)
         values ($1, $2, 'credit_card', 49999, 'test_ch_fixture', now())`,
        [rows[0]!.id, status === 'pending' ? 'failed' : 'completed'],
      );
      return rows[0]!.id;
    }

    const actors = ['buyer', 'team admin', 'team member', 'general admin'] as const;
    const callerOf = (actor: (typeof actors)[number]) =>
      ({ buyer, 'team admin': team.admin, 'team member': team.members[0]!, 'general admin': generalAdmin })[
        actor
      ];
    /** Written out by hand, not read from ORDER_TRANSITIONS, so the test checks the map too. */
    const allowed = new Set([
      'team admin:confirmed:in_progress',
      'team member:confirmed:in_progress',
      'buyer:confirmed:cancelled',
      'general admin:confirmed:refunded',
      'general admin:in_progress:refunded',
      'general admin:delivered:refunded',
      'general admin:completed:refunded',
    ]);
    const starts = ORDER_STATUSES;
    const targets = ['in_progress', 'delivered', 'completed', 'cancelled', 'refunded'] as const;
    /** Why a refusal is refused: delivering and completing have calls of their own; a cancel in progress waits for lateness. */
    const refusal = (actor: string, from: OrderStatus, to: (typeof targets)[number]) =>
      to === 'completed'
        ? DELIVERY_TEXTS.teamCannotComplete
        : to === 'delivered'
          ? DELIVERY_TEXTS.deliverThroughDelivery
          : actor === 'buyer' && from === 'in_progress' && to === 'cancelled'
            ? DELIVERY_TEXTS.notLate
            : ORDER_TEXTS.transitionNotAllowed(from, to);
    const cases = actors.flatMap((actor) =>
      starts.flatMap((from) =>
        targets.map((to) => ({ actor, from, to, ok: allowed.has(`${actor}:${from}:${to}`) })),
      ),
    );

    it.each(cases)('$actor: $from → $to allowed=$ok', async ({ actor, from, to, ok }) => {
      const orderId = await orderIn(from);
      const response = await fx.setStatus(callerOf(actor), orderId, to);
      if (!ok) {
        // An order whose payment never went through is the buyer's only: the team does not learn of it.
        const hidden = from === 'pending' && actor.startsWith('team');
        expect(response.statusCode, response.body).toBe(hidden ? 404 : 409);
        if (!hidden) expect(response.json<ErrorBody>().detail).toBe(refusal(actor, from, to));
        expect(
          await countRows('select count(*) from orders where id = $1 and status = $2', [orderId, from]),
        ).toBe(1);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const order = response.json<Order>();
      expect(order.status).toBe(to);
      if (to === 'cancelled' || to === 'refunded') expect(order.payment!.status).toBe('refunded');
      if (to === 'completed') expect(order.completed_at).not.toBeNull();
    });

    it('records the change in the actor’s feed and mails the other side', async () => {
      const orderId = await orderIn('confirmed');
      expect((await fx.setStatus(team.members[0]!, orderId, 'in_progress')).statusCode).toBe(200);
      expect(await activityActions(context, team.members[0]!.id)).toContain('order.in_progress');
      expect(
        (await emailsTo(context, buyer.email)).some((mail) =>
          mail.subject.startsWith(`Order ${orderId} in progress`),
        ),
      ).toBe(true);

      const cancelled = await orderIn('confirmed');
      expect((await fx.setStatus(buyer, cancelled, 'cancelled')).statusCode).toBe(200);
      expect(await activityActions(context, buyer.id)).toContain('order.cancelled');
      expect(
        (await emailsTo(context, team.admin.email)).some((mail) =>
          mail.subject.startsWith(`Order ${cancelled} cancelled`),
        ),
      ).toBe(true);
    });

    it('a stranger can neither change nor learn of an order (404); statuses outside the four are 422', async () => {
      const orderId = await orderIn('confirmed');
      const response = await fx.setStatus(otherBuyer, orderId, 'cancelled');
      expect(response.statusCode).toBe(404);
      for (const status of ['confirmed', 'pending', 'shipped']) {
        expect((await fx.setStatus(buyer, orderId, status)).statusCode).toBe(422);
      }
      expect(
        (await fx.call('PUT', `/api/orders/${orderId}/status`, buyer, { status: 'cancelled', reason: 'x' }))
          .statusCode,
      ).toBe(422);
      expect((await fx.setStatus(undefined, orderId, 'cancelled')).statusCode).toBe(401);
      expect(
        await countRows("select count(*) from orders where id = $1 and status = 'confirmed'", [orderId]),
      ).toBe(1);
    });

    it('concurrent changes apply one after the other: one succeeds, the other is a 409', async () => {
      const orderId = await orderIn('confirmed');
      const responses = await Promise.all([
        fx.setStatus(buyer, orderId, 'cancelled'),
        fx.setStatus(team.admin, orderId, 'in_progress'),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('PUT /api/payments/{id}/status', () => {
    it('lets a general admin refund a completed payment (and its order); everyone else 403; again 409', async () => {
      const order = await fx.purchase(buyer, item);
      const paymentId = order.payment!.id;
      for (const caller of [buyer, item.team.admin]) {
        const response = await fx.call('PUT', `/api/payments/${paymentId}/status`, caller, {
          status: 'refunded',
        });
        expect(response.statusCode, response.body).toBe(403);
      }
      const response = await fx.call('PUT', `/api/payments/${paymentId}/status`, generalAdmin, {
        status: 'refunded',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Payment>().status).toBe('refunded');
      expect((await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>().status).toBe('refunded');
      expect(
        (await fx.call('PUT', `/api/payments/${paymentId}/status`, generalAdmin, { status: 'refunded' }))
          .statusCode,
      ).toBe(409);
      expect(
        (await fx.call('PUT', '/api/payments/999999/status', generalAdmin, { status: 'refunded' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await fx.call('PUT', `/api/payments/${paymentId}/status`, generalAdmin, { status: 'completed' }))
          .statusCode,
      ).toBe(422);
    });
  });

  describe('reviews and the figures they feed (statistics, team ratings)', () => {
    let team: TestTeam;
    let teamPackage: TestPackage;

    beforeAll(async () => {
      team = await fx.createTeam({ members: 1 });
      teamPackage = await fx.createPackage({ team });
    });

    const postReview = (caller: SignedInUser | undefined, orderId: number, payload: object) =>
      fx.call('POST', `/api/orders/${orderId}/review`, caller, payload);
    const teamMetrics = async () =>
      (await fx.call('GET', `/api/teams/${team.id}`)).json<TeamDetail>().team_metrics;
    const statistics = async () =>
      (await fx.call('GET', '/api/statistics/dashboard')).json<DashboardStatistics>();

    it('a real completed order and its review move the team metrics and the landing statistics', async () => {
      const before = { metrics: await teamMetrics(), statistics: await statistics() };
      expect(before.metrics).toEqual({ total_completed_projects: 0, avg_reviews: 0, total_reviews: 0 });

      const order = await fx.purchase(buyer, teamPackage);
      expect((await statistics()).total_running_projects).toBe(before.statistics.total_running_projects + 1);
      await fx.advance(order, team, 'completed', buyer);
      const after = await statistics();
      expect(after.completed_projects).toBe(before.statistics.completed_projects + 1);
      expect(after.total_running_projects).toBe(before.statistics.total_running_projects);
      expect(after.completed_projects_timeline.at(-1)!.count).toBe(
        before.statistics.completed_projects_timeline.at(-1)!.count + 1,
      );

      const detail = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
      expect(detail.can_review).toBe(true);
      const response = await postReview(buyer, order.id, { rating: 4, comment: 'Clear and on time.' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Review>()).toMatchObject({
        order_id: order.id,
        rating: 4,
        comment: 'Clear and on time.',
        buyer: { id: buyer.id, username: buyer.username },
        service_package_title: teamPackage.title,
      });
      expect(await teamMetrics()).toEqual({ total_completed_projects: 1, avg_reviews: 4, total_reviews: 1 });
      expect(await activityActions(context, buyer.id)).toContain('review.created');
      expect((await emailsTo(context, team.admin.email)).at(-1)!.subject).toBe(
        `New review: 4 of 5 for ${teamPackage.title}`,
      );

      const reread = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
      expect(reread.review?.rating).toBe(4);
      expect(reread.can_review).toBe(false);

      const again = await postReview(buyer, order.id, { rating: 5 });
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().detail).toBe(ORDER_TEXTS.reviewExists);
    });

    it('lists reviews publicly, newest first, by package and by team', async () => {
      const second = await fx.purchase(otherBuyer, teamPackage);
      await fx.advance(second, team, 'completed', otherBuyer);
      expect((await postReview(otherBuyer, second.id, { rating: 2, comment: null })).statusCode).toBe(201);

      for (const url of [
        `/api/service-packages/${teamPackage.id}/reviews`,
        `/api/teams/${team.id}/reviews`,
      ]) {
        const response = await fx.call('GET', url);
        expect(response.statusCode, response.body).toBe(200);
        const reviews = response.json<ReviewList>();
        expect(reviews.total).toBe(2);
        expect(reviews.average_rating).toBe(3);
        expect(reviews.items.map((review) => [review.buyer.username, review.rating])).toEqual([
          [otherBuyer.username, 2],
          [buyer.username, 4],
        ]);
      }
      expect(
        (await fx.call('GET', `/api/teams/${team.id}/reviews?limit=1&skip=1`)).json<ReviewList>().items,
      ).toHaveLength(1);
      expect((await fx.call('GET', '/api/teams/999999/reviews')).statusCode).toBe(404);
      expect((await fx.call('GET', '/api/service-packages/999999/reviews')).statusCode).toBe(404);
      expect((await fx.call('GET', `/api/teams/${team.id}/reviews?limit=0`)).statusCode).toBe(422);
    });

    it('only the buyer reviews, only a completed order, with a rating of 1-5', async () => {
      const order = await fx.purchase(buyer, teamPackage);
      let response = await postReview(buyer, order.id, { rating: 5 });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.reviewOnlyCompleted);

      await fx.advance(order, team, 'completed', buyer);
      response = await postReview(team.admin, order.id, { rating: 5 });
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.reviewOnlyBuyer);
      expect((await postReview(otherBuyer, order.id, { rating: 5 })).statusCode).toBe(404);
      expect((await postReview(undefined, order.id, { rating: 5 })).statusCode).toBe(401);
      for (const payload of [
        { rating: 0 },
        { rating: 6 },
        { rating: 4.5 },
        {},
        { rating: 5, stars: 5 },
        { rating: 5, comment: 'x'.repeat(2001) },
      ]) {
        expect((await postReview(buyer, order.id, payload)).statusCode, JSON.stringify(payload)).toBe(422);
      }
      expect((await postReview(buyer, 999_999, { rating: 5 })).statusCode).toBe(404);
    });
  });
});
