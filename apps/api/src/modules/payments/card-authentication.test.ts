import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TEXTS, TEST_CARDS, type Order } from '@teamhire/shared';
import { emailsTo } from '../../../test/accounts-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { expectLedgerBalanced } from '../../../test/ledger-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import { PENDING_ORDER_TTL_MS } from '../orders/order-timers';
import { INTERRUPTED_CHARGE_MS, STALE_CHARGE_MS } from '../checkout/checkout.service';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

describe('cards that ask for 3-D Secure are not declines', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  const provider = createTestPaymentProvider();
  let buyer: SignedInUser;
  let generalAdmin: SignedInUser;

  beforeAll(async () => {
    context = await createTestApp({}, { paymentProvider: provider, clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
  });
  afterAll(() => context?.close());

  const query = async <Row>(sql: string, values: unknown[] = []) =>
    (await context.database.pool.query(sql, values)).rows as Row[];
  const authenticationCard = (item: Awaited<ReturnType<typeof fx.createPackage>>) =>
    fx.cardPayload(item, TEST_CARDS.requiresAuthentication);
  const getOrder = (caller: SignedInUser, orderId: number) =>
    fx.call('GET', `/api/orders/${orderId}`, caller).then((response) => response.json<Order>());

  async function orderAwaitingAuthentication() {
    const item = await fx.createPackage();
    const key = randomUUID();
    const response = await fx.postOrder(buyer, authenticationCard(item), key);
    expect(response.statusCode, response.body).toBe(202);
    return { item, key, order: response.json<Order>() };
  }

  it('answers 202 with the pending order and what the browser needs to authenticate; only the buyer sees the secret', async () => {
    const { item, key, order } = await orderAwaitingAuthentication();
    expect(order).toMatchObject({
      status: 'pending',
      payment: { status: 'pending', card_last_four: '3155' },
      payment_action: { status: 'requires_action' },
    });
    expect(order.payment_action!.client_secret).toMatch(/^test_pi_\w+_secret_\w+$/);
    expect((await getOrder(buyer, order.id)).payment_action).toEqual(order.payment_action);
    expect((await getOrder(generalAdmin, order.id)).payment_action).toBeUndefined();

    // A repeat (a lost answer) gets the same authentication to complete, and no second charge.
    const repeat = await fx.postOrder(buyer, authenticationCard(item), key);
    expect(repeat.statusCode, repeat.body).toBe(202);
    expect(repeat.json<Order>().payment_action).toEqual(order.payment_action);
    expect(await query('select id from payments where order_id = $1', [order.id])).toHaveLength(1);
    // Nothing held while the card holder decides.
    await expectLedgerBalanced(context);
  });

  it('an authentication that succeeds is settled by the job: the order is confirmed once, the team told once', async () => {
    const { item, order } = await orderAwaitingAuthentication();
    expect(provider.completeAuthentication(order.payment!.transaction_id!, true)).toBe(true);
    // Waiting for the card holder is not a payment that never went through: the expiry leaves it.
    time.advance(PENDING_ORDER_TTL_MS + 1000);
    await context.app.orderTimers.expirePending();
    expect((await getOrder(buyer, order.id)).status).toBe('pending');

    time.advance(STALE_CHARGE_MS);
    expect(await context.app.chargeReconciler.reconcileCharges()).toBeGreaterThanOrEqual(1);
    const settled = await getOrder(buyer, order.id);
    expect(settled).toMatchObject({ status: 'confirmed', payment: { status: 'completed' } });
    expect(settled.payment_action).toBeUndefined();
    await context.app.chargeReconciler.reconcileCharges();
    const mails = await emailsTo(context, item.team.admin.email);
    expect(mails.filter((mail) => mail.subject === `New order: ${item.title}`)).toHaveLength(1);
    await expectLedgerBalanced(context);
  });

  it('an authentication that fails is a decline: the order stays pending with a failed payment, then expires', async () => {
    const { order } = await orderAwaitingAuthentication();
    provider.completeAuthentication(order.payment!.transaction_id!, false);
    time.advance(STALE_CHARGE_MS + 1000);
    await context.app.chargeReconciler.reconcileCharges();
    expect(await getOrder(buyer, order.id)).toMatchObject({
      status: 'pending',
      payment: { status: 'failed', failure_message: ORDER_TEXTS.authenticationNotCompleted },
    });
    time.advance(PENDING_ORDER_TTL_MS + 1000);
    await context.app.orderTimers.expirePending();
    expect((await getOrder(buyer, order.id)).status).toBe('cancelled');
    await expectLedgerBalanced(context);
  });

  it('an authentication nobody completes is recorded as not completed by the job after two hours, nothing charged', async () => {
    const { order } = await orderAwaitingAuthentication();
    time.advance(STALE_CHARGE_MS + 1000);
    await context.app.chargeReconciler.reconcileCharges();
    expect((await getOrder(buyer, order.id)).payment).toMatchObject({ status: 'pending' });
    time.advance(INTERRUPTED_CHARGE_MS);
    await context.app.chargeReconciler.reconcileCharges();
    const abandoned = await getOrder(buyer, order.id);
    expect(abandoned).toMatchObject({
      status: 'pending',
      payment: { status: 'failed', failure_message: ORDER_TEXTS.authenticationNotCompleted },
    });
    expect(abandoned.payment_action).toBeUndefined();
    await expectLedgerBalanced(context);
  });
});
