import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRouter, SLOW } from '../../test/render';
import { teamProfileFixture } from '../../test/team-profile-fixtures';
import { routes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const requests = stubFetch(({ url }) => {
    if (url.startsWith('/api/health')) return jsonResponse({ status: 'ok' });
    if (url === '/api/teams/7/profile') return jsonResponse(teamProfileFixture());
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  return { requests, router: renderRouter(createMemoryRouter(routes, { initialEntries: [path] })) };
}

// The first lazy route of a run compiles its page, which can take a few seconds on a busy machine.
describe('the team page route', () => {
  it('shows a team to a visitor at /teams/{id}, with package cards that link back to the team', async () => {
    renderAt('/teams/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pixel Forge' }, { timeout: 10_000 }),
    ).toBeTruthy();
    // The real package card, from the packages feature, with the team's name linking here.
    const cardTitle = screen.getByRole('link', { name: 'Storefront in two weeks' });
    expect(cardTitle.getAttribute('href')).toBe('/service-package/31');
    const card = cardTitle.closest('li')!;
    expect(within(card).getByRole('link', { name: 'Pixel Crew' }).getAttribute('href')).toBe('/teams/3');
  });

  it.each(['/teams/manage', '/teams/my-teams', '/teams/create', '/teams/browse', '/teams/7/chats'])(
    'leaves %s to its own screen (a visitor is sent to sign in)',
    async (path) => {
      const { router, requests } = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, SLOW)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(requests.some((request) => request.url.includes('/profile'))).toBe(false);
    },
  );
});
