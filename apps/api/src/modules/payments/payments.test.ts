import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MONEY_TEXTS,
  ORDER_TEXTS,
  TEST_CARDS,
  type Order,
  type PaymentConfig,
  type PaymentDeclinedResponse,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import { emailsTo, type ErrorBody } from '../../../test/accounts-helpers';
import { testClock } from '../../../test/delivery-helpers';
import { expectLedgerBalanced, orderMovements } from '../../../test/ledger-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import { PENDING_ORDER_TTL_MS } from '../orders/order-timers';
import { INTERRUPTED_CHARGE_MS, STALE_CHARGE_MS } from '../checkout/checkout.service';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { CHARGE_INTERRUPTED_MESSAGE } from './payments.service';
import { createTestPaymentProvider } from '../../platform/payments/test-payment-provider';

/**
 * The test gateway, counting the charges it makes, with a switch that makes the next purchase die
 * where a crash would: after the gateway charged (the answer never comes back) or before the call
 * reached it.
 */
function crashableProvider() {
  const inner = createTestPaymentProvider();
  const state = { charges: 0, crash: null as null | 'after_charge' | 'before_charge' };
  const provider: PaymentProvider = {
    ...inner,
    async charge(request) {
      const crash = state.crash;
      state.crash = null;
      if (crash === 'before_charge') throw new Error('connection reset before the gateway');
      const result = await inner.charge(request);
      state.charges += 1;
      if (crash === 'after_charge') throw new Error('connection reset after the gateway charged');
      return result;
    },
  };
  return { provider, state };
}

