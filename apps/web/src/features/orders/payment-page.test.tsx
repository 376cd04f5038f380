import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TEXTS,
  TEST_CARDS,
  expiryYearChoices,
  type PaymentConfig,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { createQueryClient } from '../../lib/query-client';
import { OrderConfirmationPage } from './order-confirmation-page';
import { orderFixture, packageFixture } from '../../test/order-fixtures';
import { PaymentPage } from './payment-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

/**
 * The package answers as given; every POST /api/orders goes to `onOrder`; the test provider takes
 * cards and the buyer has `savedCards`.
 */
function stubShop(
  onOrder: FetchHandler,
  servicePackage = jsonResponse(packageFixture()),
  options: { savedCards?: SavedPaymentMethod[]; config?: PaymentConfig } = {},
) {
  return stubFetch((request) => {
    if (request.url === '/api/orders') return onOrder(request);
    if (request.url === '/api/payments/config') {
      return jsonResponse(options.config ?? { provider: 'test', publishable_key: null });
    }
    if (request.url === '/api/user/payment-methods') return jsonResponse({ items: options.savedCards ?? [] });
    return servicePackage.clone();
  });
}

function renderPage(route = '/payment/12') {
  return renderWithProviders(<PaymentPage />, {
    route,
    path: '/payment/:packageId',
    extraRoutes: [{ path: '/order-confirmation/:orderId', element: <LocationProbe /> }],
  });
}

function orderCalls(): RequestInit[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === '/api/orders')
    .map(([, init]) => init ?? {});
}

function idempotencyKeys(): (string | null)[] {
  return orderCalls().map((init) => new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER));
}

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const nextYear = String(expiryYearChoices()[1]);

function fillCardAndAddress(cardNumber: string = TEST_CARDS.success) {
  change('Card Number', cardNumber);
  change('Expiry Month', '12');
  change('Expiry Year', nextYear);
  change('CVV', '123');
  change('Cardholder Name', 'Ada Lovelace');
  change('Street Address', '1 Analytical Way');
  change('City', 'London');
  change('State / Province', 'Greater London');
  change('Postal Code', 'N1 9GU');
  change('Country', 'GB');
}

async function pay() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay $499.99' }));
}

