import { VERIFICATION_TEXTS, type User, type VerificationRequest } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { verificationRequestFixture } from '../../test/team-management-fixtures';
import { teamAdminApplicationState } from '../../features/verification/team-admin-application';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const seller = userFixture({ role: 'SELLER' });
const reason = 'I have run two delivery teams for three years and would like to run one here.';

function renderDashboard(
  user: User,
  myRequests: VerificationRequest[] = [],
  submit: () => Response = () => jsonResponse(verificationRequestFixture(), 201),
) {
  signIn();
  const requests = stubFetch(({ url, method }) => {
    if (url === '/api/auth/me') return jsonResponse(user);
    if (url === '/api/navigation') return jsonResponse(navigationFixture());
    if (url === '/api/verification/my-requests') return jsonResponse(myRequests);
    if (url === '/api/verification/request' && method === 'POST') return submit();
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' });
  return requests;
}

async function card() {
  return screen.findByRole('region', { name: 'Team Admin application' });
}

describe('teamAdminApplicationState', () => {
  it.each([
    [seller, [], 'none'],
    [seller, [verificationRequestFixture({ status: 'pending' })], 'pending'],
    [seller, [verificationRequestFixture({ status: 'rejected' })], 'rejected'],
    [seller, [verificationRequestFixture({ status: 'approved' })], 'verified'],
    [userFixture({ role: 'TEAM_ADMIN', is_verified: true }), [], 'verified'],
    [userFixture({ role: 'SELLER', verification_status: 'pending' }), undefined, 'pending'],
    // Until the requests arrive: a seller's approved request was for the seller role.
    [userFixture({ role: 'SELLER', verification_status: 'approved' }), undefined, 'none'],
  ] as const)('%#: reads the state', (user, requests, state) => {
    expect(teamAdminApplicationState(user, requests)).toBe(state);
  });

  it('follows the newest team-admin request, not a request for another role', () => {
    expect(
      teamAdminApplicationState(seller, [
        verificationRequestFixture({
          id: 3,
          requested_role: 'SELLER',
          current_role: 'BUYER',
          status: 'approved',
        }),
        verificationRequestFixture({ id: 2, status: 'rejected' }),
      ]),
    ).toBe('rejected');
  });
});

describe('TeamAdminApplicationCard', () => {
  it("is for sellers: a buyer's dashboard has none", async () => {
    renderDashboard(userFixture({ role: 'BUYER' }));
    await screen.findByRole('region', { name: 'Profile overview' });
    expect(screen.queryByRole('region', { name: 'Team Admin application' })).toBeNull();
  });

  it("offers 'Apply for Team Admin' with a live counter", async () => {
    renderDashboard(seller);
    const region = await card();
    expect(await within(region).findByRole('button', { name: 'Apply for Team Admin' })).toBeTruthy();
    fireEvent.change(within(region).getByLabelText(/^Why do you want to become a Team Admin/), {
      target: { value: 'Twelve chars' },
    });
    expect(within(region).getByText('12/50 characters minimum (38 more needed)')).toBeTruthy();
    fireEvent.change(within(region).getByLabelText(/^Why do you want to become a Team Admin/), {
      target: { value: reason },
    });
    expect(within(region).getByText(`${reason.length} characters (minimum 50 reached)`)).toBeTruthy();
  });

  it.each([
    ['pending', 'Verification Pending'],
    ['approved', 'Team Admin Verified'],
  ] as const)('shows a disabled button when the request is %s', async (status, label) => {
    renderDashboard(seller, [verificationRequestFixture({ status })]);
    const region = await card();
    const button = await within(region).findByRole<HTMLButtonElement>('button', { name: label });
    expect(button.disabled).toBe(true);
    expect(within(region).queryByRole('textbox')).toBeNull();
  });

  it('is gone for a verified team admin: there is nothing left to apply for', async () => {
    renderDashboard(userFixture({ role: 'TEAM_ADMIN', is_verified: true }));
    await screen.findByRole('region', { name: 'Profile overview' });
    expect(screen.queryByRole('region', { name: 'Team Admin application' })).toBeNull();
  });

  it("offers 'Apply Again' after a rejection, with the admin's reason", async () => {
    renderDashboard(seller, [
      verificationRequestFixture({ status: 'rejected', response_message: 'Please add a portfolio.' }),
    ]);
    const region = await card();
    expect(await within(region).findByRole('button', { name: 'Apply Again' })).toBeTruthy();
    expect(within(region).getByText(/Please add a portfolio\./)).toBeTruthy();
  });

  it('checks the message, then submits and confirms with a toast', async () => {
    const requests = renderDashboard(seller);
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Apply for Team Admin' }));
    expect(await within(region).findByText(VERIFICATION_TEXTS.reasonRequired)).toBeTruthy();
    fireEvent.change(within(region).getByLabelText(/^Why do you want to become a Team Admin/), {
      target: { value: `  ${reason}  ` },
    });
    fireEvent.change(within(region).getByLabelText(/^Supporting documents URL/), {
      target: { value: 'https://example.com/cv' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Apply for Team Admin' }));
    expect(await screen.findByText(VERIFICATION_TEXTS.submitSuccess)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      requested_role: 'TEAM_ADMIN',
      request_message: reason,
      documents_url: 'https://example.com/cv',
    });
    // The card asks the server again, so it follows the new request.
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/verification/my-requests')).toHaveLength(2),
    );
  });

  it("reports a failure as 'Failed to submit application: {message}'", async () => {
    renderDashboard(seller, [], () =>
      jsonResponse({ detail: 'You already have a pending verification request' }, 409),
    );
    const region = await card();
    fireEvent.change(await within(region).findByLabelText(/^Why do you want to become a Team Admin/), {
      target: { value: reason },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Apply for Team Admin' }));
    expect(
      await screen.findByText(
        'Failed to submit application: You already have a pending verification request',
      ),
    ).toBeTruthy();
  });
});
