import { DELIVERY_TEXTS, type Dispute, type Order } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, FakeWebSocket, lastSocket } from '../../test/chat-test-socket';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { orderFixture } from '../../test/order-fixtures';
import { FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders } from '../../test/render';
import { DELIVER_WORK_TEXTS } from './components/deliver-work-dialog';
import { DISPUTE_TEXTS } from './components/open-dispute-dialog';
import { dueText } from './components/order-schedule';
import { REVISION_TEXTS } from './components/request-revision-dialog';
import { ACCEPT_TEXTS, OrderDetailsPage } from './order-details-page';

const teamViewer = { is_buyer: false, is_team: true, is_admin: false };
const FILE_ID = '6f1c1a4e-8a55-4b8e-9a4f-0c3f7d2b9e10';

beforeEach(() => {
  signIn();
  FakeSocket.created = [];
  FakeXhr.sent = [];
  FakeXhr.answer = { status: 201, body: { id: FILE_ID, file_name: 'design.pdf', size: 2048 } };
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function renderDetails() {
  return renderWithProviders(<OrderDetailsPage />, { route: '/orders/90', path: '/orders/:orderId' });
}

const delivery = {
  id: 1,
  message: 'The first version, with the source files.',
  files: [{ id: FILE_ID, file_name: 'design.pdf', size: 2048 }],
  created_at: '2025-06-03T10:00:00Z',
};

function deliveredOrder(overrides: Partial<Order> = {}): Order {
  return orderFixture({
    status: 'delivered',
    allowed_transitions: [],
    delivered_at: delivery.created_at,
    auto_complete_at: '2025-06-06T10:00:00Z',
    deliveries: [delivery],
    ...overrides,
  });
}

function disputeFixture(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 8,
    order_id: 90,
    status: 'open',
    reason: 'poor_quality',
    details: 'The page does not load on phones at all.',
    opened_by: { id: 7, username: 'ada' },
    created_at: '2025-06-04T10:00:00Z',
    outcome: null,
    refund_amount: null,
    resolution_message: null,
    resolved_by: null,
    resolved_at: null,
    order: {
      status: 'disputed',
      total_amount: 499.99,
      service_package_title: 'Landing Page Sprint',
      buyer: { id: 7, username: 'ada' },
      team: { id: 3, name: 'Pixel Crew' },
    },
    ...overrides,
  };
}

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST');

describe('Deliver Work', () => {
  it('uploads each file with a progress bar, then sends the delivery with the file ids', async () => {
    let current = orderFixture({ viewer: teamViewer, status: 'in_progress', allowed_transitions: [] });
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        current = deliveredOrder({ viewer: teamViewer });
        return jsonResponse(current, 201);
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver Work' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver Work' }));
    expect(await within(dialog).findByText('Message is required')).toBeTruthy();

    const file = new File(['x'.repeat(2048)], 'design.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText(/Files/), { target: { files: [file] } });
    const picked = within(dialog).getByRole('list', { name: 'Files to deliver' });
    expect(within(picked).getByText('design.pdf')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Message/), {
      target: { value: 'The first version, with the source files.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver Work' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload of design.pdf' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(await screen.findByText(DELIVER_WORK_TEXTS.done)).toBeTruthy();
    expect(FakeXhr.sent.map((sent) => sent.url)).toEqual(['/api/orders/90/files']);
    expect((FakeXhr.sent[0]!.body.get('file') as File).name).toBe('design.pdf');
    expect(FakeXhr.sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(posts(requests)).toEqual([
      {
        url: '/api/orders/90/deliveries',
        method: 'POST',
        body: { message: 'The first version, with the source files.', file_ids: [FILE_ID] },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(list).getByRole('button', { name: 'Download design.pdf' })).toBeTruthy();
  });

  it('stops at a refused upload with its reason and sends no delivery', async () => {
    FakeXhr.answer = { status: 413, body: { detail: 'File too large' } };
    const requests = stubFetch(() =>
      jsonResponse(orderFixture({ viewer: teamViewer, status: 'in_progress', allowed_transitions: [] })),
    );
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver Work' });
    fireEvent.change(within(dialog).getByLabelText(/Files/), {
      target: { files: [new File(['x'], 'big.zip')] },
    });
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: 'Done' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver Work' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('File too large');
    expect(posts(requests)).toHaveLength(0);
    FakeXhr.answer = { status: 201, body: { id: FILE_ID, file_name: 'design.pdf', size: 2048 } };
  });
});

describe('the buyer and a delivery', () => {
  it('shows the delivery, its files, the auto-complete notice and the revisions left', async () => {
    stubFetch(() => jsonResponse(deliveredOrder()));
    renderDetails();
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(list).getByText('The first version, with the source files.')).toBeTruthy();
    expect(within(list).getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('will be completed automatically on Jun 6, 2025');
    expect(screen.getByText('0 of 1 revision used')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept Delivery' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Dispute' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('accepts only after the confirmation', async () => {
    let current = deliveredOrder();
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        current = deliveredOrder({ status: 'completed', auto_complete_at: null, can_review: true });
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Delivery' });
    expect(within(dialog).getByText(ACCEPT_TEXTS.question)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Accept Delivery' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: ACCEPT_TEXTS.confirm }),
    );
    expect(await screen.findByText(ACCEPT_TEXTS.done)).toBeTruthy();
    expect(posts(requests).map((request) => request.url)).toEqual(['/api/orders/90/accept']);
    expect(await screen.findByRole('form', { name: 'Leave a review' })).toBeTruthy();
  });

  it('asks for a revision message of at least 10 characters and sends it', async () => {
    let current = deliveredOrder();
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        current = deliveredOrder({ status: 'in_progress', revisions_used: 1, auto_complete_at: null });
        return jsonResponse(current, 201);
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    expect(within(dialog).getByText(REVISION_TEXTS.left(1, 1))).toBeTruthy();
    const message = within(dialog).getByLabelText(/What should change/);
    fireEvent.change(message, { target: { value: 'Too short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    expect(await within(dialog).findByText('Message must be at least 10 characters')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);

    fireEvent.change(message, { target: { value: 'Make the header sticky, please.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    expect(await screen.findByText(REVISION_TEXTS.done)).toBeTruthy();
    expect(posts(requests)).toEqual([
      {
        url: '/api/orders/90/revision-requests',
        method: 'POST',
        body: { message: 'Make the header sticky, please.' },
      },
    ]);
    expect(screen.getAllByText('In Progress')[0]).toBeTruthy();
  });

  it("shows the server's 409 in the revision dialog", async () => {
    stubFetch((request) =>
      request.method === 'POST'
        ? jsonResponse({ detail: DELIVERY_TEXTS.noRevisionsLeft }, 409)
        : jsonResponse(deliveredOrder()),
    );
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    fireEvent.change(within(dialog).getByLabelText(/What should change/), {
      target: { value: 'Make the header sticky, please.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Revision' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No revisions left');
  });

  it('offers no revision when none is left, and says so', async () => {
    stubFetch(() =>
      jsonResponse(deliveredOrder({ revisions_used: 1, allowed_actions: ['accept', 'open_dispute'] })),
    );
    renderDetails();
    expect(await screen.findByText('No revisions left.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request Revision' })).toBeNull();
  });
});

describe('Open Dispute', () => {
  it('needs a reason and 20 characters of details, then shows the open dispute', async () => {
    let current = deliveredOrder();
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        current = deliveredOrder({ status: 'disputed', auto_complete_at: null, dispute: disputeFixture() });
        return jsonResponse(disputeFixture(), 201);
      }
      return jsonResponse(current);
    });
    renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open Dispute' });
    const reason = within(dialog).getByLabelText(/Reason/);
    expect([...reason.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose a reason',
      'Not delivered',
      'Not as described',
      'Poor quality',
      'Disagreement about scope',
      'Other',
    ]);
    fireEvent.change(within(dialog).getByLabelText(/Details/), { target: { value: 'Broken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await within(dialog).findByText('Details must be at least 20 characters')).toBeTruthy();
    // The option and the error under the select.
    expect(within(dialog).getAllByText('Choose a reason')).toHaveLength(2);

    fireEvent.change(reason, { target: { value: 'poor_quality' } });
    fireEvent.change(within(dialog).getByLabelText(/Details/), {
      target: { value: 'The page does not load on phones at all.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await screen.findByText(DISPUTE_TEXTS.done)).toBeTruthy();
    expect(posts(requests)).toEqual([
      {
        url: '/api/orders/90/disputes',
        method: 'POST',
        body: { reason: 'poor_quality', details: 'The page does not load on phones at all.' },
      },
    ]);
    const dispute = await screen.findByRole('region', { name: /Dispute/ });
    expect(within(dispute).getByText('Open')).toBeTruthy();
    expect(within(dispute).getByText('Poor quality')).toBeTruthy();
    expect(screen.getAllByText('In Dispute')[0]!.className).toContain('bg-orange-50');
  });

  it("shows both sides the admin's decision and message", async () => {
    stubFetch(() =>
      jsonResponse(
        deliveredOrder({
          status: 'completed',
          auto_complete_at: null,
          dispute: disputeFixture({
            status: 'resolved',
            outcome: 'partial_refund',
            refund_amount: 100,
            resolution_message: 'Half the pages were missing; part of the money goes back.',
            resolved_by: { id: 1, username: 'admin' },
            resolved_at: '2025-06-05T10:00:00Z',
          }),
        }),
      ),
    );
    renderDetails();
    const dispute = await screen.findByRole('region', { name: /Dispute/ });
    expect(within(dispute).getByText('Resolved')).toBeTruthy();
    expect(within(dispute).getByText('Partial refund of $100.00')).toBeTruthy();
    expect(
      within(dispute).getByText('Half the pages were missing; part of the money goes back.'),
    ).toBeTruthy();
  });
});

describe('a general admin on a disputed order', () => {
  it('links to the dispute to resolve it, and offers no buyer or team action', async () => {
    stubFetch(() =>
      jsonResponse(
        deliveredOrder({
          status: 'disputed',
          viewer: { is_buyer: false, is_team: false, is_admin: true },
          auto_complete_at: null,
          dispute: disputeFixture(),
        }),
      ),
    );
    renderDetails();
    const link = await screen.findByRole('link', { name: 'Resolve Dispute' });
    expect(link.getAttribute('href')).toBe('/admin/disputes/8');
    expect(screen.queryByRole('button', { name: 'Accept Delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Dispute' })).toBeNull();
  });
});

describe('the schedule, the history and live updates', () => {
  it('counts the days to the due date, and the days late after it', () => {
    const now = new Date('2025-06-05T10:00:00Z');
    expect(dueText('2025-06-08T10:00:00Z', now)).toBe('Due in 3 days');
    expect(dueText('2025-06-05T22:00:00Z', now)).toBe('Due in 1 day');
    expect(dueText('2025-06-03T09:00:00Z', now)).toBe('Late by 3 days');
  });

  it('lists every event with who did it, and reloads the order on order_updated', async () => {
    let current = orderFixture({
      viewer: teamViewer,
      status: 'in_progress',
      events: [
        {
          type: 'placed',
          actor: { id: 7, username: 'ada' },
          message: null,
          created_at: '2025-06-01T10:00:00Z',
        },
        {
          type: 'work_started',
          actor: { id: 30, username: 'grace' },
          message: null,
          created_at: '2025-06-02T10:00:00Z',
        },
      ],
    });
    const requests = stubFetch(() => jsonResponse(current));
    renderDetails();
    const history = await screen.findByRole('list', { name: 'Order events' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Order placed', 'Work started']);
    expect(within(history).getByText(/grace/)).toBeTruthy();

    current = orderFixture({
      viewer: teamViewer,
      status: 'disputed',
      events: [
        ...current.events,
        {
          type: 'dispute_opened',
          actor: { id: 7, username: 'ada' },
          message: 'Not delivered',
          created_at: '2025-06-03T10:00:00Z',
        },
      ],
    });
    await waitFor(() => expect(lastSocket().url).toContain('/ws/user'));
    lastSocket().serverSends({
      type: 'order_updated',
      order_id: 90,
      status: 'disputed',
      event: 'dispute_opened',
    });
    expect(await screen.findByText('Dispute opened')).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/orders/90').length).toBe(2);
  });
});
