import { MONEY_TEXTS, type EarningItem, type Earnings, type PayoutAccountStatus } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { EARNINGS_TEXTS, EarningsPage } from './earnings-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function itemFixture(overrides: Partial<EarningItem> = {}): EarningItem {
  return {
    order_id: 90,
    order_title: 'Landing Page Sprint',
    team_id: 3,
    team_name: 'Pixel Crew',
    percent: 30,
    amount: 134.99,
    status: 'available',
    created_at: '2025-06-04T10:00:00Z',
    completed_at: '2025-06-10T10:00:00Z',
    paid_out_at: null,
    ...overrides,
  };
}

function earningsFixture(overrides: Partial<Earnings> = {}): Earnings {
  return {
    currency: 'usd',
    pending: 1250.5,
    available: 134.99,
    paid_out: 0,
    items: [
      itemFixture(),
      itemFixture({
        order_id: 91,
        order_title: 'Logo Refresh',
        percent: 70,
        amount: 1250.5,
        status: 'pending',
      }),
    ],
    ...overrides,
  };
}

function renderPage(
  handle: (request: RecordedRequest) => Response | undefined,
  account: PayoutAccountStatus = 'none',
) {
  const requests = stubFetch((request) => {
    const handled = handle(request);
    if (handled) return handled;
    if (request.url === '/api/user/earnings') return jsonResponse(earningsFixture());
    if (request.url === '/api/user/payout-account') return jsonResponse({ status: account });
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<EarningsPage />, {
    route: '/earnings',
    path: '/earnings',
    extraRoutes: [{ path: '/earnings/payout-return', element: <LocationProbe /> }],
  });
  return { requests, ...rendered };
}

describe('EarningsPage', () => {
  it('shows the three totals as money and one row per order with its link, team, share and status', async () => {
    renderPage(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: MONEY_TEXTS.earningsTitle })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Earnings per order' });
    const total = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(total('Pending')).toBe('$1,250.50');
    expect(total('Available')).toBe('$134.99');
    expect(total('Paid out')).toBe('$0.00');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Landing Page Sprint' }).getAttribute('href')).toBe(
      '/orders/90',
    );
    expect(within(first).getByText('Pixel Crew')).toBeTruthy();
    expect(within(first).getByText('30%')).toBeTruthy();
    expect(within(first).getByText('$134.99')).toBeTruthy();
    expect(within(first).getByText('Available')).toBeTruthy();
    expect(within(rows[1]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[1]!).getByText('70%')).toBeTruthy();
  });

  it('says when there are no earnings yet', async () => {
    renderPage(({ url }) =>
      url === '/api/user/earnings'
        ? jsonResponse(earningsFixture({ pending: 0, available: 0, paid_out: 0, items: [] }))
        : undefined,
    );
    expect(await screen.findByText(MONEY_TEXTS.earningsEmpty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the earnings cannot be loaded', async () => {
    let fail = true;
    renderPage(({ url }) =>
      url === '/api/user/earnings' && fail ? jsonResponse({ detail: 'Boom' }, 500) : undefined,
    );
    expect(await screen.findByText(MONEY_TEXTS.earningsLoadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Earnings per order' })).toBeTruthy();
  });

  it('connects a payout account that is active at once, and says so without leaving', async () => {
    let status: PayoutAccountStatus = 'none';
    const { requests } = renderPage(({ url, method }) => {
      if (url !== '/api/user/payout-account') return undefined;
      if (method === 'POST') {
        status = 'active';
        return jsonResponse({ status: 'active', onboarding_url: 'http://localhost:8000/earnings' });
      }
      return jsonResponse({ status });
    });
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(await within(section).findByText(EARNINGS_TEXTS.noPayoutAccount)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: MONEY_TEXTS.connectPayoutAccount }));
    expect(await within(section).findByText(MONEY_TEXTS.payoutAccountActive)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Current location' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { url: '/api/user/payout-account', method: 'POST', body: undefined },
    ]);
    // The totals are asked for again: an account that became active may have been paid.
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/user/earnings')).toHaveLength(2),
    );
  });

  it('follows the onboarding link while the account is pending', async () => {
    renderPage(({ url, method }) =>
      url === '/api/user/payout-account' && method === 'POST'
        ? jsonResponse({ status: 'pending', onboarding_url: '/earnings/payout-return' })
        : undefined,
    );
    const section = await screen.findByRole('region', { name: 'Payout account' });
    fireEvent.click(await within(section).findByRole('button', { name: MONEY_TEXTS.connectPayoutAccount }));
    expect((await screen.findByRole('status', { name: 'Current location' })).textContent).toBe(
      '/earnings/payout-return',
    );
  });

  it('says the payout account is connected, or that onboarding is not finished', async () => {
    renderPage(() => undefined, 'active');
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(await within(section).findByText(MONEY_TEXTS.payoutAccountActive)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('lets a member finish an onboarding left pending, and shows a refusal', async () => {
    renderPage(
      ({ url, method }) =>
        url === '/api/user/payout-account' && method === 'POST'
          ? jsonResponse({ detail: 'Payouts are not available' }, 409)
          : undefined,
      'pending',
    );
    const section = await screen.findByRole('region', { name: 'Payout account' });
    expect(await within(section).findByText(MONEY_TEXTS.payoutAccountPending)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: MONEY_TEXTS.connectPayoutAccount }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toBe('Payouts are not available'),
    );
  });
});
