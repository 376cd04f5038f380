import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { navigationFixture, signIn, userFixture } from '../../test/fixtures';
import { renderRoutesAt } from '../../test/render';
import { teamManagementRoutes } from './team-management-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderRoutesAt(teamManagementRoutes, path, ['/login', '/dashboard']);
}

describe('teamManagementRoutes', () => {
  it.each(['/verification', '/teams/create', '/teams/manage', '/teams/my-teams', '/admin/verifications'])(
    'sends a visitor from %s to /login',
    async (path) => {
      renderAt(path);
      expect((await screen.findByRole('status', { name: 'Current location' })).textContent).toBe('/login');
    },
  );

  it('sends a seller away from /admin/verifications to the dashboard', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse(userFixture({ role: 'SELLER' }))
        : jsonResponse(navigationFixture()),
    );
    renderAt('/admin/verifications');
    expect((await screen.findByRole('status', { name: 'Current location' })).textContent).toBe('/dashboard');
  });

  it('lets a superuser into /admin/verifications', async () => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/auth/me') return jsonResponse(userFixture({ role: 'SELLER', is_superuser: true }));
      if (url === '/api/verification/stats') {
        return jsonResponse({
          pending_requests: 0,
          approved_requests: 0,
          rejected_requests: 0,
          total_requests: 0,
        });
      }
      return jsonResponse([]);
    });
    renderAt('/admin/verifications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('keeps /admin/disputes for general admins: a seller goes to the dashboard', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse(userFixture({ role: 'SELLER' }))
        : jsonResponse(navigationFixture()),
    );
    renderAt('/admin/disputes');
    expect((await screen.findByRole('status', { name: 'Current location' })).textContent).toBe('/dashboard');
  });

  it('opens /admin/disputes for a general admin', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse(userFixture({ role: 'GENERAL_ADMIN' }))
        : jsonResponse({ items: [], total: 0, skip: 0, limit: 20 }),
    );
    renderAt('/admin/disputes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Disputes' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No open disputes')).toBeTruthy();
  });
});
