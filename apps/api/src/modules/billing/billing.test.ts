import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_TEXTS,
  TEST_CARDS,
  type PaymentHistory,
  type SavedPaymentMethod,
  type SavedPaymentMethodList,
} from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { orderFixtures } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, type SignedInUser } from '../../../test/users';

describe('billing', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;

  beforeAll(async () => {
    context = await createTestApp();
    fx = orderFixtures(context);
  });
  afterAll(() => context.close());

  const card = (overrides: object = {}) => ({
    type: 'CREDIT_CARD',
    name: 'Work Visa',
    last_four: '4242',
    brand: 'visa',
    expiry_month: 8,
    expiry_year: 2030,
    ...overrides,
  });

  async function add(user: SignedInUser, payload: object): Promise<SavedPaymentMethod> {
    const response = await fx.call('POST', '/api/user/payment-methods', user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SavedPaymentMethod>();
  }

  async function methods(user: SignedInUser): Promise<SavedPaymentMethod[]> {
    const response = await fx.call('GET', '/api/user/payment-methods', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SavedPaymentMethodList>().items;
  }

  const defaults = async (user: SignedInUser) =>
    (await methods(user)).filter((method) => method.is_default).map((method) => method.id);

  describe('saved payment methods', () => {
    it("refuses a card element's method with the test provider (422), keeping nothing", async () => {
      const user = await fx.buyer();
      const response = await fx.call('POST', '/api/user/payment-methods', user, {
        type: 'CREDIT_CARD',
        name: 'From Stripe',
        provider_method_id: 'pm_card_visa',
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual([
        { path: 'body.provider_method_id', message: BILLING_TEXTS.providerMethodNotAvailable },
      ]);
      expect(await methods(user)).toEqual([]);
    });

    it('adds methods: the first becomes the default; a card number is reduced to brand and last four', async () => {
      const user = await fx.buyer();
      const first = await add(user, card());
      expect(first).toMatchObject({ ...card(), is_default: true });
      const { last_four: _lastFour, brand: _brand, ...withoutDigits } = card();
      const fromNumber = await add(user, {
        ...withoutDigits,
        name: 'Mastercard',
        card_number: '5555 5555 5555 4444',
        cvv: '123',
      });
      expect(fromNumber).toMatchObject({ last_four: '4444', brand: 'mastercard', is_default: false });
      expect(Object.keys(fromNumber)).not.toContain('card_number');
      const paypal = await add(user, { type: 'PAYPAL', name: 'farah@paypal.example.com' });
      expect(paypal).toMatchObject({ last_four: null, brand: null, expiry_month: null, is_default: false });
      const bank = await add(user, {
        type: 'BANK_TRANSFER',
        name: 'Checking',
        last_four: '0042',
        is_default: true,
      });
      expect(bank.is_default).toBe(true);
      expect(await defaults(user)).toEqual([bank.id]);
      expect((await methods(user))[0]!.id).toBe(bank.id);
      expect(await activityActions(context, user.id)).toContain('payment_method.added');
    });

    it.each([
      ['month 0', card({ expiry_month: 0 }), 'expiry_month', BILLING_TEXTS.monthRange],
      ['month 13', card({ expiry_month: 13 }), 'expiry_month', BILLING_TEXTS.monthRange],
      ['year 2023', card({ expiry_year: 2023 }), 'expiry_year', BILLING_TEXTS.yearMin],
      ['no name', card({ name: '  ' }), 'name', BILLING_TEXTS.nameRequired],
      [
        'a CVV of five digits',
        {
          ...card({ last_four: undefined, brand: undefined }),
          card_number: TEST_CARDS.success,
          cvv: '12345',
        },
        'cvv',
        BILLING_TEXTS.cvvInvalid,
      ],
      [
        'a card number failing Luhn',
        { ...card({ last_four: undefined, brand: undefined }), card_number: '4242424242424241' },
        'card_number',
        BILLING_TEXTS.cardNumberInvalid,
      ],
      [
        'both a number and last four',
        { ...card(), card_number: TEST_CARDS.success },
        'last_four',
        BILLING_TEXTS.cardDetailsBoth,
      ],
      [
        'a card with neither number nor last four',
        card({ last_four: undefined }),
        'last_four',
        BILLING_TEXTS.cardDetailsRequired,
      ],
      [
        'a card without expiry',
        card({ expiry_month: undefined }),
        'expiry_month',
        BILLING_TEXTS.expiryRequired,
      ],
      ['last four of three digits', card({ last_four: '424' }), 'last_four', BILLING_TEXTS.lastFourInvalid],
      [
        'PayPal with an expiry',
        { type: 'PAYPAL', name: 'p@example.com', expiry_month: 1 },
        'expiry_month',
        undefined,
      ],
      ['an unknown type', { type: 'CRYPTO', name: 'Wallet' }, 'type', undefined],
      ['an unknown field', { ...card(), cvc: '123' }, '', undefined],
    ])('refuses %s with 422', async (_name, payload, field, message) => {
      const user = await fx.buyer();
      const response = await fx.call('POST', '/api/user/payment-methods', user, payload);
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json<ErrorBody>();
      if (field) expect(body.errors?.map((error) => error.path)).toContain(`body.${field}`);
      if (message) expect(body.errors?.map((error) => error.message)).toContain(message);
      expect(await methods(user)).toEqual([]);
    });

    it('edits the name, expiry and default; the type and digits stay', async () => {
      const user = await fx.buyer();
      const first = await add(user, card());
      const second = await add(user, card({ name: 'Spare', last_four: '1111' }));
      const response = await fx.call('PUT', `/api/user/payment-methods/${second.id}`, user, {
        name: 'Renamed',
        expiry_month: 1,
        expiry_year: 2031,
        is_default: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SavedPaymentMethod>()).toMatchObject({
        name: 'Renamed',
        last_four: '1111',
        expiry_month: 1,
        expiry_year: 2031,
        is_default: true,
      });
      expect(await defaults(user)).toEqual([second.id]);

      const undefault = await fx.call('PUT', `/api/user/payment-methods/${second.id}`, user, {
        name: 'Renamed',
        expiry_month: 1,
        expiry_year: 2031,
        is_default: false,
      });
      expect(undefault.statusCode).toBe(409);
      for (const payload of [
        { name: 'x', expiry_month: 13, expiry_year: 2030 },
        { name: 'x', expiry_month: null, expiry_year: 2030 },
        { name: '', expiry_month: 1, expiry_year: 2030 },
        { name: 'x', expiry_month: 1, expiry_year: 2030, last_four: '9999' },
      ]) {
        const refused = await fx.call('PUT', `/api/user/payment-methods/${first.id}`, user, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      }
    });

    it('set-default moves the one default; deleting the default promotes the oldest remaining method', async () => {
      const user = await fx.buyer();
      const first = await add(user, card({ name: 'One' }));
      const second = await add(user, card({ name: 'Two' }));
      const third = await add(user, card({ name: 'Three' }));
      const response = await fx.call('POST', `/api/user/payment-methods/${third.id}/set-default`, user);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SavedPaymentMethod>().is_default).toBe(true);
      expect(await defaults(user)).toEqual([third.id]);

      expect((await fx.call('DELETE', `/api/user/payment-methods/${third.id}`, user)).statusCode).toBe(204);
      expect(await defaults(user)).toEqual([first.id]);
      expect((await fx.call('DELETE', `/api/user/payment-methods/${second.id}`, user)).statusCode).toBe(204);
      expect(await defaults(user)).toEqual([first.id]);
      expect((await fx.call('DELETE', `/api/user/payment-methods/${first.id}`, user)).statusCode).toBe(204);
      expect(await methods(user)).toEqual([]);
      expect(await activityActions(context, user.id)).toEqual(
        expect.arrayContaining(['payment_method.default', 'payment_method.deleted']),
      );
    });

    it('concurrent adds to an empty list still give exactly one default', async () => {
      const user = await fx.buyer();
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          fx.call('POST', '/api/user/payment-methods', user, card({ name: `Card ${index}` })),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(await defaults(user)).toHaveLength(1);
    });

    it("another user's method is a 404 for every call; visitors get 401", async () => {
      const owner = await fx.buyer();
      const stranger = await fx.buyer();
      const method = await add(owner, card());
      for (const [verb, url, payload] of [
        ['GET', `/api/user/payment-methods/${method.id}`, undefined],
        [
          'PUT',
          `/api/user/payment-methods/${method.id}`,
          { name: 'Mine now', expiry_month: 1, expiry_year: 2030 },
        ],
        ['DELETE', `/api/user/payment-methods/${method.id}`, undefined],
        ['POST', `/api/user/payment-methods/${method.id}/set-default`, undefined],
      ] as const) {
        const response = await fx.call(verb, url, stranger, payload);
        expect(response.statusCode, `${verb} ${url}`).toBe(404);
        expect(response.json<ErrorBody>().detail).toBe(BILLING_TEXTS.methodNotFound);
        expect((await fx.call(verb, url, undefined, payload)).statusCode).toBe(401);
      }
      expect(await methods(stranger)).toEqual([]);
      expect((await methods(owner))[0]).toMatchObject({ id: method.id, name: 'Work Visa' });
      expect((await fx.call('GET', '/api/user/payment-methods/abc', owner)).statusCode).toBe(422);
    });
  });

  describe('GET /api/user/payment-history', () => {
    it("lists the caller's payments newest first with upper-case statuses, paginated; nobody else's", async () => {
      const buyer = await fx.buyer();
      const stranger = await fx.buyer();
      const item = await fx.createPackage();
      const paid = await fx.purchase(buyer, item);
      expect((await fx.postOrder(buyer, fx.cardPayload(item, TEST_CARDS.declined))).statusCode).toBe(402);
      const cancelled = await fx.purchase(buyer, item);
      expect((await fx.setStatus(buyer, cancelled.id, 'cancelled')).statusCode).toBe(200);

      const response = await fx.call('GET', '/api/user/payment-history', buyer);
      expect(response.statusCode, response.body).toBe(200);
      const history = response.json<PaymentHistory>();
      expect(history.total).toBe(3);
      expect(
        history.items.map((payment) => [payment.order_id, payment.status, payment.payment_status]),
      ).toEqual([
        [cancelled.id, 'CANCELLED', 'refunded'],
        [expect.any(Number), 'FAILED', 'failed'],
        [paid.id, 'COMPLETED', 'completed'],
      ]);
      expect(history.items[2]).toMatchObject({
        method: 'CREDIT_CARD',
        amount: item.price,
        currency: 'USD',
        description: item.title,
        card_brand: 'visa',
        card_last_four: '4242',
      });
      expect(history.items[2]!.transaction_id).toMatch(/^test_ch_/);

      const page = (
        await fx.call('GET', '/api/user/payment-history?skip=1&limit=1', buyer)
      ).json<PaymentHistory>();
      expect(page.items.map((payment) => payment.status)).toEqual(['FAILED']);
      expect(page.total).toBe(3);

      const theirs = (await fx.call('GET', '/api/user/payment-history', stranger)).json<PaymentHistory>();
      expect(theirs).toMatchObject({ items: [], total: 0 });
      expect((await fx.call('GET', '/api/user/payment-history?limit=500', buyer)).statusCode).toBe(422);
      expect((await fx.call('GET', '/api/user/payment-history')).statusCode).toBe(401);
    });
  });
});