describe('payments', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  const time = testClock();
  const { provider, state } = crashableProvider();
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let generalAdmin: SignedInUser;
  let item: TestPackage;

  beforeAll(async () => {
    context = await createTestApp({}, { paymentProvider: provider, clock: time.clock });
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    otherBuyer = await fx.buyer();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isVerified: true });
    item = await fx.createPackage();
  });
  afterAll(() => context?.close());

  const query = async <Row>(sql: string, values: unknown[] = []) =>
    (await context.database.pool.query(sql, values)).rows as Row[];
  const paymentsOf = (orderId: number) =>
    query<{
      status: string;
      charge_key: string;
      transaction_id: string | null;
      failure_message: string | null;
    }>('select status, charge_key, transaction_id, failure_message from payments where order_id = $1', [
      orderId,
    ]);
  const orderStatus = async (orderId: number) =>
    (await query<{ status: string }>('select status from orders where id = $1', [orderId]))[0]!.status;
  const lastOrderOf = async (packageId: number) =>
    (
      await query<{ id: number }>(
        'select id from orders where service_package_id = $1 order by id desc limit 1',
        [packageId],
      )
    )[0]!.id;

  describe('two steps: no transaction waits on the gateway', () => {
    it('a crash after the gateway charged leaves a pending order; the repeat with its key confirms it without charging again', async () => {
      const fresh = await fx.createPackage();
      const key = randomUUID();
      state.crash = 'after_charge';
      const crashed = await fx.postOrder(buyer, fx.cardPayload(fresh), key);
      expect(crashed.statusCode, crashed.body).toBe(503);
      expect(crashed.json<ErrorBody>().detail).toBe(ORDER_TEXTS.paymentUnconfirmed);
      const orderId = await lastOrderOf(fresh.id);
      expect(await orderStatus(orderId)).toBe('pending');
      expect(await paymentsOf(orderId)).toMatchObject([{ status: 'pending', transaction_id: null }]);

      const charges = state.charges;
      const repeat = await fx.postOrder(buyer, fx.cardPayload(fresh), key);
      expect(repeat.statusCode, repeat.body).toBe(201);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json<Order>()).toMatchObject({ id: orderId, status: 'confirmed' });
      // The gateway was asked again under the same charge key and answered with the first charge.
      expect(state.charges).toBe(charges + 1);
      const [payment] = await paymentsOf(orderId);
      expect(payment).toMatchObject({ status: 'completed' });
      expect(payment!.transaction_id).toMatch(/^test_ch_/);
      expect(await paymentsOf(orderId)).toHaveLength(1);

      const again = await fx.postOrder(buyer, fx.cardPayload(fresh), key);
      expect(again.body).toBe(repeat.body);
    });

    it('a crash nobody repeats is reconciled by the job: it asks the gateway by the charge key and confirms the order once', async () => {
      const fresh = await fx.createPackage();
      state.crash = 'after_charge';
      expect((await fx.postOrder(buyer, fx.cardPayload(fresh))).statusCode).toBe(503);
      const orderId = await lastOrderOf(fresh.id);
      const [pending] = await paymentsOf(orderId);
      expect(await provider.findCharge(pending!.charge_key)).toMatchObject({ outcome: 'succeeded' });

      // Too early: a charge may still be on its way.
      expect(await context.app.chargeReconciler.reconcileCharges()).toBe(0);
      expect(await orderStatus(orderId)).toBe('pending');
      // Nor does the pending-order expiry give up an order whose charge is open.
      time.advance(PENDING_ORDER_TTL_MS + 1000);
      expect(await context.app.orderTimers.expirePending()).toBe(0);
      expect(await orderStatus(orderId)).toBe('pending');

      time.advance(STALE_CHARGE_MS);
      expect(await context.app.chargeReconciler.reconcileCharges()).toBeGreaterThanOrEqual(1);
      expect(await orderStatus(orderId)).toBe('confirmed');
      expect(await paymentsOf(orderId)).toMatchObject([{ status: 'completed' }]);
      expect(await context.app.chargeReconciler.reconcileCharges()).toBe(0);
      const mails = await emailsTo(context, fresh.team.admin.email);
      expect(mails.filter((mail) => mail.subject === `New order: ${fresh.title}`)).toHaveLength(1);
    });

    it('a charge that succeeds after its order was given up is refunded whole after the commit, once, and the ledger balances', async () => {
      const fresh = await fx.createPackage();
      state.crash = 'after_charge';
      expect((await fx.postOrder(buyer, fx.cardPayload(fresh))).statusCode).toBe(503);
      const orderId = await lastOrderOf(fresh.id);
      const [pending] = await paymentsOf(orderId);
      // Given up meanwhile (as an admin's cancellation or an expiry racing the charge would).
      await query("update orders set status = 'cancelled' where id = $1", [orderId]);
      const refunds: { transactionId: string; amountCents: number; key: string | undefined }[] = [];
      const refund = provider.refund;
      provider.refund = async (transactionId, amountCents, key) => {
        refunds.push({ transactionId, amountCents, key });
        return refund(transactionId, amountCents, key);
      };
      try {
        time.advance(STALE_CHARGE_MS + 1000);
        expect(await context.app.chargeReconciler.reconcileCharges()).toBeGreaterThanOrEqual(1);
      } finally {
        provider.refund = refund;
      }
      expect(await orderStatus(orderId)).toBe('cancelled');
      const [payment] = await paymentsOf(orderId);
      expect(payment).toMatchObject({ status: 'refunded' });
      const amountCents = Math.round(fresh.price * 100);
      expect(refunds).toEqual([
        { transactionId: payment!.transaction_id, amountCents, key: `refund_${pending!.charge_key}` },
      ]);
      const [recorded] = await query<{ refunded_cents: number }>(
        'select refunded_cents from payments where order_id = $1',
        [orderId],
      );
      expect(recorded!.refunded_cents).toBe(amountCents);
      expect(await orderMovements(context, orderId)).toMatchObject({ escrow: 0, refunded: amountCents });
      // The team never heard of it.
      const mails = await emailsTo(context, fresh.team.admin.email);
      expect(mails.filter((mail) => mail.subject === `New order: ${fresh.title}`)).toHaveLength(0);
      expect(await context.app.chargeReconciler.reconcileCharges()).toBe(0);
      await expectLedgerBalanced(context);
    });

    it('a charge that never reached the gateway is recorded as interrupted; the order then expires, nothing charged', async () => {
      const fresh = await fx.createPackage();
      state.crash = 'before_charge';
      const charges = state.charges;
      expect((await fx.postOrder(buyer, fx.cardPayload(fresh))).statusCode).toBe(503);
      const orderId = await lastOrderOf(fresh.id);
      // Unknown to the gateway, but its search may lag: not yet taken as never made.
      time.advance(STALE_CHARGE_MS + 1000);
      await context.app.chargeReconciler.reconcileCharges();
      expect(await paymentsOf(orderId)).toMatchObject([{ status: 'pending' }]);
      time.advance(INTERRUPTED_CHARGE_MS);
      await context.app.chargeReconciler.reconcileCharges();
      expect(await paymentsOf(orderId)).toMatchObject([
        { status: 'failed', failure_message: CHARGE_INTERRUPTED_MESSAGE },
      ]);
      expect(await orderStatus(orderId)).toBe('pending');
      expect(state.charges).toBe(charges);
      await context.app.orderTimers.expirePending();
      expect(await orderStatus(orderId)).toBe('cancelled');
    });
  });

  describe('paying with a saved card', () => {
    async function save(user: SignedInUser, payload: object): Promise<SavedPaymentMethod> {
      const response = await fx.call('POST', '/api/user/payment-methods', user, {
        name: 'Saved',
        is_default: false,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SavedPaymentMethod>();
    }
    const savedCard = (lastFour: string, brand = 'visa') => ({
      type: 'CREDIT_CARD',
      last_four: lastFour,
      brand,
      expiry_month: 8,
      expiry_year: new Date().getUTCFullYear() + 2,
    });
    const withSaved = (target: TestPackage, id: number) => {
      const { card: _card, ...rest } = fx.cardPayload(target);
      return { ...rest, saved_payment_method_id: id };
    };

    it('pays with the buyer own saved card: brand and last four on the payment', async () => {
      const method = await save(buyer, savedCard('4444', 'mastercard'));
      const response = await fx.postOrder(buyer, withSaved(item, method.id));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Order>()).toMatchObject({
        status: 'confirmed',
        payment: { status: 'completed', card_brand: 'mastercard', card_last_four: '4444' },
      });
      const [row] = await query<{ saved_payment_method_id: number }>(
        'select saved_payment_method_id from payments where order_id = $1',
        [response.json<Order>().id],
      );
      expect(row!.saved_payment_method_id).toBe(method.id);
    });

    it.each([
      ['declined', TEST_CARDS.declined, ORDER_TEXTS.cardDeclined],
      ['insufficient funds', TEST_CARDS.insufficientFunds, ORDER_TEXTS.insufficientFunds],
    ])('a saved card ending like the %s test card declines like it (402)', async (_name, number, message) => {
      const method = await save(buyer, savedCard(number.slice(-4)));
      const response = await fx.postOrder(buyer, withSaved(item, method.id));
      expect(response.statusCode, response.body).toBe(402);
      expect(response.json<PaymentDeclinedResponse>()).toMatchObject({
        detail: message,
        payment_status: 'failed',
      });
    });

    it("refuses another buyer's method (404, nothing written) and a saved PayPal account (422)", async () => {
      const fresh = await fx.createPackage();
      const theirs = await save(otherBuyer, savedCard('4242'));
      const stranger = await fx.postOrder(buyer, withSaved(fresh, theirs.id));
      expect(stranger.statusCode, stranger.body).toBe(404);
      expect(stranger.json<ErrorBody>().detail).toBe(MONEY_TEXTS.savedMethodNotFound);
      expect((await fx.postOrder(buyer, withSaved(fresh, 999_999))).statusCode).toBe(404);

      const paypal = await save(buyer, { type: 'PAYPAL' });
      const notACard = await fx.postOrder(buyer, withSaved(fresh, paypal.id));
      expect(notACard.statusCode, notACard.body).toBe(422);
      expect(notACard.json<ErrorBody>().detail).toBe(MONEY_TEXTS.savedMethodNotACard);
      expect(await query('select id from orders where service_package_id = $1', [fresh.id])).toEqual([]);
    });

    it('refuses card details and a saved method together, or neither, with 422', async () => {
      const method = await save(buyer, savedCard('4242'));
      const both = await fx.postOrder(buyer, { ...fx.cardPayload(item), saved_payment_method_id: method.id });
      expect(both.statusCode).toBe(422);
      expect(both.json<ErrorBody>().errors?.map((error) => error.message)).toContain(
        MONEY_TEXTS.cardOrSavedMethod,
      );
      const { card: _card, ...neither } = fx.cardPayload(item);
      const none = await fx.postOrder(buyer, neither);
      expect(none.statusCode).toBe(422);
      expect(none.json<ErrorBody>().errors?.map((error) => error.message)).toContain(
        MONEY_TEXTS.cardOrSavedMethod,
      );
      const badId = await fx.postOrder(buyer, { ...neither, saved_payment_method_id: 'one' });
      expect(badId.statusCode).toBe(422);
      expect((await fx.postOrder(undefined, withSaved(item, method.id))).statusCode).toBe(401);
    });
  });

  describe('receipts', () => {
    const receipt = (caller: SignedInUser | undefined, paymentId: number | string) =>
      fx.call('GET', `/api/payments/${paymentId}/receipt`, caller);

    it('gives the buyer and a general admin the PDF receipt of a payment', async () => {
      const order = await fx.purchase(buyer, item);
      const paymentId = order.payment!.id;
      for (const reader of [buyer, generalAdmin]) {
        const response = await receipt(reader, paymentId);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="teamhire-receipt-${paymentId}.pdf"`,
        );
        expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(response.rawPayload.toString('latin1')).toContain(`TeamHire receipt ${paymentId}`);
      }
    });

    it('hides a receipt from the team, strangers and visitors; a declined payment has none; a bad id is 422', async () => {
      const order = await fx.purchase(buyer, item);
      for (const refused of [item.team.admin, otherBuyer]) {
        const response = await receipt(refused, order.payment!.id);
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorBody>().detail).toBe(ORDER_TEXTS.paymentNotFound);
      }
      expect((await receipt(undefined, order.payment!.id)).statusCode).toBe(401);
      expect((await receipt(buyer, 999_999)).statusCode).toBe(404);
      expect((await receipt(buyer, 'abc')).statusCode).toBe(422);

      const declined = await fx.postOrder(buyer, fx.cardPayload(item, TEST_CARDS.declined));
      const failed = await fx.call(
        'GET',
        `/api/orders/${declined.json<PaymentDeclinedResponse>().order_id}`,
        buyer,
      );
      const response = await receipt(buyer, failed.json<Order>().payment!.id);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(MONEY_TEXTS.receiptNotAvailable);
    });
  });

  it('tells the payment page which provider takes cards (the test mode has no public key)', async () => {
    const response = await fx.call('GET', '/api/payments/config');
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentConfig>()).toEqual({ provider: 'test', publishable_key: null });
  });
});
