import { DELIVERY_TEXTS, type ChatMessage, type Dispute } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { orderFixture } from '../../test/order-fixtures';
import { renderWithProviders } from '../../test/render';
import { AdminDisputesPage, DISPUTES_LOAD_FAILED } from './admin-disputes-page';
import { RESOLVE_TEXTS } from './components/resolve-dispute-form';
import {
  CONVERSATION_EMPTY,
  CONVERSATION_LOAD_FAILED,
  CONVERSATION_READ_ONLY,
  DisputeConversationPage,
} from './dispute-conversation-page';
import { DisputeDetailPage } from './dispute-detail-page';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

function disputeFixture(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 8,
    order_id: 90,
    status: 'open',
    reason: 'not_as_described',
    details: 'The page has none of the sections we agreed on.',
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

const listOf = (items: Dispute[]) => ({ items, total: items.length, skip: 0, limit: 20 });

describe('AdminDisputesPage', () => {
  it('lists open disputes, and resolved ones on their tab', async () => {
    const resolved = disputeFixture({
      id: 9,
      order_id: 91,
      status: 'resolved',
      outcome: 'refund',
      refund_amount: 499.99,
    });
    const requests = stubFetch(({ url }) =>
      jsonResponse(url.includes('status=resolved') ? listOf([resolved]) : listOf([disputeFixture()])),
    );
    renderWithProviders(<AdminDisputesPage />);
    const open = await screen.findByRole('list', { name: 'Open disputes' });
    const item = within(open).getByRole('listitem');
    expect(within(item).getByText('Order #90')).toBeTruthy();
    expect(within(item).getByText('Landing Page Sprint')).toBeTruthy();
    expect(within(item).getByText('ada · Pixel Crew · $499.99')).toBeTruthy();
    expect(within(item).getByText(/Not as described/)).toBeTruthy();
    expect(
      within(item).getByRole('link', { name: 'Review the dispute of order #90' }).getAttribute('href'),
    ).toBe('/admin/disputes/8');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Resolved' }));
    const done = await screen.findByRole('list', { name: 'Resolved disputes' });
    expect(within(done).getByText(/Full refund/)).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/disputes?status=open&skip=0&limit=20',
      '/api/disputes?status=resolved&skip=0&limit=20',
    ]);
  });

  it('says when there is nothing to decide, and offers a retry after a failure', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ detail: 'Boom' }, 500) : jsonResponse(listOf([]))));
    renderWithProviders(<AdminDisputesPage />);
    expect(await screen.findByText(DISPUTES_LOAD_FAILED)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No open disputes')).toBeTruthy();
  });
});

