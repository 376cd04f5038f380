import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { verificationStatusBadge } from './profile-overview-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard(user = userFixture(), flags = navigationFixture()) {
  signIn();
  const requests = stubFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse(user);
    if (url === '/api/navigation') return jsonResponse(flags);
    // The dashboard's cards list conversations and verification requests: none here.
    if (url === '/api/user/chat-rooms' || url === '/api/verification/my-requests') return jsonResponse([]);
    return jsonResponse({ message: 'sent' }, 202);
  });
  renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' });
  return requests;
}

describe('DashboardPage', () => {
  it('shows a loading state until the user is known', () => {
    renderDashboard();
    expect(screen.getByRole('status').textContent).toContain('Loading your dashboard...');
  });

  it('shows the profile overview card', async () => {
    renderDashboard(
      userFixture({
        username: 'grace',
        email: 'grace@example.com',
        role: 'TEAM_ADMIN',
        is_verified: true,
        verification_status: 'approved',
        created_at: '2024-02-10T09:00:00Z',
      }),
    );
    const card = await screen.findByRole('region', { name: 'Profile overview' });
    expect(within(card).getByText('grace')).toBeTruthy();
    expect(within(card).getByText('G')).toBeTruthy();
    expect(within(card).getByText('grace@example.com')).toBeTruthy();
    expect(within(card).getByText('ACTIVE')).toBeTruthy();
    expect(within(card).getByText('Team Admin')).toBeTruthy();
    expect(within(card).getByText('(verified)')).toBeTruthy();
    expect(within(card).getByText('Feb 10, 2024')).toBeTruthy();
    expect(within(card).getByText('Verified')).toBeTruthy();
  });

  it('shows the picture when there is one, and INACTIVE', async () => {
    renderDashboard(userFixture({ profile_picture_url: '/uploads/avatars/ada.webp', is_active: false }));
    const card = await screen.findByRole('region', { name: 'Profile overview' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/ada.webp');
    expect(within(card).getByText('INACTIVE')).toBeTruthy();
  });

  it('offers the links of the flags and the profile menu, since the navigation bar is hidden here', async () => {
    renderDashboard(userFixture(), navigationFixture({ can_purchase_services: true, can_view_orders: true }));
    const links = await screen.findByRole('navigation', { name: 'Go to' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/services', '/orders', '/messages', '/verification']);
    expect(screen.getByRole('button', { name: 'Account menu for ada' })).toBeTruthy();
  });

  it('offers to send the email verification again', async () => {
    const requests = renderDashboard(userFixture({ email_verified: false }));
    (await screen.findByRole('button', { name: 'Send Verification Email' })).click();
    await vi.waitFor(() =>
      expect(requests).toContainEqual({
        url: '/api/auth/send-verification',
        method: 'POST',
        body: { email: 'ada@example.com' },
      }),
    );
  });
});

describe('verificationStatusBadge', () => {
  it.each([
    [{ is_verified: true, verification_status: null }, 'Verified'],
    [{ is_verified: false, verification_status: 'pending' }, 'Verification Pending'],
    [{ is_verified: false, verification_status: 'rejected' }, 'Verification Rejected'],
    [{ is_verified: false, verification_status: null }, 'Not Verified'],
  ] as const)('reads %o as %s', (user, text) => {
    expect(verificationStatusBadge(user).text).toBe(text);
  });
});
