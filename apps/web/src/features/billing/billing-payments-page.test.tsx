import {
  BILLING_TEXTS,
  MONEY_TEXTS,
  ORDER_TEXTS,
  type PaymentConfig,
  type PaymentHistoryItem,
  type SavedPaymentMethod,
} from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_DOWNLOAD_FAILED } from '../../components/orders/download-receipt-button';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import {
  BillingPaymentsPage,
  DEFAULT_METHOD_SET_MESSAGE,
  PAYMENT_METHOD_DELETED_MESSAGE,
} from './billing-payments-page';
import { PAYMENT_METHOD_SAVED_MESSAGE } from './components/add-payment-method-dialog';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function method(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: 1,
    type: 'CREDIT_CARD',
    name: 'Work Visa',
    last_four: '4242',
    brand: 'visa',
    expiry_month: 8,
    expiry_year: 2030,
    is_default: true,
    created_at: '2025-05-01T10:00:00Z',
    updated_at: '2025-05-01T10:00:00Z',
    ...overrides,
  };
}

function payment(overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem {
  return {
    id: 11,
    order_id: 90,
    created_at: '2025-06-01T10:00:00Z',
    completed_at: '2025-06-01T10:00:01Z',
    method: 'CREDIT_CARD',
    amount: 499.99,
    currency: 'USD',
    status: 'COMPLETED',
    payment_status: 'completed',
    transaction_id: 'txn_abc123',
    description: 'Landing Page Sprint',
    card_brand: 'visa',
    card_last_four: '4242',
    ...overrides,
  };
}

const HISTORY = [
  payment(),
  payment({ id: 12, status: 'FAILED', payment_status: 'failed', transaction_id: null }),
  payment({ id: 13, status: 'CANCELLED', payment_status: 'refunded', method: 'PAYPAL', card_brand: null }),
];

/** A small in-memory billing API: the methods list changes as the page asks. */
function stubBilling(
  initial: SavedPaymentMethod[],
  override?: (request: RecordedRequest) => Response | undefined,
  config: PaymentConfig = { provider: 'test', publishable_key: null },
) {
  let methods = initial;
  return stubFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    const { url, method: verb } = request;
    if (url === '/api/payments/config') return jsonResponse(config);
    if (url.startsWith('/api/user/payment-history')) {
      return jsonResponse({ items: HISTORY, total: HISTORY.length, skip: 0, limit: 20 });
    }
    if (url === '/api/user/payment-methods' && verb === 'POST') {
      const created = method({
        id: 3,
        name: 'New Card',
        is_default: false,
        last_four: '4444',
        brand: 'mastercard',
      });
      methods = [...methods, created];
      return jsonResponse(created, 201);
    }
    const setDefault = /\/api\/user\/payment-methods\/(\d+)\/set-default$/.exec(url);
    if (setDefault) {
      methods = methods.map((item) => ({ ...item, is_default: item.id === Number(setDefault[1]) }));
      return jsonResponse(methods.find((item) => item.is_default));
    }
    const single = /\/api\/user\/payment-methods\/(\d+)$/.exec(url);
    if (single && verb === 'DELETE') {
      methods = methods.filter((item) => item.id !== Number(single[1]));
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ items: methods });
  });
}

function renderPage() {
  return renderWithProviders(<BillingPaymentsPage />, {
    route: '/billing-payments',
    path: '/billing-payments',
  });
}

const twoMethods = [
  method(),
  method({
    id: 2,
    type: 'PAYPAL',
    name: 'Personal PayPal',
    last_four: null,
    brand: null,
    expiry_month: null,
    expiry_year: null,
    is_default: false,
  }),
];