describe('PaymentPage', () => {
  it('shows the package, a $0.00 fee and a Pay button with the price', async () => {
    stubShop(() => jsonResponse(orderFixture(), 201));
    renderPage();
    expect(screen.getByText('Loading package details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Landing Page Sprint' })).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $499.99' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Credit Card' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Country')).toHaveProperty('value', 'US');
    const yearOptions = Array.from((screen.getByLabelText('Expiry Year') as HTMLSelectElement).options)
      .map((option) => option.value)
      .filter(Boolean);
    expect(yearOptions).toEqual(expiryYearChoices().map(String));
    expect((screen.getByLabelText('Expiry Month') as HTMLSelectElement).options).toHaveLength(13);
  });

  it('requires every card and billing field and sends nothing while any is wrong', async () => {
    stubShop(() => jsonResponse(orderFixture(), 201));
    renderPage();
    await pay();
    await waitFor(() => expect(screen.getAllByText(ORDER_TEXTS.required)).toHaveLength(9));
    change('Card Number', '4242 4242 4242 4241');
    change('CVV', '12');
    await pay();
    expect(await screen.findByText(ORDER_TEXTS.cardNumberInvalid)).toBeTruthy();
    expect(screen.getByText('CVV must be 3 or 4 digits')).toBeTruthy();
    expect(screen.getByLabelText('Card Number').getAttribute('aria-invalid')).toBe('true');
    expect(orderCalls()).toHaveLength(0);
  });

  it('pays once with an Idempotency-Key and opens the confirmation', async () => {
    const requests = stubShop(() => jsonResponse(orderFixture({ id: 90 }), 201));
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress('4242 4242 4242 4242');
    await pay();
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/90');
    const order = requests.find((request) => request.url === '/api/orders');
    expect(order?.method).toBe('POST');
    expect(order?.body).toEqual({
      service_package_id: 12,
      total_amount: 499.99,
      payment_method: 'credit_card',
      card: {
        card_number: '4242424242424242',
        expiry_month: 12,
        expiry_year: Number(nextYear),
        cvv: '123',
        cardholder_name: 'Ada Lovelace',
      },
      billing_address: {
        street: '1 Analytical Way',
        city: 'London',
        state: 'Greater London',
        postal_code: 'N1 9GU',
        country: 'GB',
      },
    });
    expect(idempotencyKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the confirmation from the 201 answer without asking for the order again', async () => {
    const requests = stubShop(() => jsonResponse(orderFixture({ id: 95 }), 201));
    renderWithProviders(<PaymentPage />, {
      route: '/payment/12',
      path: '/payment/:packageId',
      // The app's own client, with its stale times, rather than the tests' never-stale one.
      queryClient: createQueryClient(),
      extraRoutes: [{ path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> }],
    });
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress();
    await pay();
    await screen.findByText(ORDER_TEXTS.orderConfirmed);
    expect(screen.getByText('#95').textContent).toBe('#95');
    expect(requests.filter((request) => request.url.startsWith('/api/orders/'))).toEqual([]);
  });

  it('shows the provider message of a decline, keeps the form and stays on the page', async () => {
    stubShop(() =>
      jsonResponse({ detail: ORDER_TEXTS.cardDeclined, order_id: 91, payment_status: 'failed' }, 402),
    );
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress(TEST_CARDS.declined);
    await pay();
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_TEXTS.cardDeclined);
    expect(screen.queryByLabelText('Current location')).toBeNull();
    expect(screen.getByLabelText('Cardholder Name')).toHaveProperty('value', 'Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Pay $499.99' })).toHaveProperty('disabled', false);

    // The decline settled that attempt: paying again is a new attempt with a new key.
    await pay();
    await waitFor(() => expect(orderCalls()).toHaveLength(2));
    const [first, second] = idempotencyKeys();
    expect(second).not.toBe(first);
  });

  it('retries with the same key after a lost answer, and a changed form gets a new one', async () => {
    let calls = 0;
    stubShop(() => {
      calls += 1;
      if (calls <= 2) throw new TypeError('Failed to fetch');
      return jsonResponse(orderFixture({ id: 92 }), 201);
    });
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress();
    await pay();
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_TEXTS.paymentFailed);
    await pay();
    await waitFor(() => expect(orderCalls()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay $499.99' })).toHaveProperty('disabled', false),
    );
    expect(idempotencyKeys()[1]).toBe(idempotencyKeys()[0]);

    change('Cardholder Name', 'Ada King');
    await pay();
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/92');
    expect(idempotencyKeys()[2]).not.toBe(idempotencyKeys()[0]);
  });

  it('disables the button while paying so a double click sends one request', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubShop(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress();
    await pay();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay $499.99' })).toHaveProperty('disabled', true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay $499.99' }));
    expect(orderCalls()).toHaveLength(1);
    answer(jsonResponse(orderFixture({ id: 93 }), 201));
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/93');
  });

  it('says Payment failed for a server error', async () => {
    stubShop(() => jsonResponse({ detail: 'Internal Server Error' }, 500));
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress();
    await pay();
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_TEXTS.paymentFailed);
  });

  it('pays with PayPal without any card field', async () => {
    const requests = stubShop(() => jsonResponse(orderFixture({ id: 94 }), 201));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByLabelText('Card Number')).toBeNull();
    change('PayPal Email', 'not-an-email');
    change('Street Address', '1 Analytical Way');
    change('City', 'London');
    change('State / Province', 'Greater London');
    change('Postal Code', 'N1 9GU');
    await pay();
    expect(await screen.findByText(ORDER_TEXTS.paypalEmailInvalid)).toBeTruthy();
    change('PayPal Email', 'ada@example.com');
    await pay();
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/94');
    const order = requests.find((request) => request.url === '/api/orders');
    expect(order?.body).toMatchObject({ payment_method: 'paypal', paypal_email: 'ada@example.com' });
    expect(order?.body).not.toHaveProperty('card');
  });

  it('says Package Not Found with a way back to the dashboard', async () => {
    stubShop(
      () => jsonResponse(orderFixture(), 201),
      jsonResponse({ detail: 'Service package not found' }, 404),
    );
    renderPage('/payment/999');
    const heading = await screen.findByRole('heading', { name: ORDER_TEXTS.packageNotFound });
    const notFound = heading.parentElement!;
    expect(within(notFound).getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('form', { name: 'Payment' })).toBeNull();
  });

  describe('saved cards and the Stripe card element', () => {
    const savedCard = (overrides: Partial<SavedPaymentMethod>): SavedPaymentMethod => ({
      id: 5,
      type: 'CREDIT_CARD',
      name: 'Work Visa',
      last_four: '4242',
      brand: 'visa',
      expiry_month: 8,
      expiry_year: 2030,
      is_default: false,
      created_at: '2025-05-01T10:00:00Z',
      updated_at: '2025-05-01T10:00:00Z',
      ...overrides,
    });
    const savedCards = [
      savedCard({ id: 5 }),
      savedCard({ id: 6, brand: 'mastercard', last_four: '4444', is_default: true }),
      savedCard({ id: 7, type: 'PAYPAL', brand: null, last_four: null }),
    ];
    function fillAddress() {
      change('Street Address', '1 Analytical Way');
      change('City', 'London');
      change('State / Province', 'Greater London');
      change('Postal Code', 'N1 9GU');
    }

    it('offers the saved cards above the card form, the default chosen, and pays with it', async () => {
      const requests = stubShop(() => jsonResponse(orderFixture({ id: 95 }), 201), undefined, { savedCards });
      renderPage();
      const choices = await screen.findByRole('group', { name: 'Saved Cards' });
      expect(
        within(choices)
          .getAllByRole('radio')
          .map((radio) => radio.parentElement!.textContent),
      ).toEqual(['Visa ending in 4242', 'Mastercard ending in 4444 (default)', 'Use a new card']);
      expect(screen.getByRole('radio', { name: 'Mastercard ending in 4444 (default)' })).toHaveProperty(
        'checked',
        true,
      );
      expect(screen.queryByLabelText('Card Number')).toBeNull();
      fillAddress();
      await pay();
      expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/95');
      const order = requests.find((request) => request.url === '/api/orders');
      expect(order?.body).toMatchObject({ payment_method: 'credit_card', saved_payment_method_id: 6 });
      expect(order?.body).not.toHaveProperty('card');
    });

    it('"Use a new card" brings back the card form', async () => {
      const requests = stubShop(() => jsonResponse(orderFixture({ id: 96 }), 201), undefined, { savedCards });
      renderPage();
      fireEvent.click(await screen.findByRole('radio', { name: 'Use a new card' }));
      fillCardAndAddress();
      await pay();
      expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/96');
      const order = requests.find((request) => request.url === '/api/orders');
      expect(order?.body).toHaveProperty('card');
      expect(order?.body).not.toHaveProperty('saved_payment_method_id');
    });

    it("with Stripe, takes the card in Stripe's card element and sends only its payment method", async () => {
      const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_card_visa' } }));
      const mount = vi.fn();
      vi.doMock('@stripe/stripe-js', () => ({
        loadStripe: vi.fn(async () => ({
          elements: () => ({ create: () => ({ mount, on: vi.fn(), destroy: vi.fn() }) }),
          createPaymentMethod,
        })),
      }));
      const requests = stubShop(() => jsonResponse(orderFixture({ id: 97 }), 201), undefined, {
        config: { provider: 'stripe', publishable_key: 'pk_test_123' },
      });
      renderPage();
      await waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
      expect(screen.queryByLabelText('Card Number')).toBeNull();
      expect(screen.getByRole('group', { name: 'Card' })).toBeTruthy();
      fillAddress();
      await pay();
      expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/97');
      expect(createPaymentMethod).toHaveBeenCalledTimes(1);
      const order = requests.find((request) => request.url === '/api/orders');
      expect(order?.body).toMatchObject({ payment_method: 'credit_card', card_token: 'pm_card_visa' });
      expect(order?.body).not.toHaveProperty('card');
      vi.doUnmock('@stripe/stripe-js');
    });

    const awaitingAuthentication = () => {
      const base = orderFixture({ id: 98 });
      return orderFixture({
        id: 98,
        status: 'pending',
        payment: { ...base.payment!, status: 'pending', completed_at: null },
        payment_action: { status: 'requires_action', client_secret: 'pi_123_secret_456' },
      });
    };

    it('with Stripe, completes a 3-D Secure authentication with the client secret, then reads the order until it is paid', async () => {
      const handleNextAction = vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } }));
      vi.doMock('@stripe/stripe-js', () => ({
        loadStripe: vi.fn(async () => ({
          elements: () => ({ create: () => ({ mount: vi.fn(), on: vi.fn(), destroy: vi.fn() }) }),
          createPaymentMethod: vi.fn(async () => ({
            paymentMethod: { id: 'pm_card_authenticationRequired' },
          })),
          handleNextAction,
        })),
      }));
      let reads = 0;
      stubFetch((request) => {
        if (request.url === '/api/orders') return jsonResponse(awaitingAuthentication(), 202);
        if (request.url === '/api/orders/98') {
          reads += 1;
          return jsonResponse(orderFixture({ id: 98 }));
        }
        if (request.url === '/api/payments/config') {
          return jsonResponse({ provider: 'stripe', publishable_key: 'pk_test_123' });
        }
        if (request.url === '/api/user/payment-methods') return jsonResponse({ items: [] });
        return jsonResponse(packageFixture());
      });
      renderPage();
      await screen.findByRole('group', { name: 'Card' });
      fillAddress();
      await pay();
      expect((await screen.findByLabelText('Current location')).textContent).toBe('/order-confirmation/98');
      expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_456' });
      expect(reads).toBe(1);
      vi.doUnmock('@stripe/stripe-js');
    });

    it('with Stripe, a failed authentication shows why and stays on the page', async () => {
      vi.doMock('@stripe/stripe-js', () => ({
        loadStripe: vi.fn(async () => ({
          elements: () => ({ create: () => ({ mount: vi.fn(), on: vi.fn(), destroy: vi.fn() }) }),
          createPaymentMethod: vi.fn(async () => ({
            paymentMethod: { id: 'pm_card_authenticationRequired' },
          })),
          handleNextAction: vi.fn(async () => ({
            error: { message: 'We are unable to authenticate your payment method.' },
          })),
        })),
      }));
      stubShop(() => jsonResponse(awaitingAuthentication(), 202), undefined, {
        config: { provider: 'stripe', publishable_key: 'pk_test_123' },
      });
      renderPage();
      await screen.findByRole('group', { name: 'Card' });
      fillAddress();
      await pay();
      expect((await screen.findByRole('alert')).textContent).toContain(
        'We are unable to authenticate your payment method.',
      );
      expect(screen.getByRole('button', { name: 'Pay $499.99' })).toBeTruthy();
      vi.doUnmock('@stripe/stripe-js');
    });
  });

  it('with the test gateway, a card asking for 3-D Secure says this page cannot complete it', async () => {
    stubShop(() => jsonResponse(awaitingAuthentication3155(), 202));
    renderPage();
    await screen.findByRole('button', { name: 'Pay $499.99' });
    fillCardAndAddress(TEST_CARDS.requiresAuthentication);
    await pay();
    expect((await screen.findByRole('alert')).textContent).toContain(ORDER_TEXTS.authenticationUnavailable);
  });
});

function awaitingAuthentication3155() {
  const base = orderFixture({ id: 99 });
  return orderFixture({
    id: 99,
    status: 'pending',
    payment: { ...base.payment!, status: 'pending', card_last_four: '3155', completed_at: null },
    payment_action: { status: 'requires_action', client_secret: 'test_pi_1_secret_2' },
  });
}
