import { VERIFICATION_TEXTS, type User, type VerificationRequest } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { verificationRequestFixture } from '../../test/team-management-fixtures';
import { VerificationCentrePage } from './verification-centre-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(
  user: User,
  myRequests: VerificationRequest[] = [],
  submit = () => jsonResponse(verificationRequestFixture(), 201),
) {
  signIn();
  const requests = stubFetch(({ url, method }) => {
    if (url === '/api/auth/me') return jsonResponse(user);
    if (url === '/api/verification/my-requests') return jsonResponse(myRequests);
    if (url === '/api/verification/request' && method === 'POST') return submit();
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<VerificationCentrePage />, { route: '/verification', path: '/verification' });
  return requests;
}

describe('VerificationCentrePage', () => {
  it('offers the upgrades of the current role (part 2 §6) and the review promise', async () => {
    renderPage(userFixture({ role: 'BUYER' }));
    const form = await screen.findByRole('form', { name: 'Request a role upgrade' });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['TEAM_ADMIN', 'SELLER']);
    expect(screen.getByText(VERIFICATION_TEXTS.promise)).toBeTruthy();
  });

  it("says 'No Role Upgrades Available' to a general admin", async () => {
    renderPage(userFixture({ role: 'GENERAL_ADMIN' }));
    expect(await screen.findByRole('heading', { name: VERIFICATION_TEXTS.noUpgrades })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Request a role upgrade' })).toBeNull();
  });

  it('counts the message live and sends the request', async () => {
    const requests = renderPage(userFixture({ role: 'SELLER' }));
    const message = await screen.findByLabelText(/^Why are you requesting this role/);
    // A seller has one upgrade, chosen for them.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Team Admin/ }).checked).toBe(true);
    fireEvent.change(message, { target: { value: 'Too short' } });
    expect(screen.getByText('9/50 characters minimum (41 more needed)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(VERIFICATION_TEXTS.messageTooShort)).toBeTruthy();

    const reason = 'I have run two delivery teams for three years and would like to run one here.';
    fireEvent.change(message, { target: { value: reason } });
    fireEvent.change(screen.getByLabelText(/^Supporting documents URL/), { target: { value: 'ftp://nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(VERIFICATION_TEXTS.documentsUrlInvalid)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Supporting documents URL/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(VERIFICATION_TEXTS.submitSuccess)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      requested_role: 'TEAM_ADMIN',
      request_message: reason,
      documents_url: null,
    });
  });

  it('lists my requests with status, response and dates, and blocks a second pending one', async () => {
    renderPage(userFixture({ role: 'SELLER' }), [
      verificationRequestFixture({ id: 2, status: 'pending', requested_at: '2025-04-01T10:00:00Z' }),
      verificationRequestFixture({
        id: 1,
        status: 'rejected',
        response_message: 'Please add a portfolio.',
        verified_by: { username: 'root' },
        verified_at: '2025-03-05T10:00:00Z',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'My verification requests' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Pending')).toBeTruthy();
    expect(within(items[1]!).getByText('Rejected')).toBeTruthy();
    expect(within(items[1]!).getByText('Response from root')).toBeTruthy();
    expect(within(items[1]!).getByText('Please add a portfolio.')).toBeTruthy();
    expect(within(items[1]!).getByText('Mar 5, 2025')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Request' }).disabled).toBe(true),
    );
  });
});
