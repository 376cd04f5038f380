import { PACKAGE_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { PackageDetailPage } from './package-detail-page';
import { packageFixture } from './package-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage({ signedIn = false, found = true } = {}) {
  if (signedIn) signIn();
  const requests = stubFetch((request) => {
    if (request.url === '/api/service-packages/5') {
      return found
        ? jsonResponse(packageFixture({ id: 5, tags: 'react, design,seo' }))
        : jsonResponse({ detail: 'Service package not found' }, 404);
    }
    if (request.url === '/api/chat-rooms/get-or-create')
      return jsonResponse({ chat_room_id: 31, team_id: 21, created: false });
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  const rendered = renderWithProviders(<PackageDetailPage />, {
    route: '/service-package/5',
    path: '/service-package/:packageId',
    extraRoutes: ['/login', '/payment/:id', '/team-chat/:id', '/services/browse', '/'].map((path) => ({
      path,
      element: <LocationProbe />,
    })),
  });
  return { requests, ...rendered };
}

describe('PackageDetailPage', () => {
  it('shows every field of the package and its team', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Landing page in a week' })).toBeTruthy();
    // The team's name, in the title and in the team's box, leads to the team's public page.
    const teamLinks = screen.getAllByRole('link', { name: 'Launch Crew' });
    expect(teamLinks.map((link) => link.getAttribute('href'))).toEqual(['/teams/21', '/teams/21']);
    const order = screen.getByRole('region', { name: 'Price' });
    expect(within(order).getByText('$499.99')).toBeTruthy();
    expect(screen.getByText('One-time payment')).toBeTruthy();
    expect(within(order).getByText('7 days delivery')).toBeTruthy();
    // The phone's bar along the bottom (hidden on wide screens by CSS) repeats the price and Buy Now.
    const bar = screen.getByRole('region', { name: 'Buy this package' });
    expect(within(bar).getByText('$499.99')).toBeTruthy();
    expect(within(bar).getByText('7 days delivery')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.getByText('1 revision')).toBeTruthy();
    expect(screen.getByText(/A fast, accessible landing page/)).toBeTruthy();
    expect(screen.getByText('Your logo and brand colours')).toBeTruthy();
    expect(screen.getByText('Source code and a deployed site')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['react', 'design', 'seo']);
    expect(screen.getByText('3/8')).toBeTruthy();
    expect(screen.getByText('2021')).toBeTruthy();
    expect(screen.getByText('Launch pages in a week.')).toBeTruthy();
    // The team admin's public profile is one click away.
    expect(screen.getByRole('link', { name: 'ada' }).getAttribute('href')).toBe('/users/7');
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Feb 10, 2025')).toBeTruthy();
    expect(screen.getByText('Mar 15, 2025')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Browse More Services' })[0]!.getAttribute('href')).toBe(
      '/services/browse',
    );
    expect(screen.getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor who wants to buy to sign in first, and a signed-in buyer to the payment page', async () => {
    renderPage();
    fireEvent.click((await screen.findAllByRole('link', { name: 'Buy Now' }))[0]!);
    expect((await screen.findByLabelText('Current location', {}, { timeout: 3000 })).textContent).toBe(
      '/login',
    );
  });

  it('leads a signed-in buyer to /payment/{packageId}', async () => {
    renderPage({ signedIn: true });
    const links = await screen.findAllByRole('link', { name: 'Buy Now' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/payment/5', '/payment/5']);
  });

  it("Contact Team opens the team's conversation", async () => {
    const { requests } = renderPage({ signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Team' }));
    expect((await screen.findByLabelText('Current location', {}, { timeout: 3000 })).textContent).toBe(
      '/team-chat/31',
    );
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/chat-rooms/get-or-create')?.body).toEqual({
        team_id: 21,
      }),
    );
  });

  it("shows 'Service Package Not Found' for a missing or hidden package", async () => {
    renderPage({ found: false });
    expect(await screen.findByRole('heading', { name: PACKAGE_TEXTS.notFound })).toBeTruthy();
  });

  it('shows a loading state first', () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading service package...');
  });
});
