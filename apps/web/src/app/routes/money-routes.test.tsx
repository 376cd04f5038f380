import { MONEY_TEXTS, type UserRole } from '@teamhire/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderRoutesAt } from '../../test/render';
import { moneyRoutes } from './money-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAs(role: UserRole, path: string) {
  signIn();
  stubFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse(userFixture({ role }));
    if (url === '/api/user/earnings') {
      return jsonResponse({ currency: 'usd', pending: 0, available: 0, paid_out: 0, items: [] });
    }
    if (url === '/api/user/payout-account') return jsonResponse({ status: 'none' });
    if (url === '/api/admin/finance') {
      return jsonResponse({
        currency: 'usd',
        escrow: 0,
        fees: 0,
        payable: 0,
        paid_out: 0,
        refunded: 0,
        balanced: true,
        recent: [],
      });
    }
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  return renderRoutesAt(moneyRoutes, path, ['/login', '/dashboard']);
}

const location = async () => (await screen.findByRole('status', { name: 'Current location' })).textContent;

describe('moneyRoutes', () => {
  it.each(['/earnings', '/admin/finance'])('sends a visitor from %s to /login', async (path) => {
    renderRoutesAt(moneyRoutes, path, ['/login', '/dashboard']);
    expect(await location()).toBe('/login');
  });

  it.each(['SELLER', 'TEAM_ADMIN'] as const)('opens /earnings for a %s', async (role) => {
    renderAs(role, '/earnings');
    expect(
      await screen.findByRole('heading', { level: 1, name: MONEY_TEXTS.earningsTitle }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a buyer away from /earnings to the dashboard', async () => {
    renderAs('BUYER', '/earnings');
    expect(await location()).toBe('/dashboard');
  });

  it('keeps /admin/finance for general admins', async () => {
    renderAs('SELLER', '/admin/finance');
    expect(await location()).toBe('/dashboard');
  });

  it('opens /admin/finance for a general admin', async () => {
    renderAs('GENERAL_ADMIN', '/admin/finance');
    expect(await screen.findByText('Balanced', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
