import { OFFER_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { offerFixture } from '../../test/offer-fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { OfferButton } from './components/offer-button';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function renderButton(handler: FetchHandler, role: 'admin' | 'buyer' = 'admin') {
  const requests = stubFetch(handler);
  renderWithProviders(<OfferButton roomId={12} role={role} />, { route: '/team-chat/12' });
  return requests;
}

function change(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

async function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
  return screen.findByRole('dialog', { name: 'Send a Custom Offer' });
}

function fillValid(dialog: HTMLElement) {
  change(dialog, 'Title', 'Booking site in three weeks');
  change(dialog, 'Description', 'A booking site with a calendar, payments and an admin area.');
  change(dialog, 'Price (USD)', '5600');
  change(dialog, 'Delivery (days)', '21');
  change(dialog, 'Revisions', '2');
}

describe('OfferButton and its form', () => {
  it('is not there for the buyer', () => {
    renderButton(() => jsonResponse({}), 'buyer');
    expect(screen.queryByRole('button', { name: 'Offer' })).toBeNull();
  });

  it("checks the spec's limits before sending anything; expiry starts at 7 days", async () => {
    const requests = renderButton(() => jsonResponse(offerFixture(), 201));
    const dialog = await openForm();
    expect(within(dialog).getByLabelText('Expires in (days)')).toHaveProperty('value', '7');
    change(dialog, 'Title', 'Web');
    change(dialog, 'Description', 'Too short');
    change(dialog, 'Price (USD)', '0.5');
    change(dialog, 'Delivery (days)', '366');
    change(dialog, 'Revisions', '11');
    change(dialog, 'Expires in (days)', '31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Title must be at least 5 characters')).toBeTruthy();
    expect(within(dialog).getByText('Description must be at least 20 characters')).toBeTruthy();
    expect(within(dialog).getByText('Price must be at least $1.00')).toBeTruthy();
    expect(within(dialog).getByText('Delivery days must be between 1 and 365')).toBeTruthy();
    expect(within(dialog).getByText('Revisions must be between 0 and 10')).toBeTruthy();
    expect(within(dialog).getByText('Expiry must be between 1 and 30')).toBeTruthy();
    change(dialog, 'Price (USD)', '1000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Price must be at most $1,000,000')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the offer, closes and says so', async () => {
    const requests = renderButton(() => jsonResponse(offerFixture(), 201));
    const dialog = await openForm();
    fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText(OFFER_TEXTS.sent, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a Custom Offer' })).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        url: '/api/chat-rooms/12/offers',
        method: 'POST',
        body: {
          title: 'Booking site in three weeks',
          description: 'A booking site with a calendar, payments and an admin area.',
          price: 5600,
          duration_days: 21,
          revisions: 2,
          expires_in_days: 7,
        },
      },
    ]);
  });

  it("shows the server's field errors on their fields and its other refusals above them", async () => {
    let answer = jsonResponse(
      { detail: 'Validation failed', errors: [{ path: 'title', message: 'Title is not allowed' }] },
      422,
    );
    renderButton(() => answer.clone());
    const dialog = await openForm();
    fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Title is not allowed', {}, SLOW)).toBeTruthy();
    answer = jsonResponse({ detail: OFFER_TEXTS.tooManyOffers }, 429);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(OFFER_TEXTS.tooManyOffers, {}, SLOW)).toBeTruthy();
  });
});
