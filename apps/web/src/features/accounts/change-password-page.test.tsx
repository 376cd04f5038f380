import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  signIn();
  return renderWithProviders(<ChangePasswordPage />, {
    route: '/profile/change-password',
    path: '/profile/change-password',
    extraRoutes: [{ path: '/dashboard', element: <LocationProbe /> }],
  });
}

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordPage', () => {
  it('checks the password rules before sending', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'ok' }));
    renderPage();
    fill('old-secret', 'short', 'shorter');
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChangeTooShort)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.newPasswordsDoNotMatch)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('changes the password, confirms with a toast and goes to the dashboard', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'Password changed' }));
    const { router } = renderPage();
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests).toEqual([
      {
        url: '/api/auth/change-password',
        method: 'POST',
        body: { current_password: 'old-secret', new_password: 'new-secret-1' },
      },
    ]);
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeTruthy();
  });

  it('marks a wrong current password on its field', async () => {
    stubFetch(() =>
      jsonResponse({ code: 'wrong_password', detail: ACCOUNT_TEXTS.currentPasswordWrong }, 400),
    );
    renderPage();
    fill('wrong', 'new-secret-1', 'new-secret-1');
    const current = screen.getByLabelText(/^Current Password/);
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeTruthy();
  });

  it('decides by the code, not by the words', async () => {
    stubFetch(() => jsonResponse({ code: 'bad_request', detail: ACCOUNT_TEXTS.currentPasswordWrong }, 400));
    renderPage();
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.currentPasswordWrong);
    expect(screen.getByLabelText(/^Current Password/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows any other failure above the form', async () => {
    stubFetch(() => jsonResponse({ detail: 'Too many attempts' }, 429));
    renderPage();
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts');
  });
});
