import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Payment } from '@teamhire/shared';
import { testClock } from '../../../test/delivery-helpers';
import { expectLedgerBalanced, orderMovements } from '../../../test/ledger-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import { STALE_CHARGE_MS } from '../checkout/checkout.service';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { retryDelayMs } from './payouts.service';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

/**
 * The test gateway with switches for the outside world's failures: refunds that fail before they
 * reach the gateway (`failBefore` of them), or whose answer is lost after the gateway refunded
 * (`loseAnswer`), and a charge whose answer is lost (so the job settles it later).
 */
function unreliableProvider() {
  const inner = createTestPaymentProvider();
  const state = {
    failBefore: 0,
    loseAnswer: 0,
    crashAfterCharge: false,
    /** Every refund the gateway made, by its own id: a repeated key returns the first. */
    gatewayRefunds: new Set<string>(),
    calls: [] as { amountCents: number; key: string | undefined }[],
  };
  const provider: PaymentProvider = {
    ...inner,
    async charge(request) {
      const result = await inner.charge(request);
      if (state.crashAfterCharge) {
        state.crashAfterCharge = false;
        throw new Error('connection reset after the gateway charged');
      }
      return result;
    },
    async refund(transactionId, amountCents, key) {
      state.calls.push({ amountCents, key });
      if (state.failBefore > 0) {
        state.failBefore -= 1;
        throw new Error('The gateway is unavailable');
      }
      const result = await inner.refund(transactionId, amountCents, key);
      state.gatewayRefunds.add(result.refundId);
      if (state.loseAnswer > 0) {
        state.loseAnswer -= 1;
        throw new Error('connection reset after the gateway refunded');
      }
      return result;
    },
  };
  return { provider, state };
}

interface RefundRow {
  id: number;
  amount_cents: number;
  idempotency_key: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  provider_refund_id: string | null;
  last_error: string | null;
}

