import { OFFER_TEXTS, type ChatRole } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offerQueryKeys } from '../../lib/queries/get-offer';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { offerFixture } from '../../test/offer-fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { OfferCard } from './components/offer-card';

const NOW = Date.parse('2026-01-10T12:00:00Z');

function renderCard(role: ChatRole, offer = offerFixture({}, NOW)) {
  return renderWithProviders(<OfferCard offer={offer} role={role} />, { route: '/team-chat/12' });
}

function card() {
  return screen.getByRole('article', { name: 'Booking site in three weeks' });
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OfferCard', () => {
  it('shows the terms, the state and the time left, which counts down', () => {
    stubFetch(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderCard('buyer');
    const offer = within(card());
    expect(offer.getByText(OFFER_TEXTS.customOffer)).toBeTruthy();
    expect(offer.getByText('$5,600.00')).toBeTruthy();
    expect(offer.getByText('21 days')).toBeTruthy();
    expect(offer.getByText('2')).toBeTruthy();
    expect(offer.getByText('Pending')).toBeTruthy();
    expect(offer.getByText('Expires in 7 days')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(offer.getByText('Expires in 6 days 23 h')).toBeTruthy();
  });

  it('gives the buyer Accept and pay (to the offer payment page) and Decline', () => {
    stubFetch(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderCard('buyer');
    expect(screen.getByRole('link', { name: 'Accept and pay' }).getAttribute('href')).toBe(
      '/payment/offer/40',
    );
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('gives the team Withdraw only, and a guest Accept that leads to sign-up', () => {
    stubFetch(() => jsonResponse({ detail: 'unexpected' }, 500));
    const team = renderCard('member');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accept and pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    team.unmount();

    renderCard('guest');
    expect(screen.getByRole('link', { name: 'Accept' }).getAttribute('href')).toBe(
      '/register?upgrade_guest=true',
    );
    expect(screen.getByText(OFFER_TEXTS.guestMustSignUp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('shows no actions once the offer is settled, and a link to the order once accepted', () => {
    stubFetch(() => jsonResponse({ detail: 'unexpected' }, 500));
    const declined = renderCard('buyer', offerFixture({ state: 'declined' }, NOW));
    expect(within(card()).getAllByText('Declined')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Accept and pay' })).toBeNull();
    declined.unmount();

    renderCard('admin', offerFixture({ state: 'accepted', order_id: 91 }, NOW));
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/91');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('counts an offer whose time ran out as expired before the server says so', () => {
    stubFetch(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderCard('buyer', offerFixture({ expires_at: new Date(NOW + 30_000).toISOString() }, NOW));
    expect(screen.getByRole('link', { name: 'Accept and pay' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(within(card()).getAllByText('Expired')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Accept and pay' })).toBeNull();
  });

  it('declines after the confirmation dialog and shows the new state', async () => {
    vi.useRealTimers();
    const requests = stubFetch(({ url }) =>
      url === '/api/offers/40/decline'
        ? jsonResponse(offerFixture({ state: 'declined' }))
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderCard('buyer', offerFixture());
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Offer' });
    expect(within(dialog).getByText(OFFER_TEXTS.declineConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(OFFER_TEXTS.declinedToast, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(card()).getAllByText('Declined')).toHaveLength(2));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/api/offers/40/decline',
    ]);
  });

  it('withdraws after the dialog; a refusal shows the server text and the offer as it is now', async () => {
    vi.useRealTimers();
    stubFetch(({ url }) => {
      if (url === '/api/offers/40/withdraw') return jsonResponse({ detail: OFFER_TEXTS.accepted }, 409);
      if (url === '/api/offers/40') return jsonResponse(offerFixture({ state: 'accepted', order_id: 91 }));
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    const { queryClient } = renderCard('admin', offerFixture());
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Offer' });
    expect(within(dialog).getByText(OFFER_TEXTS.withdrawConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(OFFER_TEXTS.accepted, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(card()).getAllByText('Accepted')).toHaveLength(2));
    expect(queryClient.getQueryData(offerQueryKeys.detail(40))).toMatchObject({ state: 'accepted' });
  });
});
