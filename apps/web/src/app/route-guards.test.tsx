import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, clearTokens, REFRESH_TOKEN_KEY } from '../lib/auth-tokens';
import { userFixture, signIn } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { LocationProbe, renderWithProviders } from '../test/render';
import { GuestOnlyRoute, ProtectedRoute, RoleRoute } from './route-guards';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <LocationProbe />
    </>
  );
}

const guardedRoutes = [
  {
    element: <ProtectedRoute />,
    children: [
      { path: '/dashboard', element: <Page name="Dashboard" /> },
      { path: '/orders', element: <Page name="Orders" /> },
      {
        element: <RoleRoute roles={['GENERAL_ADMIN']} />,
        children: [{ path: '/admin/verifications', element: <Page name="Admin" /> }],
      },
    ],
  },
  {
    element: <GuestOnlyRoute />,
    children: [
      { path: '/login', element: <Page name="Login" /> },
      { path: '/register', element: <Page name="Register" /> },
    ],
  },
];

function renderAt(route: string) {
  return renderWithProviders(<Page name="Home" />, { route, path: '/', extraRoutes: guardedRoutes });
}

describe('ProtectedRoute', () => {
  it('sends a visitor to /login and remembers where they were going', async () => {
    const { router } = renderAt('/orders?tab=open');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/orders', search: '?tab=open', hash: '' },
    });
  });

  it('shows the page to a signed-in user', async () => {
    signIn();
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('sends the user to /login when another tab signs out', async () => {
    signIn();
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => {
      window.localStorage.removeItem(ACCESS_TOKEN_KEY);
      window.localStorage.removeItem(REFRESH_TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_TOKEN_KEY, newValue: null }));
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('keeps no way back to the page after the person signs out, so the next person does not land there', async () => {
    signIn();
    const { router } = renderAt('/orders?tab=open');
    await screen.findByRole('heading', { name: 'Orders' });
    act(() => clearTokens('signed-out'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.state).toBeNull();
  });
});

describe('RoleRoute', () => {
  it('sends a user without the role to /dashboard', async () => {
    signIn();
    stubFetch(() => jsonResponse(userFixture({ role: 'SELLER' })));
    renderAt('/admin/verifications');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('lets a user with the role in', async () => {
    signIn();
    stubFetch(() => jsonResponse(userFixture({ role: 'GENERAL_ADMIN' })));
    renderAt('/admin/verifications');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
  });

  it('lets a superuser in whatever the role', async () => {
    signIn();
    stubFetch(() => jsonResponse(userFixture({ role: 'BUYER', is_superuser: true })));
    renderAt('/admin/verifications');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
  });

  it('sends a visitor to /login before asking for the role', async () => {
    const requests = stubFetch(() => jsonResponse({ detail: 'Not authenticated' }, 401));
    renderAt('/admin/verifications');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});

describe('GuestOnlyRoute', () => {
  it.each(['/login', '/register'])('sends a signed-in user from %s to /dashboard', async (path) => {
    signIn();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the page to a visitor', async () => {
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeTruthy();
  });

  it('continues to the remembered page once signed in', async () => {
    const { router } = renderAt('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await act(() =>
      router.navigate('/login', { state: { from: { pathname: '/orders', search: '', hash: '' } } }),
    );
    act(() => signIn());
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
  });
});
