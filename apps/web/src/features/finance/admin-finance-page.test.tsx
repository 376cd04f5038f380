import { LEDGER_TRANSACTION_KIND_LABELS, MONEY_TEXTS, type FinanceSummary } from '@teamhire/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AdminFinancePage } from './admin-finance-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function summaryFixture(overrides: Partial<FinanceSummary> = {}): FinanceSummary {
  return {
    currency: 'usd',
    escrow: 499.99,
    fees: 33.33,
    payable: 199.99,
    paid_out: 100.01,
    refunded: 50,
    balanced: true,
    recent: [
      {
        id: 12,
        kind: 'completion',
        order_id: 90,
        amount: 333.33,
        description: 'Order #90 completed',
        created_at: '2025-06-10T10:00:00Z',
      },
      {
        id: 11,
        kind: 'payout',
        order_id: null,
        amount: 100.01,
        description: 'Payout to bob',
        created_at: '2025-06-09T10:00:00Z',
      },
    ],
    ...overrides,
  };
}

const balance = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('AdminFinancePage', () => {
  it('shows the balances as money, Balanced, and the recent transactions', async () => {
    const requests = stubFetch(() => jsonResponse(summaryFixture()));
    renderWithProviders(<AdminFinancePage />);
    expect(await screen.findByText('Balanced')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: MONEY_TEXTS.financeTitle })).toBeTruthy();
    expect(balance('Escrow')).toBe('$499.99');
    expect(balance('Fees')).toBe('$33.33');
    expect(balance('Payable')).toBe('$199.99');
    expect(balance('Paid out')).toBe('$100.01');
    expect(balance('Refunded')).toBe('$50.00');

    const table = screen.getByRole('table', { name: 'Recent ledger transactions' });
    const [completion, payout] = within(table).getAllByRole('row').slice(1);
    expect(within(completion!).getByText(LEDGER_TRANSACTION_KIND_LABELS.completion)).toBeTruthy();
    expect(within(completion!).getByRole('link', { name: '#90' }).getAttribute('href')).toBe('/orders/90');
    expect(within(completion!).getByText('$333.33')).toBeTruthy();
    expect(within(payout!).getByText('Payout to bob')).toBeTruthy();
    expect(within(payout!).queryByRole('link')).toBeNull();
    expect(requests.map((request) => request.url)).toEqual(['/api/admin/finance']);
  });

  it('says Not balanced when the ledger does not add up, and when nothing moved yet', async () => {
    stubFetch(() => jsonResponse(summaryFixture({ balanced: false, recent: [] })));
    renderWithProviders(<AdminFinancePage />);
    expect(await screen.findByText('Not balanced')).toBeTruthy();
    expect(screen.queryByText('Balanced')).toBeNull();
    expect(screen.getByText('No transactions yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the summary cannot be loaded', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ detail: 'Boom' }, 500) : jsonResponse(summaryFixture())));
    renderWithProviders(<AdminFinancePage />);
    expect(await screen.findByText(MONEY_TEXTS.financeLoadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Balanced')).toBeTruthy();
  });
});