describe('DisputeDetailPage', () => {
  function renderDetail() {
    return renderWithProviders(<DisputeDetailPage />, {
      route: '/admin/disputes/8',
      path: '/admin/disputes/:disputeId',
    });
  }

  const order = orderFixture({
    status: 'disputed',
    viewer: { is_buyer: false, is_team: false, is_admin: true },
    deliveries: [
      {
        id: 1,
        message: 'Here is the page.',
        files: [{ id: '6f1c1a4e-8a55-4b8e-9a4f-0c3f7d2b9e10', file_name: 'page.zip', size: 4096 }],
        created_at: '2025-06-03T10:00:00Z',
      },
    ],
  });

  it('shows the dispute, the order with its deliveries and history, and a link to the order', async () => {
    stubFetch(({ url }) => jsonResponse(url === '/api/orders/90' ? order : disputeFixture()));
    renderDetail();
    expect(await screen.findByText('The page has none of the sections we agreed on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Order' }).getAttribute('href')).toBe('/orders/90');
    expect(screen.getByRole('link', { name: 'View conversation' }).getAttribute('href')).toBe(
      '/admin/disputes/8/conversation',
    );
    expect(screen.getByText('In Dispute')).toBeTruthy();
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(deliveries).getByRole('button', { name: 'Download page.zip' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Order events' })).toBeTruthy();
  });

  it('checks a partial refund against the total and the message, then resolves after confirming', async () => {
    let current = disputeFixture();
    const requests = stubFetch((request) => {
      if (request.method === 'POST') {
        current = disputeFixture({
          status: 'resolved',
          outcome: 'partial_refund',
          refund_amount: 150,
          resolution_message: 'Half of the sections were delivered.',
          resolved_by: { id: 1, username: 'root' },
          resolved_at: '2025-06-05T10:00:00Z',
          order: { ...current.order, status: 'completed' },
        });
        return jsonResponse(current);
      }
      return jsonResponse(request.url === '/api/orders/90' ? order : current);
    });
    renderDetail();
    const form = await screen.findByRole('form', { name: 'Resolve the dispute' });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve Dispute' }));
    expect(await within(form).findByText('Choose an outcome')).toBeTruthy();

    fireEvent.click(within(form).getByRole('radio', { name: /Partial refund/ }));
    const amount = await within(form).findByLabelText(/Refund amount/);
    fireEvent.change(amount, { target: { value: '499.99' } });
    fireEvent.change(within(form).getByLabelText(/Message to both sides/), { target: { value: 'Short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve Dispute' }));
    expect(await within(form).findByText(DELIVERY_TEXTS.refundAmountRange)).toBeTruthy();
    expect(within(form).getByText('Message must be at least 10 characters')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.change(within(form).getByLabelText(/Message to both sides/), {
      target: { value: 'Half of the sections were delivered.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Dispute' });
    expect(within(dialog).getByText(/Refund \$150\.00 of \$499\.99/)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: RESOLVE_TEXTS.confirmLabel }));

    expect(await screen.findByText(RESOLVE_TEXTS.done)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        url: '/api/disputes/8/resolve',
        method: 'POST',
        body: {
          outcome: 'partial_refund',
          refund_amount: 150,
          message: 'Half of the sections were delivered.',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Resolve the dispute' })).toBeNull());
    expect(screen.getByText('Partial refund of $150.00')).toBeTruthy();
  });

  it('sends no refund amount with a release', async () => {
    const requests = stubFetch((request) =>
      jsonResponse(
        request.url === '/api/orders/90'
          ? order
          : request.method === 'POST'
            ? disputeFixture({ status: 'resolved', outcome: 'release', refund_amount: 0 })
            : disputeFixture(),
      ),
    );
    renderDetail();
    const form = await screen.findByRole('form', { name: 'Resolve the dispute' });
    fireEvent.click(within(form).getByRole('radio', { name: /Partial refund/ }));
    fireEvent.change(await within(form).findByLabelText(/Refund amount/), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('radio', { name: /Release to the team/ }));
    fireEvent.change(within(form).getByLabelText(/Message to both sides/), {
      target: { value: 'The work matches the package.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve Dispute' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: RESOLVE_TEXTS.confirmLabel }),
    );
    expect(await screen.findByText(RESOLVE_TEXTS.done)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      outcome: 'release',
      message: 'The work matches the package.',
    });
  });

  it('says Dispute not found for an unknown dispute', async () => {
    stubFetch(() => jsonResponse({ detail: 'Dispute not found' }, 404));
    renderDetail();
    expect((await screen.findByRole('alert')).textContent).toBe(DELIVERY_TEXTS.disputeNotFound);
  });
});

describe('DisputeConversationPage', () => {
  const messageFixture = (overrides: Partial<ChatMessage>): ChatMessage => ({
    id: 1,
    chat_room_id: 4,
    sender_id: 'user:7',
    sender_name: 'ada',
    sender_role: 'buyer',
    message_text: '',
    message_type: 'text',
    file_url: null,
    thumbnail_url: null,
    file_name: null,
    file_size: null,
    file_kind: null,
    client_message_id: null,
    created_at: '2025-06-01T10:00:00Z',
    ...overrides,
  });

  function renderConversation() {
    return renderWithProviders(<DisputeConversationPage />, {
      route: '/admin/disputes/8/conversation',
      path: '/admin/disputes/:disputeId/conversation',
    });
  }

  const message = (id: number, text: string, role: 'buyer' | 'admin' = 'buyer') =>
    messageFixture({
      id,
      chat_room_id: 4,
      sender_name: role === 'buyer' ? 'ada' : 'grace',
      sender_role: role,
      message_text: text,
    });

  it('reads the conversation oldest first, files by name, earlier pages on demand, and offers no way to write', async () => {
    const requests = stubFetch(({ url }) => {
      if (url.startsWith('/api/admin/orders/90/conversation')) {
        return jsonResponse(
          url.includes('before=3')
            ? { chat_room_id: 4, items: [message(1, 'Can it be blue?')], next_before: null }
            : {
                chat_room_id: 4,
                items: [
                  message(3, 'Yes, blue.', 'admin'),
                  messageFixture({
                    id: 4,
                    chat_room_id: 4,
                    sender_name: 'ada',
                    sender_role: 'buyer',
                    message_type: 'file',
                    message_text: 'brief.pdf',
                    file_name: 'brief.pdf',
                    file_size: 2048,
                    file_url: '/api/admin/orders/90/conversation/files/6f1c1a4e-8a55-4b8e-9a4f-0c3f7d2b9e10',
                  }),
                ],
                next_before: 3,
              },
        );
      }
      return jsonResponse(disputeFixture());
    });
    renderConversation();
    expect(await screen.findByRole('heading', { name: 'ada and Pixel Crew' })).toBeTruthy();
    expect(screen.getByText(CONVERSATION_READ_ONLY)).toBeTruthy();
    const transcript = await screen.findByRole('list', { name: 'Conversation' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Yes, blue.'), expect.stringContaining('brief.pdf2.0 KB')]);
    expect(within(transcript).getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(transcript).getAllByRole('listitem')).toHaveLength(3));
    expect(within(transcript).getAllByRole('listitem')[0]!.textContent).toContain('Can it be blue?');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Dispute' }).getAttribute('href')).toBe(
      '/admin/disputes/8',
    );
  });

  it('says when the two never wrote, and explains a failed load with a retry', async () => {
    let failing = true;
    stubFetch(({ url }) => {
      if (url.startsWith('/api/admin/orders/90/conversation')) {
        return failing
          ? jsonResponse({ detail: 'Down' }, 503)
          : jsonResponse({ chat_room_id: null, items: [], next_before: null });
      }
      return jsonResponse(disputeFixture());
    });
    renderConversation();
    expect(await screen.findByText(CONVERSATION_LOAD_FAILED)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(CONVERSATION_EMPTY)).toBeTruthy();
  });

  it('says the dispute was not found', async () => {
    stubFetch(() => jsonResponse({ detail: 'Dispute not found' }, 404));
    renderConversation();
    expect(await screen.findByText(DELIVERY_TEXTS.disputeNotFound)).toBeTruthy();
  });
});
