import type { PublicProfile } from '@teamhire/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { profileFixture } from './profile-test-fixtures';
import { parseUserId, PublicProfilePage } from './public-profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const publicProfile: PublicProfile = {
  user: {
    id: 12,
    username: 'grace',
    full_name: 'Grace Hopper',
    role: 'TEAM_ADMIN',
    profile_picture_url: null,
    created_at: '2024-11-02T09:00:00Z',
  },
  ...profileFixture(),
};

function renderPage(path: string) {
  signIn();
  return renderWithProviders(<PublicProfilePage />, { route: path, path: '/users/:id' });
}

describe('parseUserId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseUserId('12')).toBe(12);
    for (const value of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999']) {
      expect(parseUserId(value)).toBeNull();
    }
  });
});

describe('PublicProfilePage', () => {
  it("shows another member's items read-only and without an email", async () => {
    const requests = stubFetch(({ url }) => {
      if (url === '/api/users/12/profile') return jsonResponse(publicProfile);
      if (url === '/api/auth/me') return jsonResponse(userFixture({ id: 7 }));
      return jsonResponse({ detail: 'Not Found' }, 404);
    });
    renderPage('/users/12');
    const summary = await screen.findByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Grace Hopper')).toBeTruthy();
    expect(within(summary).getByText('Team Admin')).toBeTruthy();
    expect(screen.getByText('Senior Developer')).toBeTruthy();
    expect(screen.getByText('TypeScript')).toBeTruthy();
    expect(screen.getByText('AWS Solutions Architect')).toBeTruthy();
    expect(screen.getByText('BSc Computer Science')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete)/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(document.body.textContent).not.toContain('@example.com');
    expect(requests.some((request) => request.url === '/api/users/12/profile')).toBe(true);
  });

  it("says 'Profile not found' for an unknown user or an id that names no one", async () => {
    stubFetch(({ url }) =>
      url === '/api/users/404/profile'
        ? jsonResponse({ detail: 'User not found' }, 404)
        : jsonResponse(userFixture()),
    );
    renderPage('/users/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
  });

  it('answers a malformed id without asking the server', () => {
    const requests = stubFetch(() => jsonResponse(userFixture()));
    renderPage('/users/not-a-number');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/profile'))).toBe(false);
  });

  it('offers a Retry when the profile cannot be loaded', async () => {
    let calls = 0;
    stubFetch(({ url }) => {
      if (url !== '/api/users/12/profile') return jsonResponse(userFixture());
      calls += 1;
      return calls === 1
        ? jsonResponse({ detail: 'Internal server error' }, 500)
        : jsonResponse(publicProfile);
    });
    renderPage('/users/12');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load profile data. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  });
});
