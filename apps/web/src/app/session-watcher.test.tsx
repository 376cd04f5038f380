import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/ui/toast';
import { getAccessToken, getRefreshToken, REFRESH_TOKEN_KEY } from '../lib/auth-tokens';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { routes } from './router';
import { SessionWatcher } from './session-watcher';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionWatcher router={router} />
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('SessionWatcher', () => {
  it('clears the tokens and the cache and goes to /login when the refresh is refused', async () => {
    signIn('expired', 'revoked');
    const requests = stubFetch(({ url }) => {
      if (url.startsWith('/api/health')) return jsonResponse({ status: 'ok' });
      if (url === '/api/auth/refresh')
        return jsonResponse({ detail: 'Invalid or expired refresh token' }, 401);
      return jsonResponse({ detail: 'Not authenticated' }, 401);
    });
    const { router, queryClient } = renderApp('/activity');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/activity', search: '', hash: '' } });
    expect(screen.getByText(ACCOUNT_TEXTS.sessionExpired)).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(requests.filter(({ url }) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(queryClient.getQueryCache().find({ queryKey: ['activity'] })).toBeUndefined();
  });

  it('drops cached data when another tab signs out', async () => {
    signIn();
    stubFetch(({ url }) =>
      url.startsWith('/api/health') ? jsonResponse({ status: 'ok' }) : jsonResponse({ detail: 'x' }, 404),
    );
    const { queryClient } = renderApp('/CloudSolutions');
    await screen.findByRole('heading', { level: 1, name: 'Cloud Solutions' }, { timeout: 5000 });
    queryClient.setQueryData(['auth', 'me'], { username: 'ada' });

    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_TOKEN_KEY }));
    });
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
