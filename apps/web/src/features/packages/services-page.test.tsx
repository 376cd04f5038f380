import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { categoryFixture } from '../../test/team-finder-fixtures';
import { packageFixture, packageListFixture } from './package-fixtures';
import { ServicesPage } from './services-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServicesPage', () => {
  it('shows the service categories and the published packages', async () => {
    signIn();
    stubFetch((request) => {
      if (request.url.startsWith('/api/service-categories')) {
        return jsonResponse([categoryFixture({ id: 1, name: 'Web Development' })]);
      }
      if (request.url.startsWith('/api/service-packages'))
        return jsonResponse(packageListFixture([packageFixture()]));
      return jsonResponse({ detail: 'Not Found' }, 404);
    });
    renderWithProviders(<ServicesPage />, { route: '/services', path: '/services' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeTruthy();
    expect(await screen.findByText('Web Development')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Landing page in a week' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toBeTruthy();
  });
});
