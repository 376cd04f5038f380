import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_TEXTS,
  ORDER_TEXTS,
  type Order,
  type PaymentConfig,
  type PaymentDeclinedResponse,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { expectLedgerBalanced } from '../../../test/ledger-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createStripePaymentProvider } from '../../platform/payments/stripe-payment-provider';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_fake_teamhire',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_teamhire_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_teamhire',
};

describe('the Stripe provider against a local fake Stripe', () => {
  let fake: FakeStripe;
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let stripe: PaymentProvider;
  /** Makes the next charge reach Stripe and then lose its answer, as a crash would. */
  const crash = { afterCharge: false };
  let buyer: SignedInUser;
  let generalAdmin: SignedInUser;
  let item: TestPackage;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripePaymentProvider({ secretKey: KEYS.STRIPE_SECRET_KEY }, fake.endpoint);
    const provider: PaymentProvider = {
      ...stripe,
      async charge(request) {
        const result = await stripe.charge(request);
        if (crash.afterCharge) {
          crash.afterCharge = false;
          throw new Error('the process died before recording the charge');
        }
        return result;
      },
    };
    context = await createTestApp({ PAYMENT_PROVIDER: 'stripe', ...KEYS }, { paymentProvider: provider });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    item = await fx.createPackage();
  });
  afterAll(async () => {
    await context?.close();
    await fake?.close();
  });

  const tokenPayload = (target: TestPackage, token: string) => {
    const { card: _card, ...rest } = fx.cardPayload(target);
    return { ...rest, card_token: token };
  };
  const intentCreations = () =>
    fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
  const query = async <Row>(sql: string, values: unknown[] = []) =>
    (await context.database.pool.query(sql, values)).rows as Row[];

  function webhook(event: object, options: { secret?: string; signature?: string } = {}) {
    const payload = JSON.stringify(event);
    const signature =
      options.signature ??
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? KEYS.STRIPE_WEBHOOK_SECRET,
      });
    return context.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }
  const intentEvent = (type: string, intent: object) => ({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: intent },
  });

  it('gives the payment page the provider and its publishable key', async () => {
    const response = await fx.call('GET', '/api/payments/config');
    expect(response.json<PaymentConfig>()).toEqual({
      provider: 'stripe',
      publishable_key: KEYS.STRIPE_PUBLISHABLE_KEY,
    });
  });

  it("charges the card element's payment method through a confirmed PaymentIntent, keyed and grouped by the order", async () => {
    const response = await fx.postOrder(buyer, tokenPayload(item, 'pm_card_visa'));
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      status: 'confirmed',
      payment: { status: 'completed', card_brand: 'visa', card_last_four: '4242' },
    });
    expect(order.payment!.transaction_id).toMatch(/^pi_/);
    const [created] = intentCreations().slice(-1);
    const [payment] = await query<{ charge_key: string }>('select charge_key from payments where id = $1', [
      order.payment!.id,
    ]);
    expect(created!.idempotencyKey).toBe(payment!.charge_key);
    expect(created!.form.get('transfer_group')).toBe(`order_${order.id}`);
    expect(created!.form.get('amount')).toBe(String(Math.round(item.price * 100)));
    expect(created!.form.get('confirm')).toBe('true');
    expect(created!.form.get('metadata[charge_key]')).toBe(payment!.charge_key);
  });

  it.each([
    ['pm_card_chargeDeclined', ORDER_TEXTS.cardDeclined],
    ['pm_card_chargeDeclinedInsufficientFunds', ORDER_TEXTS.insufficientFunds],
  ])('a declined card (%s) answers 402 with the reason', async (token, message) => {
    const response = await fx.postOrder(buyer, tokenPayload(item, token));
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json<PaymentDeclinedResponse>()).toMatchObject({
      detail: message,
      payment_status: 'failed',
    });
  });

  it('refuses an unknown payment method (422, nothing kept) and card numbers, which never reach our server with Stripe', async () => {
    const fresh = await fx.createPackage();
    const unknown = await fx.postOrder(buyer, tokenPayload(fresh, 'pm_does_not_exist'));
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json<ErrorBody>().errors?.[0]?.path).toBe('body.card_token');
    const numbers = await fx.postOrder(buyer, fx.cardPayload(fresh));
    expect(numbers.statusCode, numbers.body).toBe(422);
    expect(await query('select id from orders where service_package_id = $1', [fresh.id])).toEqual([]);
  });

  it('a retry after a lost answer calls Stripe again under the same key: one PaymentIntent, one charge', async () => {
    const fresh = await fx.createPackage();
    const key = randomUUID();
    crash.afterCharge = true;
    expect((await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_visa'), key)).statusCode).toBe(503);
    const retry = await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_visa'), key);
    expect(retry.statusCode, retry.body).toBe(201);
    const [payment] = await query<{ charge_key: string }>(
      'select charge_key from payments where order_id = $1',
      [retry.json<Order>().id],
    );
    expect(
      intentCreations().filter((request) => request.idempotencyKey === payment!.charge_key),
    ).toHaveLength(2);
    expect(
      [...fake.paymentIntents.values()].filter(
        (intent) => (intent.metadata as Record<string, string>).charge_key === payment!.charge_key,
      ),
    ).toHaveLength(1);
  });

  it('refunds through Stripe with an idempotency key when a general admin refunds', async () => {
    const order = (await fx.postOrder(buyer, tokenPayload(item, 'pm_card_visa'))).json<Order>();
    const response = await fx.call('PUT', `/api/payments/${order.payment!.id}/status`, generalAdmin, {
      status: 'refunded',
    });
    expect(response.statusCode, response.body).toBe(200);
    const refund = fake.requests.filter((request) => request.path === '/v1/refunds').at(-1)!;
    expect(refund.form.get('payment_intent')).toBe(order.payment!.transaction_id);
    expect(refund.idempotencyKey).toMatch(/^refund_/);
  });

  it('finds a charge by its key through the search API, and knows nothing of a key it never saw', async () => {
    const order = (await fx.postOrder(buyer, tokenPayload(item, 'pm_card_visa'))).json<Order>();
    const [payment] = await query<{ charge_key: string }>('select charge_key from payments where id = $1', [
      order.payment!.id,
    ]);
    expect(await stripe.findCharge(payment!.charge_key)).toMatchObject({
      outcome: 'succeeded',
      transactionId: order.payment!.transaction_id,
      cardLastFour: '4242',
    });
    expect(await stripe.findCharge('teamhire_never_sent')).toBeNull();
  });

  it('opens Express accounts with onboarding links, and transfers once per key with the order as transfer group', async () => {
    const account = await stripe.createPayoutAccount({
      userId: buyer.id,
      email: 'member@example.com',
      returnUrl: 'http://localhost:3000/earnings',
    });
    expect(account.accountId).toMatch(/^acct_/);
    expect(account.status).toBe('pending');
    expect(account.onboardingUrl).toContain(account.accountId);
    expect(await stripe.payoutAccountStatus(account.accountId)).toBe('pending');
    const transfer = {
      accountId: account.accountId,
      amountCents: 1234,
      currency: 'USD',
      transferGroup: 'order_1',
      idempotencyKey: `payout_${randomUUID()}`,
    };
    const first = await stripe.transfer(transfer);
    expect(await stripe.transfer(transfer)).toEqual(first);
    const sent = fake.requests.filter((request) => request.path === '/v1/transfers').at(-1)!;
    expect(sent.form.get('transfer_group')).toBe('order_1');
    expect(sent.form.get('destination')).toBe(account.accountId);
  });

  describe('saved cards from the card element', () => {
    const saveCard = (caller: SignedInUser | undefined, body: object) =>
      fx.call('POST', '/api/user/payment-methods', caller, body);
    const customerRows = (userId: number) =>
      query<{ customer_id: string }>(
        "select customer_id from payment_customers where user_id = $1 and provider = 'stripe'",
        [userId],
      );

    it("attaches the card element's method to the buyer's new customer and keeps Stripe's brand, last four and expiry", async () => {
      const saver = await fx.buyer();
      const response = await saveCard(saver, {
        type: 'CREDIT_CARD',
        name: 'Work Visa',
        provider_method_id: 'pm_card_visa',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<SavedPaymentMethod>()).toMatchObject({
        type: 'CREDIT_CARD',
        name: 'Work Visa',
        brand: 'visa',
        last_four: '4242',
        expiry_month: 12,
        expiry_year: 2034,
        is_default: true,
      });
      const customers = await customerRows(saver.id);
      expect(customers).toHaveLength(1);
      expect(customers[0]!.customer_id).toMatch(/^cus_/);
      const [stored] = await query<{ provider_method_id: string }>(
        'select provider_method_id from saved_payment_methods where id = $1',
        [response.json<SavedPaymentMethod>().id],
      );
      expect(stored!.provider_method_id).toMatch(/^pm_/);
      expect(stored!.provider_method_id).not.toBe('pm_card_visa');
      const attach = fake.requests.filter(
        (request) => request.path === '/v1/payment_methods/pm_card_visa/attach',
      );
      expect(attach.at(-1)!.form.get('customer')).toBe(customers[0]!.customer_id);

      // A second card reuses the customer; the saved card then pays off-session as that customer.
      const second = await saveCard(saver, {
        type: 'CREDIT_CARD',
        name: 'Mastercard',
        provider_method_id: 'pm_card_mastercard',
      });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json<SavedPaymentMethod>()).toMatchObject({ brand: 'mastercard', last_four: '4444' });
      expect(await customerRows(saver.id)).toEqual(customers);
      expect(
        fake.requests.filter(
          (request) =>
            request.path === '/v1/customers' && request.form.get('metadata[user_id]') === String(saver.id),
        ),
      ).toHaveLength(1);

      const { card: _card, ...rest } = fx.cardPayload(await fx.createPackage());
      const paid = await fx.postOrder(saver, {
        ...rest,
        saved_payment_method_id: response.json<SavedPaymentMethod>().id,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json<Order>()).toMatchObject({
        status: 'confirmed',
        payment: { status: 'completed', card_brand: 'visa', card_last_four: '4242' },
      });
      const intent = intentCreations().at(-1)!;
      expect(intent.form.get('customer')).toBe(customers[0]!.customer_id);
      expect(intent.form.get('payment_method')).toBe(stored!.provider_method_id);
    });

    it('refuses card fields next to the method, an unknown method, a malformed id and an anonymous caller', async () => {
      const saver = await fx.buyer();
      const mixed = await saveCard(saver, {
        type: 'CREDIT_CARD',
        name: 'Mixed',
        provider_method_id: 'pm_card_visa',
        last_four: '4242',
        expiry_month: 1,
        expiry_year: 2030,
      });
      expect(mixed.statusCode, mixed.body).toBe(422);
      expect(mixed.json<ErrorBody>().errors?.map((error) => error.message)).toContain(
        BILLING_TEXTS.providerMethodAlone,
      );
      const malformed = await saveCard(saver, {
        type: 'CREDIT_CARD',
        name: 'Bad',
        provider_method_id: '4242',
      });
      expect(malformed.statusCode, malformed.body).toBe(422);
      const notACard = await saveCard(saver, {
        type: 'PAYPAL',
        name: 'PayPal',
        provider_method_id: 'pm_card_visa',
      });
      expect(notACard.statusCode, notACard.body).toBe(422);
      const unknown = await saveCard(saver, {
        type: 'CREDIT_CARD',
        name: 'Unknown',
        provider_method_id: 'pm_does_not_exist',
      });
      expect(unknown.statusCode, unknown.body).toBe(422);
      expect(unknown.json<ErrorBody>().errors?.[0]?.path).toBe('body.provider_method_id');
      const anonymous = await saveCard(undefined, {
        type: 'CREDIT_CARD',
        name: 'Anon',
        provider_method_id: 'pm_card_visa',
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await query('select id from saved_payment_methods where user_id = $1', [saver.id])).toEqual([]);
    });

    it("another buyer's saved card cannot pay", async () => {
      const owner = await fx.buyer();
      const saved = (
        await saveCard(owner, { type: 'CREDIT_CARD', name: 'Mine', provider_method_id: 'pm_card_visa' })
      ).json<SavedPaymentMethod>();
      const { card: _card, ...rest } = fx.cardPayload(await fx.createPackage());
      const stolen = await fx.postOrder(buyer, { ...rest, saved_payment_method_id: saved.id });
      expect(stolen.statusCode, stolen.body).toBe(404);
    });
  });

  describe('webhooks', () => {
    const processedEvents = async () =>
      Number((await query<{ count: string }>('select count(*) from processed_webhook_events'))[0]!.count);

    it('refuses a forged or missing signature with 400 and writes nothing', async () => {
      const before = await processedEvents();
      const event = intentEvent('payment_intent.succeeded', { id: 'pi_forged', metadata: {} });
      expect((await webhook(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
      expect((await webhook(event, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
      const unsigned = await context.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await processedEvents()).toBe(before);
    });

    it('payment_intent.succeeded before our own record confirms the order; our record and a replay then change nothing', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      crash.afterCharge = true;
      const crashed = await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_visa'), key);
      expect(crashed.statusCode, crashed.body).toBe(503);
      const [pending] = await query<{ id: number; order_id: number; charge_key: string }>(
        `select p.id, p.order_id, p.charge_key from payments p join orders o on o.id = p.order_id
         where o.service_package_id = $1`,
        [fresh.id],
      );
      const intent = [...fake.paymentIntents.values()].find(
        (candidate) => (candidate.metadata as Record<string, string>).charge_key === pending!.charge_key,
      )!;
      const event = intentEvent('payment_intent.succeeded', intent);
      const delivered = await webhook(event);
      expect(delivered.statusCode, delivered.body).toBe(200);
      const [order] = await query<{ status: string }>('select status from orders where id = $1', [
        pending!.order_id,
      ]);
      expect(order!.status).toBe('confirmed');

      // Replayed by Stripe: processed once.
      expect((await webhook(event)).statusCode).toBe(200);
      expect(
        await query('select event_id from processed_webhook_events where event_id = $1', [event.id]),
      ).toHaveLength(1);

      // The buyer's retry finds the charge recorded: it answers without asking Stripe again.
      const creations = intentCreations().length;
      const retry = await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_visa'), key);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json<Order>()).toMatchObject({ id: pending!.order_id, status: 'confirmed' });
      expect(intentCreations().length).toBe(creations);
      const payments = await query<{ status: string }>('select status from payments where order_id = $1', [
        pending!.order_id,
      ]);
      expect(payments).toEqual([{ status: 'completed' }]);
    });

    it('an event after our own record, or a late payment_failed after success, changes nothing', async () => {
      const order = (await fx.postOrder(buyer, tokenPayload(item, 'pm_card_visa'))).json<Order>();
      const intent = fake.paymentIntents.get(order.payment!.transaction_id!)!;
      const events = (
        await query<{ count: string }>('select count(*) from order_events where order_id = $1', [order.id])
      )[0]!.count;
      expect((await webhook(intentEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
      const failed = {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      };
      expect((await webhook(intentEvent('payment_intent.payment_failed', failed))).statusCode).toBe(200);
      const after = await fx.call('GET', `/api/orders/${order.id}`, buyer);
      expect(after.json<Order>()).toMatchObject({ status: 'confirmed', payment: { status: 'completed' } });
      expect(
        (
          await query<{ count: string }>('select count(*) from order_events where order_id = $1', [order.id])
        )[0]!.count,
      ).toBe(events);
    });

    it('account.updated sets the payout account status once, by the event time, and an activated member is paid by the payout job', async () => {
      const fresh = await fx.createPackage();
      const member = fresh.team.admin;
      const order = (await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_visa'))).json<Order>();
      await fx.advance(order, fresh.team, 'completed', buyer);
      expect((await fx.call('POST', '/api/user/payout-account', member)).statusCode).toBe(200);
      const [account] = await query<{ provider_account_id: string; status: string }>(
        'select provider_account_id, status from payout_accounts where user_id = $1',
        [member.id],
      );
      expect(account!.status).toBe('pending');
      // Onboarding unfinished: the money stays available, nothing is transferred.
      const transfers = () => fake.requests.filter((request) => request.path === '/v1/transfers').length;
      const before = transfers();
      await context.app.payouts.run();
      expect(transfers()).toBe(before);

      const accountEvent = (enabled: boolean, created: number) => ({
        ...intentEvent('account.updated', {
          id: account!.provider_account_id,
          object: 'account',
          type: 'express',
          charges_enabled: enabled,
          payouts_enabled: enabled,
          details_submitted: true,
        }),
        created,
      });
      const statusNow = async () =>
        (
          await query<{ status: string }>('select status from payout_accounts where user_id = $1', [
            member.id,
          ])
        )[0]!.status;
      const now = Math.floor(Date.now() / 1000);
      const older = accountEvent(false, now - 120);
      const active = accountEvent(true, now - 60);
      expect((await webhook(active)).statusCode).toBe(200);
      expect(await statusNow()).toBe('active');
      // The older event arrives late, and the newer one is replayed: neither changes anything.
      expect((await webhook(older)).statusCode).toBe(200);
      expect((await webhook(active)).statusCode).toBe(200);
      expect(await statusNow()).toBe('active');
      expect(
        await query('select event_id from processed_webhook_events where event_id = $1', [active.id]),
      ).toHaveLength(1);
      const payoutAccount = await fx.call('GET', '/api/user/payout-account', member);
      expect(payoutAccount.json()).toEqual({ status: 'active' });

      // Active now: the payout job transfers the member's money, once.
      await context.app.payouts.run();
      await context.app.payouts.run();
      const sent = fake.requests.filter((request) => request.path === '/v1/transfers').slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.form.get('destination')).toBe(account!.provider_account_id);
      expect(sent[0]!.form.get('transfer_group')).toBe(`order_${order.id}`);
      await expectLedgerBalanced(context);

      // A newer event that disables payouts does apply.
      expect((await webhook(accountEvent(false, now))).statusCode).toBe(200);
      expect(await statusNow()).toBe('pending');
    });

    it('a card that asks for 3-D Secure answers 202 with the client secret; payment_intent.succeeded then confirms the order once', async () => {
      const fresh = await fx.createPackage();
      const response = await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_authenticationRequired'));
      expect(response.statusCode, response.body).toBe(202);
      const order = response.json<Order>();
      const intent = fake.paymentIntents.get(order.payment!.transaction_id!)!;
      expect(order).toMatchObject({
        status: 'pending',
        payment: { status: 'pending' },
        payment_action: { status: 'requires_action', client_secret: intent.client_secret },
      });
      const event = intentEvent('payment_intent.succeeded', fake.completeAuthentication(intent.id, true));
      expect((await webhook(event)).statusCode).toBe(200);
      expect((await webhook(event)).statusCode).toBe(200);
      const settled = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
      expect(settled).toMatchObject({ status: 'confirmed', payment: { status: 'completed' } });
      expect(settled.payment_action).toBeUndefined();
      const confirmations = await query<{ count: string }>(
        "select count(*) from order_events where order_id = $1 and type = 'confirmed'",
        [order.id],
      );
      expect(confirmations[0]!.count).toBe('1');
      await expectLedgerBalanced(context);
    });

    it('a failed 3-D Secure authentication is recorded as a decline by payment_intent.payment_failed', async () => {
      const fresh = await fx.createPackage();
      const order = (
        await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_authenticationRequired'))
      ).json<Order>();
      const failed = fake.completeAuthentication(order.payment!.transaction_id!, false);
      expect((await webhook(intentEvent('payment_intent.payment_failed', failed))).statusCode).toBe(200);
      const after = (await fx.call('GET', `/api/orders/${order.id}`, buyer)).json<Order>();
      expect(after).toMatchObject({
        status: 'pending',
        payment: {
          status: 'failed',
          failure_message: 'The provided PaymentMethod has failed authentication.',
        },
      });
      expect(after.payment_action).toBeUndefined();
    });

    it('payment_failed for an open charge records the decline', async () => {
      const fresh = await fx.createPackage();
      crash.afterCharge = true;
      expect((await fx.postOrder(buyer, tokenPayload(fresh, 'pm_card_chargeDeclined'))).statusCode).toBe(503);
      const [pending] = await query<{ order_id: number; charge_key: string }>(
        `select p.order_id, p.charge_key from payments p join orders o on o.id = p.order_id where o.service_package_id = $1`,
        [fresh.id],
      );
      const intent = [...fake.paymentIntents.values()].find(
        (candidate) => (candidate.metadata as Record<string, string>).charge_key === pending!.charge_key,
      )!;
      expect((await webhook(intentEvent('payment_intent.payment_failed', intent))).statusCode).toBe(200);
      const order = await fx.call('GET', `/api/orders/${pending!.order_id}`, buyer);
      expect(order.json<Order>()).toMatchObject({
        status: 'pending',
        payment: { status: 'failed', failure_message: ORDER_TEXTS.cardDeclined },
      });
    });
  });
});
