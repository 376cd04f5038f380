import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoutesAt } from '../../test/render';
import { packageFixture } from '../../features/packages/package-fixtures';
import { packageRoutes } from './package-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  return renderRoutesAt(packageRoutes, path, ['/login']);
}

// The first lazy route of a run compiles its page, which can take a few seconds on a busy machine.
describe('packageRoutes', () => {
  it.each([
    '/services',
    '/services/browse',
    '/services/create',
    '/services/manage-packages',
    '/services/edit/3',
  ])('sends a visitor from %s to /login', async (path) => {
    renderAt(path);
    expect(
      (await screen.findByRole('status', { name: 'Current location' }, { timeout: 5000 })).textContent,
    ).toBe('/login');
  });

  it('shows the package detail to a visitor', async () => {
    stubFetch(({ url }) =>
      url === '/api/service-packages/3'
        ? jsonResponse(packageFixture({ id: 3 }))
        : jsonResponse({ detail: 'Not Found' }, 404),
    );
    renderAt('/service-package/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Landing page in a week' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
