import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { RESET_REDIRECT_MS, ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderReset(route: string) {
  return renderWithProviders(<ResetPasswordPage />, {
    route,
    path: '/reset-password',
    extraRoutes: [{ path: '/login', element: <LocationProbe /> }],
  });
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ResetPasswordPage', () => {
  it('explains a missing token and leads back to login', () => {
    renderReset('/reset-password');
    expect(screen.getByText(ACCOUNT_TEXTS.resetMissingToken)).toBeTruthy();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('toggles each password between hidden and shown', () => {
    renderReset('/reset-password?token=t1');
    const password = screen.getByLabelText<HTMLInputElement>(/^New Password/);
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(password.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();
  });

  it('checks length and match before sending', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'ok' }));
    renderReset('/reset-password?token=t1');
    type(/^New Password/, '12345');
    type(/^Confirm Password/, '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.passwordsDoNotMatch)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('resets with the token, confirms, and goes to /login after 3 s', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'ok' }));
    const { router } = renderReset('/reset-password?token=t1');
    type(/^New Password/, 'new-secret');
    type(/^Confirm Password/, 'new-secret');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.resetSuccess)).toBeTruthy();
    expect(requests).toEqual([
      { url: '/api/auth/reset-password', method: 'POST', body: { token: 't1', new_password: 'new-secret' } },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the server text for a spent link, else the generic failure', async () => {
    stubFetch(() => jsonResponse({ detail: ACCOUNT_TEXTS.resetTokenExpired }, 400));
    renderReset('/reset-password?token=t1');
    type(/^New Password/, 'new-secret');
    type(/^Confirm Password/, 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.resetTokenExpired);

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_TEXTS.resetFailure));
  });
});
