import { OFFER_TEXTS, TEST_CARDS, expiryYearChoices } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { offerFixture } from '../../test/offer-fixtures';
import { orderFixture } from '../../test/order-fixtures';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { OfferPaymentPage } from './offer-payment-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function stubShop(onOrder: FetchHandler, offer = jsonResponse(offerFixture())) {
  return stubFetch((request) => {
    if (request.url === '/api/orders') return onOrder(request);
    if (request.url === '/api/payments/config')
      return jsonResponse({ provider: 'test', publishable_key: null });
    if (request.url === '/api/user/payment-methods') return jsonResponse({ items: [] });
    if (request.url === '/api/offers/40') return offer.clone();
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

function renderPage(route = '/payment/offer/40') {
  return renderWithProviders(<OfferPaymentPage />, {
    route,
    path: '/payment/offer/:offerId',
    extraRoutes: [{ path: '/order-confirmation/:orderId', element: <LocationProbe /> }],
  });
}

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCardAndAddress() {
  change('Card Number', TEST_CARDS.success);
  change('Expiry Month', '12');
  change('Expiry Year', String(expiryYearChoices()[1]));
  change('CVV', '123');
  change('Cardholder Name', 'Ada Lovelace');
  change('Street Address', '1 Analytical Way');
  change('City', 'London');
  change('State / Province', 'Greater London');
  change('Postal Code', 'N1 9GU');
  change('Country', 'GB');
}

describe('OfferPaymentPage', () => {
  it("shows the offer's terms instead of a package and pays for it with offer_id", async () => {
    const requests = stubShop(() =>
      jsonResponse(orderFixture({ id: 91, offer_id: 40, chat_room_id: 12 }), 201),
    );
    renderPage();
    expect(screen.getByText('Loading offer details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Booking site in three weeks' }, SLOW)).toBeTruthy();
    expect(screen.getByText(OFFER_TEXTS.customOffer)).toBeTruthy();
    expect(screen.getByText('21 days delivery')).toBeTruthy();
    expect(screen.getByText('2 revisions')).toBeTruthy();
    expect(screen.getByText('$5,600.00 one-time')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe(
      '/team-chat/12',
    );
    fillCardAndAddress();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $5,600.00' }, SLOW));
    expect((await screen.findByLabelText('Current location', {}, SLOW)).textContent).toBe(
      '/order-confirmation/91',
    );
    const order = requests.find((request) => request.url === '/api/orders');
    expect(order?.body).toMatchObject({ offer_id: 40, total_amount: 5600, payment_method: 'credit_card' });
    expect(order?.body).not.toHaveProperty('service_package_id');
  });

  it('shows the 409 text when the offer stopped being pending while the buyer was paying', async () => {
    stubShop(() => jsonResponse({ detail: OFFER_TEXTS.withdrawn }, 409));
    renderPage();
    await screen.findByRole('heading', { name: 'Booking site in three weeks' }, SLOW);
    fillCardAndAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $5,600.00' }));
    expect(await screen.findByText(OFFER_TEXTS.withdrawn, {}, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('Current location')).toBeNull();
  });

  it('offers no form for an offer that is no longer pending, and says why', async () => {
    const requests = stubShop(() => jsonResponse({}, 500), jsonResponse(offerFixture({ state: 'expired' })));
    renderPage();
    expect(await screen.findByText(OFFER_TEXTS.expired, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(requests.some((request) => request.url === '/api/orders')).toBe(false);
  });

  it('says the offer was not found for an unknown offer or a stranger', async () => {
    stubShop(() => jsonResponse({}, 500), jsonResponse({ detail: OFFER_TEXTS.notFound }, 404));
    renderPage();
    expect(await screen.findByRole('heading', { name: OFFER_TEXTS.notFound }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to Messages' })).toBeTruthy());
  });
});