describe('BillingPaymentsPage', () => {
  it('lists saved methods and the payment history with statuses', async () => {
    stubBilling(twoMethods);
    renderPage();
    expect(screen.getByText('Loading payment data...')).toBeTruthy();
    const methods = await screen.findByRole('list', { name: 'Saved payment methods' });
    const [card, paypal] = within(methods).getAllByRole('listitem');
    expect(card!.textContent).toContain('Work Visa');
    expect(card!.textContent).toContain('Default');
    expect(card!.textContent).toContain('Credit Card · Visa •••• 4242');
    expect(card!.textContent).toContain('Expires 08/2030');
    expect(paypal!.textContent).toContain('PayPal');
    expect(within(paypal!).queryByText('Default')).toBeNull();

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Jun 1, 2025',
        'Landing Page Sprint',
        'Visa •••• 4242',
        '$499.99 USD',
        'COMPLETED',
        'txn_abc123',
        MONEY_TEXTS.downloadReceipt,
      ],
      ['Jun 1, 2025', 'Landing Page Sprint', 'Visa •••• 4242', '$499.99 USD', 'FAILED', '—', '—'],
      [
        'Jun 1, 2025',
        'Landing Page Sprint',
        'PayPal',
        '$499.99 USD',
        'Refunded',
        'txn_abc123',
        MONEY_TEXTS.downloadReceipt,
      ],
    ]);
  });

  it('downloads the PDF receipt of a payment, and says so when it fails', async () => {
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let fail = false;
    const requests = stubBilling(twoMethods, ({ url }) =>
      url.startsWith('/api/payments/')
        ? fail
          ? jsonResponse({ detail: 'Internal Server Error' }, 500)
          : new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } })
        : undefined,
    );
    renderPage();
    const [first] = await screen.findAllByRole('button', { name: MONEY_TEXTS.downloadReceipt });
    fireEvent.click(first!);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(requests.some((request) => request.url === '/api/payments/11/receipt')).toBe(true);

    fail = true;
    fireEvent.click(first!);
    expect(await screen.findByText(RECEIPT_DOWNLOAD_FAILED, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the empty states', async () => {
    stubFetch(({ url }) =>
      url.startsWith('/api/user/payment-history')
        ? jsonResponse({ items: [], total: 0, skip: 0, limit: 20 })
        : jsonResponse({ items: [] }),
    );
    renderPage();
    expect(await screen.findByText(BILLING_TEXTS.noPaymentMethods)).toBeTruthy();
    expect(screen.getByText(BILLING_TEXTS.noPaymentHistory)).toBeTruthy();
  });

  it('says Failed to load payment data with a Retry', async () => {
    let calls = 0;
    stubBilling(twoMethods, ({ url }) => {
      if (url !== '/api/user/payment-methods') return undefined;
      calls += 1;
      return calls === 1 ? jsonResponse({ detail: 'Internal Server Error' }, 500) : undefined;
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BILLING_TEXTS.loadFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Saved payment methods' })).toBeTruthy();
  });

  it('validates the new card and saves it without keeping the number', async () => {
    const requests = stubBilling(twoMethods);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect(await within(dialog).findByText(BILLING_TEXTS.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(ORDER_TEXTS.required)).toBeTruthy();
    expect(within(dialog).getAllByText(BILLING_TEXTS.expiryRequired)).toHaveLength(2);

    const change = (label: string | RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    expect(within(dialog).getByLabelText(/CVV/).getAttribute('maxlength')).toBe('4');
    change('Name', 'New Card');
    change('Card Number', '5555 5555 5555 4444');
    change('Month', '13');
    change('Year', '2023');
    change(/CVV/, '12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect(await within(dialog).findByText(BILLING_TEXTS.monthRange)).toBeTruthy();
    expect(within(dialog).getByText(BILLING_TEXTS.yearMin)).toBeTruthy();
    expect(within(dialog).getByText(BILLING_TEXTS.cvvInvalid)).toBeTruthy();

    change('Month', '12');
    change('Year', '2031');
    change(/CVV/, '123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByText(PAYMENT_METHOD_SAVED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('New Card')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'CREDIT_CARD',
      name: 'New Card',
      card_number: '5555555555554444',
      cvv: '123',
      expiry_month: 12,
      expiry_year: 2031,
      is_default: false,
    });
  });

  it("with Stripe, takes the card in Stripe's card element and sends only its payment method", async () => {
    const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_card_mastercard' } }));
    const mount = vi.fn();
    vi.doMock('@stripe/stripe-js', () => ({
      loadStripe: vi.fn(async () => ({
        elements: () => ({ create: () => ({ mount, on: vi.fn(), destroy: vi.fn() }) }),
        createPaymentMethod,
      })),
    }));
    const requests = stubBilling(twoMethods, undefined, {
      provider: 'stripe',
      publishable_key: 'pk_test_123',
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    await waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByLabelText('Card Number')).toBeNull();
    expect(within(dialog).queryByLabelText('Month')).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'Card' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'New Card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByText(PAYMENT_METHOD_SAVED_MESSAGE)).toBeTruthy();
    expect(createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'CREDIT_CARD',
      name: 'New Card',
      provider_method_id: 'pm_card_mastercard',
      is_default: false,
    });
    vi.doUnmock('@stripe/stripe-js');
  });

  it('saves a PayPal method with only a name', async () => {
    const requests = stubBilling([]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'PAYPAL' } });
    expect(within(dialog).queryByLabelText('Card Number')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Personal PayPal' } });
    fireEvent.click(within(dialog).getByLabelText('Make this my default payment method'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        type: 'PAYPAL',
        name: 'Personal PayPal',
        last_four: null,
        is_default: true,
      }),
    );
  });

  it('says Failed to save payment method when the server fails', async () => {
    stubBilling([], ({ method: verb }) =>
      verb === 'POST' ? jsonResponse({ detail: 'Internal Server Error' }, 500) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'BANK_TRANSFER' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(BILLING_TEXTS.saveFailed);
  });

  it('sets another method as default', async () => {
    const requests = stubBilling(twoMethods);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Personal PayPal as default' }));
    expect(await screen.findByText(DEFAULT_METHOD_SET_MESSAGE)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set Work Visa as default' })).toBeTruthy(),
    );
    expect(requests.some((request) => request.url === '/api/user/payment-methods/2/set-default')).toBe(true);
  });

  it('says Failed to set default payment method when refused', async () => {
    stubBilling(twoMethods, ({ url }) =>
      url.endsWith('/set-default') ? jsonResponse({ detail: 'Internal Server Error' }, 500) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Personal PayPal as default' }));
    expect(await screen.findByText(BILLING_TEXTS.setDefaultFailed)).toBeTruthy();
  });

  it('deletes a method only after confirmation', async () => {
    const requests = stubBilling(twoMethods);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Personal PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Payment Method' });
    expect(dialog.textContent).toContain('Are you sure you want to delete "Personal PayPal"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PAYMENT_METHOD_DELETED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Personal PayPal')).toBeNull());
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/user/payment-methods/2',
    ]);
  });

  it('says Failed to delete payment method when refused', async () => {
    stubBilling(twoMethods, ({ method: verb }) =>
      verb === 'DELETE' ? jsonResponse({ detail: 'Internal Server Error' }, 500) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Work Visa' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BILLING_TEXTS.deleteFailed)).toBeTruthy();
  });
});
