import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../test/fixtures';
import { renderRouter } from '../test/render';
import { Layout } from './layout';
import { RouteErrorView } from './route-error-view';
import { routes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubApi() {
  stubFetch(({ url }) => {
    if (url.startsWith('/api/health')) return jsonResponse({ status: 'ok' });
    if (url.startsWith('/api/service-categories')) return jsonResponse([]);
    if (url === '/api/auth/me') return jsonResponse(userFixture());
    if (url === '/api/navigation') return jsonResponse(navigationFixture({ can_purchase_services: true }));
    if (url.startsWith('/api/activity')) return jsonResponse({ items: [], total: 0, skip: 0, limit: 20 });
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

function renderRoutes(routeObjects: RouteObject[], path: string) {
  return renderRouter(createMemoryRouter(routeObjects, { initialEntries: [path] }));
}

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    stubApi();
    const router = renderRoutes(routes, '/no-such-page/here');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Powering Teams to Finish Faster' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('serves each fixed service page', async () => {
    stubApi();
    renderRoutes(routes, '/CloudSolutions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cloud Solutions' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("shows 'Something went wrong' with the message inside the layout", async () => {
    stubApi();
    const Broken = () => {
      throw new Error('Widget exploded');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      [
        {
          element: <Layout />,
          children: [{ errorElement: <RouteErrorView />, children: [{ path: '/', element: <Broken /> }] }],
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Widget exploded')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('sends a visitor from /dashboard to /login', async () => {
    stubApi();
    const router = renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from /register to /dashboard, which brings its own header', async () => {
    signIn();
    stubApi();
    const router = renderRoutes(routes, '/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Account menu for ada' })).toBeTruthy();
  });

  it('keeps the navigation bar on other signed-in pages', async () => {
    signIn();
    stubApi();
    renderRoutes(routes, '/activity');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activity History' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Workspace' })).toBeTruthy();
  });
});
