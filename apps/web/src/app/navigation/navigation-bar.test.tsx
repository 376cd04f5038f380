import type { Navigation, User } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken } from '../../lib/auth-tokens';
import { FakeWebSocket } from '../../test/chat-test-socket';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NavigationBar } from './navigation-bar';

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  setScrollY(0);
});

describe('NavigationBar', () => {
  it('links the brand home and offers Login and Join to visitors', () => {
    renderWithProviders(<NavigationBar />);
    expect(screen.getByRole('link', { name: 'TeamHire' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/register');
  });

  it('scrolls to the landing sections from the home page', () => {
    renderWithProviders(
      <>
        <NavigationBar />
        <section id="about">About</section>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith(
      expect.objectContaining({ block: 'start' }),
    );
    expect(screen.getByRole('button', { name: 'Services' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact' })).toBeTruthy();
  });

  it('links to the sections of the home page from other pages', () => {
    renderWithProviders(<NavigationBar />, { route: '/WebDevelopment' });
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/#services');
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/#team');
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/#about');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/#contact');
  });

  it('takes the scrolled look past 50 pixels', () => {
    renderWithProviders(<NavigationBar />);
    const header = screen.getByRole('banner');
    expect(header.getAttribute('data-scrolled')).toBe('false');
    setScrollY(50);
    expect(header.getAttribute('data-scrolled')).toBe('false');
    setScrollY(51);
    expect(header.getAttribute('data-scrolled')).toBe('true');
  });

  it('opens and closes the mobile menu', () => {
    renderWithProviders(<NavigationBar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('NavigationBar for a signed-in user', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubAccount(user: User, flags: Navigation) {
    return stubFetch(({ url }) => {
      if (url === '/api/auth/me') return jsonResponse(user);
      if (url === '/api/navigation') return jsonResponse(flags);
      if (url === '/api/auth/logout') return new Response(null, { status: 204 });
      return jsonResponse({ detail: 'Not Found' }, 404);
    });
  }

  it('leads to the app, not to the landing sections, with the role pages in a row of their own', async () => {
    signIn();
    stubAccount(
      userFixture({ role: 'SELLER' }),
      navigationFixture({ can_apply_to_teams: true, can_view_orders: true }),
    );
    renderWithProviders(<NavigationBar />, { route: '/WebDevelopment' });
    const workspace = await screen.findByRole('navigation', { name: 'Workspace' });
    const linksOf = (element: HTMLElement) =>
      within(element)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(linksOf(workspace)).toEqual([
      ['Browse Teams', '/teams/browse'],
      ['Manage Teams', '/teams/manage'],
      ['Earnings', '/earnings'],
      ['Verification', '/verification'],
    ]);
    const main = screen.getByRole('navigation', { name: 'Main' });
    await within(main).findByRole('link', { name: 'Dashboard' });
    expect(linksOf(main).filter(([, href]) => href !== '/')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Services', '/services'],
      ['Orders', '/orders'],
      ['Messages', '/messages'],
    ]);
    // One Services entry, and no landing section.
    expect(screen.getAllByRole('link', { name: 'Services' })).toHaveLength(1);
    for (const section of ['Team', 'About', 'Contact']) {
      expect(screen.queryByRole('link', { name: section })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('lists the primary and the role links in the mobile menu, without the landing sections', async () => {
    signIn();
    stubAccount(
      userFixture({ role: 'BUYER' }),
      navigationFixture({ can_purchase_services: true, can_view_orders: true }),
    );
    renderWithProviders(<NavigationBar />, { route: '/WebDevelopment' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('navigation', { name: 'Workspace' })).toHaveLength(2));
    const stacked = screen.getAllByRole('navigation', { name: 'Workspace' })[1]!;
    expect(
      within(stacked)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Services', 'Orders', 'Messages', 'Verification']);
  });

  it('holds the place of the bell until the page has painted, then shows the bell', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const reportPaint: Array<() => void> = [];
    let painted = false;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: (list: { getEntriesByName: () => unknown[] }) => void) {
          reportPaint.push(() => callback({ getEntriesByName: () => [{}] }));
        }
        observe() {}
        disconnect() {}
      },
    );
    const entries = vi
      .spyOn(performance, 'getEntriesByName')
      .mockImplementation(() => (painted ? [{} as PerformanceEntry] : []));
    signIn();
    stubAccount(userFixture({ role: 'BUYER' }), navigationFixture({ can_purchase_services: true }));
    renderWithProviders(<NavigationBar />);

    const placeholder = await screen.findByTestId('header-bell-placeholder');
    expect(placeholder.className).toContain('size-9');
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();

    painted = true;
    act(() => reportPaint.forEach((report) => report()));
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeTruthy();
    expect(screen.queryByTestId('header-bell-placeholder')).toBeNull();
    entries.mockRestore();
  });

  it('shows the verification badge, leading to /verification', async () => {
    signIn();
    stubAccount(
      userFixture({ role: 'TEAM_ADMIN', verification_status: 'pending' }),
      navigationFixture({
        can_manage_team: true,
        requires_verification: true,
        verification_status: 'pending',
      }),
    );
    renderWithProviders(<NavigationBar />);
    const badge = await screen.findByRole('link', { name: 'Verification Pending' });
    expect(badge.getAttribute('href')).toBe('/verification');
  });

  it('opens the profile menu with the welcome, the role and the entries', async () => {
    signIn();
    stubAccount(
      userFixture({ username: 'grace', role: 'TEAM_ADMIN', is_verified: true }),
      navigationFixture({ can_manage_team: true, is_verified: true }),
    );
    renderWithProviders(<NavigationBar />);
    const trigger = await screen.findByRole('button', { name: 'Account menu for grace' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Welcome, grace!')).toBeTruthy();
    expect(within(menu).getByText('(verified)')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ['Profile', '/profile'],
      ['Change Password', '/profile/change-password'],
      ['View Activity', '/activity'],
      ['Billing & Payments', '/billing-payments'],
      ['Logout', null],
    ]);
  });

  it('logs out: revokes the refresh token, clears tokens and cache, goes to /login', async () => {
    signIn('access-1', 'refresh-1');
    const requests = stubAccount(userFixture(), navigationFixture({ can_purchase_services: true }));
    const { router, queryClient } = renderWithProviders(<NavigationBar />, { route: '/CloudSolutions' });
    const trigger = await screen.findByRole('button', { name: 'Account menu for ada' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toContainEqual({
      url: '/api/auth/logout',
      method: 'POST',
      body: { refresh_token: 'refresh-1' },
    });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
