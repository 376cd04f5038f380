import { MONEY_TEXTS, ORDER_TEXTS, type Order } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { FakeSocket, FakeWebSocket } from '../../test/chat-test-socket';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { orderFixture, reviewFixture } from '../../test/order-fixtures';
import { OrderConfirmationPage, PAYMENT_NOT_COMPLETED_MESSAGE } from './order-confirmation-page';
import { DELIVER_WORK_TEXTS } from './components/deliver-work-dialog';
import { OrderDetailsPage, TRANSITION_TEXTS } from './order-details-page';

beforeEach(() => signIn());
beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

function stubOrder(order: Order, onChange?: FetchHandler) {
  return stubFetch((request) => {
    if (request.method !== 'GET' && onChange) return onChange(request);
    return jsonResponse(order);
  });
}

function renderDetails(route = '/orders/90') {
  return renderWithProviders(<OrderDetailsPage />, {
    route,
    path: '/orders/:orderId',
    extraRoutes: [{ path: '/team-chat/:roomId', element: <LocationProbe /> }],
  });
}

const teamViewer = { is_buyer: false, is_team: true, is_admin: false };

describe('OrderDetailsPage', () => {
  it('shows a buyer the status, timeline and the package, team and payment cards', async () => {
    stubOrder(orderFixture());
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Order #90' })).toBeTruthy();
    const badge = screen.getAllByText('Confirmed')[0]!;
    expect(badge.className).toContain('bg-green-50');
    const steps = within(screen.getByRole('region', { name: 'Order Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Order Placed (done)',
      'Payment Confirmed (done)',
      '3Work in Progress (not reached)',
      '4Project Completed (not reached)',
    ]);
    expect(screen.getByRole('heading', { name: 'Package' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat with Team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Work' })).toBeNull();
  });

  it('gives the buyer a Download Receipt for a payment that took money, and the team none', async () => {
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const requests = stubFetch((request) =>
      request.url === '/api/payments/55/receipt'
        ? new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } })
        : jsonResponse(orderFixture()),
    );
    const view = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: MONEY_TEXTS.downloadReceipt }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(requests.some((request) => request.url === '/api/payments/55/receipt')).toBe(true);
    view.unmount();

    stubOrder(orderFixture({ viewer: teamViewer }));
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Order #90' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: MONEY_TEXTS.downloadReceipt })).toBeNull();
  });

  it('hides the buyer-only cards and Cancel Order from the team, which can start work and deliver', async () => {
    let current = orderFixture({ viewer: teamViewer, allowed_transitions: ['in_progress'] });
    const requests = stubFetch((request) => {
      if (request.method === 'PUT') {
        const status = (request.body as { status: Order['status'] }).status;
        current = orderFixture({ viewer: teamViewer, status, allowed_transitions: [] });
      }
      if (request.method === 'POST' && request.url === '/api/orders/90/deliveries') {
        current = orderFixture({
          viewer: teamViewer,
          status: 'delivered',
          allowed_transitions: [],
          deliveries: [{ id: 1, message: 'Here it is', files: [], created_at: '2025-06-03T10:00:00Z' }],
        });
        return jsonResponse(current, 201);
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Work' }));
    expect(await screen.findByText(TRANSITION_TEXTS.in_progress.done)).toBeTruthy();
    expect(screen.getAllByText('In Progress')[0]!.className).toContain('bg-amber-50');
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Package' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Completed' })).toBeNull();
    expect(screen.getByText('ada')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Deliver Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver Work' });
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: 'Here it is' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver Work' }));
    expect(await screen.findByText(DELIVER_WORK_TEXTS.done)).toBeTruthy();
    expect(screen.getAllByText('Delivered')[0]!.className).toContain('bg-blue-50');
    expect(screen.queryByRole('button', { name: 'Deliver Work' })).toBeNull();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { status: 'in_progress' },
    ]);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ message: 'Here it is' });
  });

  it('asks before the buyer cancels, and cancels only after Yes', async () => {
    const requests = stubOrder(orderFixture(), () =>
      jsonResponse(orderFixture({ status: 'cancelled', allowed_transitions: [] })),
    );
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    expect(within(dialog).getByText(ORDER_TEXTS.cancelConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }),
    );
    expect(await screen.findByText(TRANSITION_TEXTS.cancelled.done)).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/orders/90/status',
      body: { status: 'cancelled' },
    });
    expect(screen.getByText('This order was cancelled.')).toBeTruthy();
    expect(screen.getAllByText('Cancelled')[0]!.className).toContain('bg-red-50');
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('offers no Cancel Order once work has started', async () => {
    stubOrder(orderFixture({ status: 'in_progress', allowed_transitions: [] }));
    renderDetails();
    await screen.findByRole('heading', { name: 'Order #90' });
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('shows a refunded order in purple', async () => {
    stubOrder(orderFixture({ status: 'refunded', allowed_transitions: [] }));
    renderDetails();
    expect(await screen.findByText('This order was refunded.')).toBeTruthy();
    expect(screen.getAllByText('Refunded')[0]!.className).toContain('bg-purple-50');
  });

  it('lets the buyer of a completed order rate it once, then shows the review', async () => {
    let current = orderFixture({ status: 'completed', allowed_transitions: [], can_review: true });
    const requests = stubFetch((request) => {
      if (request.method === 'POST' && request.url === '/api/orders/90/review') {
        current = { ...current, can_review: false, review: reviewFixture({ rating: 4, comment: 'Great' }) };
        return jsonResponse(current.review, 201);
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(ORDER_TEXTS.ratingRange)).toBeTruthy();

    const stars = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Great' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('heading', { name: 'Your Review' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).toBeNull();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      rating: 4,
      comment: 'Great',
    });
  });

  it('opens the team chat from Chat with Team', async () => {
    stubFetch((request) =>
      request.url === '/api/chat-rooms/get-or-create'
        ? jsonResponse({ chat_room_id: 31, team_id: 3, created: false })
        : jsonResponse(orderFixture()),
    );
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with Team' }));
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/team-chat/31');
  });

  it('says Order Not Found for a missing or foreign order', async () => {
    stubFetch(() => jsonResponse({ detail: 'Order not found' }, 404));
    renderDetails('/orders/404');
    expect(await screen.findByRole('heading', { name: ORDER_TEXTS.orderNotFound })).toBeTruthy();
  });
});

