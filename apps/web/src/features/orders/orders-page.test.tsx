import {
  OFFER_TEXTS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  type Order,
  type OrderList,
  type User,
} from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { orderFixture } from '../../test/order-fixtures';
import { ordersView, OrdersPage } from './orders-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

const ORDERS: Order[] = [
  orderFixture({ id: 1, status: 'confirmed' }),
  orderFixture({ id: 2, status: 'in_progress' }),
  orderFixture({ id: 3, status: 'completed' }),
  orderFixture({ id: 4, status: 'completed' }),
  orderFixture({ id: 5, status: 'disputed' }),
];

/** The tab counts of a list: zero for every status not named. */
function countsOf(named: Partial<OrderList['counts']>): OrderList['counts'] {
  const zero = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  return { ...zero, all: 0, ...named } as OrderList['counts'];
}

function listOf(orders: Order[]): OrderList {
  return {
    items: orders,
    total: orders.length,
    counts: countsOf({ all: 5, confirmed: 1, in_progress: 1, completed: 2, disputed: 1 }),
    skip: 0,
    limit: 100,
  };
}

/** Answers /api/auth/me with the user and /api/orders by the status asked for. */
function stubOrders(user: User, orders: Order[] = ORDERS) {
  return stubFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse(user);
    const status = new URL(url, 'http://x').searchParams.get('status');
    return jsonResponse(listOf(orders.filter((order) => !status || order.status === status)));
  });
}

function renderPage() {
  return renderWithProviders(<OrdersPage />, { route: '/orders', path: '/orders' });
}

describe('ordersView', () => {
  it('names the list by role and picks the scope', () => {
    const view = (role: User['role'], is_superuser = false) => ordersView({ role, is_superuser });
    expect(view('BUYER')).toEqual({ title: 'My Orders', scope: 'buyer' });
    expect(view('TEAM_ADMIN')).toEqual({ title: 'Team Orders', scope: 'team' });
    expect(view('SELLER')).toEqual({ title: 'Team Orders', scope: 'team' });
    expect(view('USER')).toEqual({ title: 'Orders', scope: undefined });
    expect(view('GENERAL_ADMIN')).toEqual({ title: 'Orders', scope: 'all' });
    expect(view('USER', true)).toEqual({ title: 'Orders', scope: 'all' });
  });
});

describe('OrdersPage', () => {
  it("lists a buyer's orders with counts on the tabs and filters by tab", async () => {
    const requests = stubOrders(userFixture({ role: 'BUYER' }));
    renderPage();
    expect(screen.getByText('Loading orders...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All (5)',
      'Confirmed (1)',
      'In Progress (1)',
      'Delivered (0)',
      'Completed (2)',
      'In Dispute (1)',
    ]);
    expect(within(list).getByText('In Dispute').className).toContain('bg-orange-50');
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Landing Page Sprint')).toBeTruthy();
    expect(within(first).getByText('Pixel Crew')).toBeTruthy();
    expect(within(first).getByText('$499.99')).toBeTruthy();
    expect(within(first).getByText('Confirmed').className).toContain('bg-green-50');
    expect(within(first).getByRole('link', { name: 'View details of order #1' }).getAttribute('href')).toBe(
      '/orders/1',
    );
    expect(within(first).getByRole('button', { name: 'Chat about order #1' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Completed (2)' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(requests.map((request) => request.url).filter((url) => url.startsWith('/api/orders'))).toEqual([
      '/api/orders?scope=buyer&skip=0&limit=100',
      '/api/orders?scope=buyer&status=completed&skip=0&limit=100',
    ]);
  });

  it('calls the list Team Orders for a team admin and chats through the team dashboard', async () => {
    const requests = stubOrders(userFixture({ role: 'TEAM_ADMIN' }), [
      orderFixture({ id: 5, viewer: { is_buyer: false, is_team: true, is_admin: false } }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Orders' })).toBeTruthy();
    const chat = await screen.findByRole('link', { name: 'Chat about order #5' });
    expect(chat.getAttribute('href')).toBe('/team-chat-dashboard/3');
    // The team's name leads to its public page; who bought follows it.
    const team = screen.getByRole('link', { name: 'Pixel Crew' });
    expect(team.getAttribute('href')).toBe('/teams/3');
    expect(team.parentElement?.textContent).toBe('Pixel Crew · bought by ada');
    expect(requests.some((request) => request.url.includes('scope=team'))).toBe(true);
  });

  it("shows 'Custom offer' for an order made from an offer, linking back to its conversation", async () => {
    stubOrders(userFixture({ role: 'TEAM_ADMIN' }), [
      orderFixture({
        id: 6,
        offer_id: 40,
        chat_room_id: 12,
        viewer: { is_buyer: false, is_team: true, is_admin: false },
      }),
    ]);
    renderPage();
    const link = await screen.findByRole('link', { name: OFFER_TEXTS.customOffer });
    expect(link.getAttribute('href')).toBe('/team-chat/12');
    expect(link.closest('h2')?.textContent).toBe('Custom offer · Landing Page Sprint');
  });

  it('leaves declined purchases (pending orders) out of the list and the All count', async () => {
    stubFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse(userFixture({ role: 'BUYER' }))
        : jsonResponse({
            ...listOf([orderFixture({ id: 6, status: 'pending' }), orderFixture({ id: 7 })]),
            total: 2,
            counts: countsOf({ all: 2, pending: 1, confirmed: 1 }),
          }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'View details of order #7' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeTruthy();
  });

  it('shows the empty state with Browse Services', async () => {
    stubFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse(userFixture({ role: 'USER' }))
        : jsonResponse({
            ...listOf([]),
            counts: countsOf({}),
          }),
    );
    renderPage();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Services' }).getAttribute('href')).toBe('/services');
  });

  it('shows Error Loading Orders with a Retry that asks again', async () => {
    let calls = 0;
    stubFetch(({ url }) => {
      if (url === '/api/auth/me') return jsonResponse(userFixture());
      calls += 1;
      return calls === 1
        ? jsonResponse({ detail: 'Internal Server Error' }, 500)
        : jsonResponse(listOf(ORDERS));
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ORDER_TEXTS.ordersLoadFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeTruthy();
  });
});
