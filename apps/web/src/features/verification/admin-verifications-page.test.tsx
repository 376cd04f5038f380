import { VERIFICATION_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { verificationRequestFixture } from '../../test/team-management-fixtures';
import { AdminVerificationsPage } from './admin-verifications-page';
import { VERIFICATION_RESPONSE_MESSAGES } from './verification-errors';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(respond: (request: RecordedRequest) => Response) {
  signIn();
  const requests = stubFetch((request) => {
    const { url, method } = request;
    if (url === '/api/verification/stats') {
      return jsonResponse({
        pending_requests: 1,
        approved_requests: 4,
        rejected_requests: 2,
        total_requests: 7,
      });
    }
    if (url.startsWith('/api/verification/pending')) {
      return jsonResponse(url.includes('role_filter=GENERAL_ADMIN') ? [] : [verificationRequestFixture()]);
    }
    if (url === '/api/verification/requests/51' && method === 'PUT') return respond(request);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<AdminVerificationsPage />, {
    route: '/admin/verifications',
    path: '/admin/verifications',
    extraRoutes: [{ path: '/login', element: <LocationProbe /> }],
  });
  return { requests, ...rendered };
}

function pendingReads(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.startsWith('/api/verification/pending')).length;
}

async function approveWith(message: string) {
  fireEvent.click(await screen.findByRole('button', { name: "Approve carol's request" }));
  if (message) fireEvent.change(screen.getByLabelText(/^Response message/), { target: { value: message } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Approval' }));
}

describe('AdminVerificationsPage', () => {
  it('shows the statistics and each pending request with its documents link', async () => {
    renderPage(() => jsonResponse({}));
    const stats = await screen.findByRole('region', { name: 'Verification statistics' });
    expect(await within(stats).findByText('Total Requests')).toBeTruthy();
    expect(within(stats).getByText('7')).toBeTruthy();
    const item = await screen.findByRole('article', { name: 'carol' });
    expect(within(item).getByText(/Seller/)).toBeTruthy();
    expect(within(item).getByText(/Team Admin/)).toBeTruthy();
    const documents = within(item).getByRole('link', { name: /View supporting documents/ });
    expect(documents.getAttribute('href')).toBe('https://example.com/portfolio');
    expect(documents.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('filters by the requested role', async () => {
    const { requests } = renderPage(() => jsonResponse({}));
    await screen.findByRole('article', { name: 'carol' });
    fireEvent.change(screen.getByLabelText('Requested role'), { target: { value: 'GENERAL_ADMIN' } });
    expect(await screen.findByText('No pending verification requests.')).toBeTruthy();
    expect(requests.map((request) => request.url)).toContain(
      '/api/verification/pending?role_filter=GENERAL_ADMIN&skip=0&limit=50',
    );
  });

  it('asks for a response message before approving', async () => {
    const { requests } = renderPage(() =>
      jsonResponse(verificationRequestFixture({ status: 'approved', response_message: 'Welcome!' })),
    );
    await approveWith('');
    expect(await screen.findByText(VERIFICATION_TEXTS.responseRequired)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Response message/), { target: { value: 'Welcome!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Approval' }));
    expect(await screen.findByText('Verification request approved successfully!')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([
      {
        url: '/api/verification/requests/51',
        method: 'PUT',
        body: { status: 'approved', response_message: 'Welcome!' },
      },
    ]);
  });

  it('rejects after a confirmation', async () => {
    const { requests } = renderPage(() => jsonResponse(verificationRequestFixture({ status: 'rejected' })));
    fireEvent.click(await screen.findByRole('button', { name: "Reject carol's request" }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: 'Not enough experience yet' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Verification request rejected successfully!')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      status: 'rejected',
      response_message: 'Not enough experience yet',
    });
  });

  it.each([
    [
      409,
      'already_processed',
      'Verification request already processed',
      VERIFICATION_RESPONSE_MESSAGES.alreadyProcessed,
    ],
    [404, 'not_found', 'Verification request not found', VERIFICATION_RESPONSE_MESSAGES.notFound],
  ])('explains a %i and refreshes the list', async (status, code, detail, message) => {
    const { requests } = renderPage(() => jsonResponse({ code, detail }, status));
    await approveWith('Welcome!');
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(pendingReads(requests)).toBe(2));
  });

  it('explains missing permissions', async () => {
    renderPage(() => jsonResponse({ code: 'forbidden', detail: 'Insufficient permissions' }, 403));
    await approveWith('Welcome!');
    expect(await screen.findByText(VERIFICATION_RESPONSE_MESSAGES.insufficientPermissions)).toBeTruthy();
  });

  it('sends an expired session to /login', async () => {
    const { router } = renderPage(() =>
      jsonResponse({ code: 'unauthorized', detail: 'Authentication failed' }, 401),
    );
    await approveWith('Welcome!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(VERIFICATION_RESPONSE_MESSAGES.sessionExpired)).toBeTruthy();
  });
});