describe('refunds: decided in the transaction, sent to the gateway after the commit', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  const { provider, state } = unreliableProvider();
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
  const refundsOf = (orderId: number) =>
    query<RefundRow>('select * from refunds where order_id = $1 order by id', [orderId]);
  const reconcile = () => context.app.chargeReconciler.reconcileCharges();
  const paidOrder = async () => {
    const item = await fx.createPackage({ priceCents: 12_345 });
    return { item, order: await fx.purchase(buyer, item) };
  };

  it("a buyer's cancellation whose gateway call fails is answered as before, and the job sends the refund once after the backoff", async () => {
    const { order } = await paidOrder();
    const gatewayBefore = state.gatewayRefunds.size;
    state.failBefore = 1;
    const cancelled = await fx.setStatus(buyer, order.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    // The money left escrow with the decision; the gateway has not returned it yet.
    expect(await orderMovements(context, order.id)).toMatchObject({ escrow: 0, refunded: 12_345 });
    await expectLedgerBalanced(context);
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      amount_cents: 12_345,
      last_error: 'The gateway is unavailable',
    });
    expect(state.gatewayRefunds.size).toBe(gatewayBefore);

    // Not due before the first retry delay.
    await reconcile();
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    time.advance(retryDelayMs(1));
    await reconcile();
    const [sent] = await refundsOf(order.id);
    expect(sent).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      idempotency_key: pending!.idempotency_key,
    });
    expect(sent!.provider_refund_id).toMatch(/^test_re_/);
    expect(state.gatewayRefunds.size).toBe(gatewayBefore + 1);
    time.advance(retryDelayMs(5));
    await reconcile();
    expect(state.gatewayRefunds.size).toBe(gatewayBefore + 1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    await expectLedgerBalanced(context);
  });

  it('an answer lost after the gateway refunded (a crash) is completed by the job under the same key: refunded once', async () => {
    const { order } = await paidOrder();
    const gatewayBefore = state.gatewayRefunds.size;
    const callsBefore = state.calls.length;
    state.loseAnswer = 1;
    const refunded = await fx.call('PUT', `/api/payments/${order.payment!.id}/status`, generalAdmin, {
      status: 'refunded',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Payment>()).toMatchObject({ status: 'refunded' });
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    time.advance(retryDelayMs(1));
    await reconcile();
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const calls = state.calls.slice(callsBefore);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toBe(calls[1]!.key);
    expect(state.gatewayRefunds.size).toBe(gatewayBefore + 1);
    await expectLedgerBalanced(context);
  });

  it('a failing gateway is retried after 1, 2, 4 minutes, and the refund is recorded once it goes through', async () => {
    const { order } = await paidOrder();
    state.failBefore = 3;
    expect((await fx.setStatus(buyer, order.id, 'cancelled')).statusCode).toBe(200);
    for (const attempts of [1, 2, 3]) {
      const [row] = await refundsOf(order.id);
      expect(row).toMatchObject({ status: 'pending', attempts });
      expect(row!.next_attempt_at.getTime() - time.clock().getTime()).toBe(retryDelayMs(attempts));
      time.advance(retryDelayMs(attempts) - 1000);
      await reconcile();
      expect((await refundsOf(order.id))[0]).toMatchObject({ attempts });
      time.advance(1000);
      await reconcile();
    }
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 4,
      last_error: null,
    });
    await expectLedgerBalanced(context);
  });

  it("a dispute partly refunded while the gateway fails completes the order at once and the job returns the buyer's part", async () => {
    const { item, order } = await paidOrder();
    await fx.advance(order, item.team, 'delivered');
    const opened = await fx.call('POST', `/api/orders/${order.id}/disputes`, buyer, {
      reason: 'poor_quality',
      details: 'Half of the pages promised were never delivered.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    state.failBefore = 1;
    const resolved = await fx.call(
      'POST',
      `/api/disputes/${opened.json<{ id: number }>().id}/resolve`,
      generalAdmin,
      {
        outcome: 'partial_refund',
        refund_amount: 23.45,
        message: 'Half of the pages are missing.',
      },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await refundsOf(order.id)).toMatchObject([
      { status: 'pending', amount_cents: 2_345, attempts: 1 },
    ]);
    expect(await orderMovements(context, order.id)).toMatchObject({ escrow: 0, refunded: 2_345 });
    await expectLedgerBalanced(context);
    time.advance(retryDelayMs(1));
    await reconcile();
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'succeeded', attempts: 2 }]);
    await expectLedgerBalanced(context);
  });

  it('ten concurrent refunds of one payment: one succeeds, the rest are refused, the gateway refunds once', async () => {
    const { order } = await paidOrder();
    const gatewayBefore = state.gatewayRefunds.size;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fx.call('PUT', `/api/payments/${order.payment!.id}/status`, generalAdmin, { status: 'refunded' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'succeeded', amount_cents: 12_345 }]);
    expect(state.gatewayRefunds.size).toBe(gatewayBefore + 1);
    expect(await orderMovements(context, order.id)).toMatchObject({ escrow: 0, refunded: 12_345 });
    await expectLedgerBalanced(context);
  });

  it('a failed automatic refund of a charge for a given-up order is retried by the job, once', async () => {
    const item = await fx.createPackage({ priceCents: 7_777 });
    state.crashAfterCharge = true;
    expect((await fx.postOrder(buyer, fx.cardPayload(item))).statusCode).toBe(503);
    const [{ id: orderId }] = (await query<{ id: number }>(
      'select id from orders where service_package_id = $1',
      [item.id],
    )) as [{ id: number }];
    // Given up meanwhile, as an expiry racing the charge would.
    await query("update orders set status = 'cancelled' where id = $1", [orderId]);
    const gatewayBefore = state.gatewayRefunds.size;
    state.failBefore = 1;
    time.advance(STALE_CHARGE_MS + 1000);
    await reconcile();
    // Recorded with the charge: the payment is refunded and escrow holds nothing for the order.
    const [payment] = await query<{ status: string; refunded_cents: number; charge_key: string }>(
      'select status, refunded_cents, charge_key from payments where order_id = $1',
      [orderId],
    );
    expect(payment).toMatchObject({ status: 'refunded', refunded_cents: 7_777 });
    expect(await orderMovements(context, orderId)).toMatchObject({ escrow: 0, refunded: 7_777 });
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'pending', attempts: 1, idempotency_key: `refund_${payment!.charge_key}` },
    ]);
    await expectLedgerBalanced(context);

    time.advance(retryDelayMs(1));
    await reconcile();
    await reconcile();
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'succeeded', attempts: 2 }]);
    expect(state.gatewayRefunds.size).toBe(gatewayBefore + 1);
    await expectLedgerBalanced(context);
  });
});