describe('OrderConfirmationPage', () => {
  function renderConfirmation(route = '/order-confirmation/90') {
    return renderWithProviders(<OrderConfirmationPage />, {
      route,
      path: '/order-confirmation/:orderId',
      extraRoutes: [{ path: '/team-chat/:roomId', element: <LocationProbe /> }],
    });
  }

  it('confirms the order with its details, the active team and three next steps', async () => {
    stubFetch((request) =>
      request.url === '/api/chat-rooms/get-or-create'
        ? jsonResponse({ chat_room_id: 31, team_id: 3, created: false })
        : jsonResponse(orderFixture()),
    );
    renderConfirmation();
    expect(await screen.findByRole('heading', { name: ORDER_TEXTS.orderConfirmed })).toBeTruthy();
    expect(screen.getByText('#90')).toBeTruthy();
    expect(screen.getAllByText('$499.99').length).toBeGreaterThan(0);
    expect(screen.getByText('Active')).toBeTruthy();
    const steps = within(
      screen.getByRole('heading', { name: 'What Happens Next' }).parentElement!,
    ).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      '1. Team notification',
      '2. Project kickoff',
      '3. Progress updates',
    ]);
    expect(screen.getByRole('link', { name: 'View Order Details' }).getAttribute('href')).toBe('/orders/90');
    expect(
      screen
        .getAllByRole('link', { name: 'Back to Dashboard' })
        .every((link) => link.getAttribute('href') === '/dashboard'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat with Team' }));
    expect((await screen.findByLabelText('Current location')).textContent).toBe('/team-chat/31');
  });

  it('confirms nothing for a declined attempt and offers to pay again', async () => {
    stubFetch(() => jsonResponse(orderFixture({ status: 'pending', allowed_transitions: [] })));
    renderConfirmation();
    expect((await screen.findByRole('alert')).textContent).toBe(PAYMENT_NOT_COMPLETED_MESSAGE);
    expect(screen.queryByRole('heading', { name: ORDER_TEXTS.orderConfirmed })).toBeNull();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/payment/12');
  });

  it('says Order Not Found for an unknown order', async () => {
    stubFetch(() => jsonResponse({ detail: 'Order not found' }, 404));
    renderConfirmation('/order-confirmation/12345');
    expect(await screen.findByRole('heading', { name: ORDER_TEXTS.orderNotFound })).toBeTruthy();
  });
});
