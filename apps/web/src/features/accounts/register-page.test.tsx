import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { storeGuestFixture, userFixture } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { REGISTRATION_REDIRECT_MS, RegisterPage } from './register-page';
import { returnPath } from '../../lib/return-path';
import { headersSentTo } from '../../test/chat-test-socket';
import { readGuestSession } from '../../lib/guest-session';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderRegister(route = '/register') {
  return renderWithProviders(<RegisterPage />, {
    route,
    path: '/register',
    extraRoutes: [{ path: '/login', element: <LocationProbe /> }],
  });
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function chooseBuyer() {
  fireEvent.click(screen.getByRole('button', { name: /^Buyer/ }));
}

function fillForm({ password = 'secret1', confirm }: { password?: string; confirm?: string } = {}) {
  type(/^Username/, 'ada');
  type(/^Email/, 'ada@example.com');
  type(/^Password/, password);
  type(/^Confirm Password/, confirm ?? password);
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('RegisterPage', () => {
  it('asks for the account type first, with the description of each', () => {
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Choose Your Account Type' })).toBeTruthy();
    const seller = screen.getByRole('button', { name: /^Seller/ });
    expect(seller.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Browse and join teams, collaborate on projects')).toBeTruthy();
    expect(screen.getByText('Purchase services from teams and individual sellers')).toBeTruthy();
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('goes to the form and back with Change Account Type', () => {
    renderRegister();
    chooseBuyer();
    expect(screen.getByRole('heading', { name: 'Create your Buyer account' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Create your Buyer account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    expect(screen.getByRole('heading', { name: 'Choose Your Account Type' })).toBeTruthy();
  });

  it('validates with the fixed texts and sends nothing', async () => {
    const requests = stubFetch(() => jsonResponse(userFixture(), 201));
    renderRegister();
    chooseBuyer();
    type(/^Username/, 'ab');
    type(/^Email/, 'ada.example.com');
    type(/^Password/, '12345');
    type(/^Confirm Password/, '54321');
    submit();
    expect(await screen.findByText(ACCOUNT_TEXTS.usernameTooShort)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.emailInvalid)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_TEXTS.passwordsDoNotMatch)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('registers with the chosen role, shows the success text and goes to /login after 5 s', async () => {
    const requests = stubFetch(() => jsonResponse(userFixture(), 201));
    const { router } = renderRegister('/register?upgrade_guest=true');
    fireEvent.click(screen.getByRole('button', { name: /^Seller/ }));
    fillForm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit();

    expect(await screen.findByText(ACCOUNT_TEXTS.registrationSuccess('ada@example.com'))).toBeTruthy();
    expect(requests).toEqual([
      {
        url: '/api/auth/register',
        method: 'POST',
        body: { username: 'ada', email: 'ada@example.com', password: 'secret1', role: 'SELLER' },
      },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ upgradeGuest: true });
  });

  it('puts a taken username on the field (409)', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          code: 'username_taken',
          detail: ACCOUNT_TEXTS.usernameTaken,
          errors: [{ path: 'body.username', message: ACCOUNT_TEXTS.usernameTaken }],
        },
        409,
      ),
    );
    renderRegister();
    chooseBuyer();
    fillForm();
    submit();
    const username = screen.getByLabelText(/^Username/);
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ACCOUNT_TEXTS.usernameTaken)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a taken email on the field from the code alone', async () => {
    stubFetch(() => jsonResponse({ code: 'email_taken', detail: ACCOUNT_TEXTS.emailTaken }, 409));
    renderRegister();
    chooseBuyer();
    fillForm();
    submit();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(email.parentElement!.parentElement!).getByText(ACCOUNT_TEXTS.emailTaken)).toBeTruthy();
  });

  it.each([
    [422, ACCOUNT_TEXTS.registrationInvalid],
    [500, ACCOUNT_TEXTS.registrationServer],
  ])('explains an HTTP %i', async (status, text) => {
    stubFetch(() => jsonResponse({ detail: 'Whatever the server said' }, status));
    renderRegister();
    chooseBuyer();
    fillForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(`Registration failed. ${text}`);
  });

  it('explains a connection failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRegister();
    chooseBuyer();
    fillForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Registration failed. ${ACCOUNT_TEXTS.registrationConnection}`,
    );
  });

  it('shows any other server text after the prefix', async () => {
    stubFetch(() => jsonResponse({ detail: 'Too many registrations. Try again later.' }, 429));
    renderRegister();
    chooseBuyer();
    fillForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Registration failed. Too many registrations. Try again later.',
    );
  });

  it('upgrades a stored guest with its token, then sends them to sign in and on to their chat', async () => {
    storeGuestFixture();
    const requests = stubFetch(() => jsonResponse(userFixture({ username: 'ada' }), 201));
    const { router } = renderRegister('/register?upgrade_guest=true');
    expect(screen.getByText(/every conversation you had as a guest stays/)).toBeTruthy();
    chooseBuyer();
    fillForm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit();
    expect(await screen.findByText(ACCOUNT_TEXTS.registrationSuccess('ada@example.com'))).toBeTruthy();
    expect(requests).toEqual([
      {
        url: '/api/guest-users/upgrade',
        method: 'POST',
        body: { username: 'ada', email: 'ada@example.com', password: 'secret1', role: 'BUYER' },
      },
    ]);
    expect(headersSentTo(globalThis.fetch, '/api/guest-users/upgrade')?.get('X-Guest-Token')).toBe(
      'guest-secret',
    );
    expect(readGuestSession()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(REGISTRATION_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(returnPath(router.state.location.state)).toBe('/team-chat/55');
  });

  it('says when there is no guest session to upgrade, and registers normally', () => {
    renderRegister('/register?upgrade_guest=true');
    expect(screen.getByText(/No guest session was found/)).toBeTruthy();
  });
});
