import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken } from '../../lib/auth-tokens';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogin() {
  return renderWithProviders(<LoginPage />, {
    route: '/login',
    path: '/login',
    extraRoutes: [{ path: '*', element: <LocationProbe /> }],
  });
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const tokens = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 900,
};

function fieldContainer(label: RegExp): HTMLElement {
  return screen.getByLabelText(label).parentElement!;
}

describe('LoginPage', () => {
  it('welcomes back and links to registration', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/register');
  });

  it('shows a mail icon once the identifier contains an @', () => {
    renderLogin();
    expect(fieldContainer(/^Email or Username/).querySelector('.lucide-mail')).toBeNull();
    type(/^Email or Username/, 'ada@');
    expect(fieldContainer(/^Email or Username/).querySelector('.lucide-mail')).not.toBeNull();
    type(/^Email or Username/, 'ada');
    expect(fieldContainer(/^Email or Username/).querySelector('.lucide-mail')).toBeNull();
  });

  it('requires both fields', async () => {
    const requests = stubFetch(() => jsonResponse(tokens));
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.identifierRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.passwordRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows the server text in a box above the form', async () => {
    stubFetch(() => jsonResponse({ detail: ACCOUNT_TEXTS.invalidCredentials }, 401));
    renderLogin();
    type(/^Email or Username/, 'ada');
    type(/^Password/, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(ACCOUNT_TEXTS.invalidCredentials);
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it("says 'Login failed' when the server gives no text", async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderLogin();
    type(/^Email or Username/, 'ada');
    type(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.loginFailed);
  });

  it('stores both tokens and goes to the dashboard', async () => {
    const requests = stubFetch(() => jsonResponse(tokens));
    const { router } = renderLogin();
    type(/^Email or Username/, ' ada@example.com ');
    type(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests[0]).toEqual({
      url: '/api/auth/login',
      method: 'POST',
      body: { username: 'ada@example.com', password: 'secret1' },
    });
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it('goes back to the page the guard sent the visitor from', async () => {
    stubFetch(() => jsonResponse(tokens));
    const { router } = renderLogin();
    await router.navigate('/login', {
      state: { from: { pathname: '/activity', search: '?page=2', hash: '' } },
    });
    type(/^Email or Username/, 'ada');
    type(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(router.state.location.search).toBe('?page=2');
  });

  describe('Forgot Password?', () => {
    async function openDialog() {
      fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      return screen.findByRole('dialog', { name: 'Reset Password' });
    }

    it('opens an accessible dialog that Cancel closes', async () => {
      renderLogin();
      const dialog = await openDialog();
      expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('takes the address typed as the identifier and reports success', async () => {
      const requests = stubFetch(() => jsonResponse({ message: 'sent' }, 202));
      renderLogin();
      type(/^Email or Username/, 'ada@example.com');
      const dialog = await openDialog();
      expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).value).toBe('ada@example.com');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' }));
      expect(await within(dialog).findByText(ACCOUNT_TEXTS.forgotSuccess)).toBeTruthy();
      expect(requests).toEqual([
        { url: '/api/auth/forgot-password', method: 'POST', body: { email: 'ada@example.com' } },
      ]);
    });

    it('requires an address and reports a failure', async () => {
      stubFetch(() => jsonResponse({ detail: 'Too many requests' }, 429));
      renderLogin();
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' }));
      expect(await within(dialog).findByText(ACCOUNT_TEXTS.forgotEmailRequired)).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Email' }));
      expect(await within(dialog).findByText(ACCOUNT_TEXTS.forgotFailure)).toBeTruthy();
    });
  });
});
