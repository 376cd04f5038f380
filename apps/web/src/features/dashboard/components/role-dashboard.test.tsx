import type { Dashboard, DashboardList } from '@teamhire/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderWithProviders, SLOW } from '../../../test/render';
import { RoleDashboard } from './role-dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const none: DashboardList = { count: 0, items: [] };
const empty: Dashboard = { buyer: null, team_admin: null, seller: null, general_admin: null };

function renderWith(answer: () => Response) {
  signIn();
  stubFetch(({ url }) => (url === '/api/dashboard' ? answer() : jsonResponse({ detail: 'Not Found' }, 404)));
  renderWithProviders(<RoleDashboard />, { route: '/dashboard', path: '/dashboard' });
}

describe('RoleDashboard', () => {
  it("lists the buyer's items with their counts, each linking where it is handled", async () => {
    renderWith(() =>
      jsonResponse({
        ...empty,
        buyer: {
          active_orders: {
            count: 7,
            items: [
              {
                key: 'order-3',
                title: 'Landing page',
                detail: 'Studio',
                status: 'In Progress',
                due_at: '2026-12-01T10:00:00Z',
                link: '/orders/3',
              },
            ],
          },
          awaiting_acceptance: none,
          unread_conversations: none,
        },
      } satisfies Dashboard),
    );
    const section = await screen.findByRole('region', { name: 'Active orders' }, SLOW);
    expect(within(section).getByLabelText('7 in all')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /Landing page/ })
        .getAttribute('href'),
    ).toBe('/orders/3');
    expect(within(section).getByText('Dec 1, 2026')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'View all (7)' }).getAttribute('href')).toBe('/orders');
    // Empty lists say so and suggest the next step.
    const unread = screen.getByRole('region', { name: 'Unread conversations' });
    expect(within(unread).getByText('No unread conversations.')).toBeTruthy();
    expect(within(unread).getByRole('link', { name: 'Open messages' }).getAttribute('href')).toBe(
      '/messages',
    );
    expect(screen.queryByRole('region', { name: 'Orders to start' })).toBeNull();
  });

  it('suggests browsing services to a buyer without orders', async () => {
    renderWith(() =>
      jsonResponse({
        ...empty,
        buyer: { active_orders: none, awaiting_acceptance: none, unread_conversations: none },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Active orders' }, SLOW);
    expect(within(section).getByRole('link', { name: 'Browse services' }).getAttribute('href')).toBe(
      '/services',
    );
  });

  it("shows the team admin's earnings only when there are some", async () => {
    renderWith(() =>
      jsonResponse({
        ...empty,
        team_admin: {
          orders_to_start: none,
          orders_to_deliver: none,
          pending_applications: none,
          unread_conversations: none,
          earnings: { currency: 'USD', pending: 120, available: 40.5, paid_out: 0 },
        },
      }),
    );
    const earnings = await screen.findByRole('region', { name: 'Earnings' }, SLOW);
    expect(within(earnings).getByText('$40.50')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pending applications' })).toBeTruthy();
  });

  it('shows the seller and the general admin their own sections', async () => {
    renderWith(() =>
      jsonResponse({
        ...empty,
        seller: { applications: none, teams: none },
        general_admin: { pending_verifications: none, open_disputes: none },
      }),
    );
    const applications = await screen.findByRole('region', { name: 'My applications' }, SLOW);
    expect(within(applications).getByRole('link', { name: 'Browse teams' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pending verifications' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Open disputes' })).toBeTruthy();
  });

  it('explains a failed load with a retry', async () => {
    renderWith(() => jsonResponse({ detail: 'Service unavailable' }, 503));
    expect(await screen.findByRole('button', { name: /Retry/ }, SLOW)).toBeTruthy();
  });
});
