import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { createTestQueryClient, LocationProbe } from '../../test/render';
import { VERIFICATION_REDIRECT_MS, VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** In StrictMode, as the app runs in development: effects run twice on mount. */
function renderStrict(route: string) {
  const router = createMemoryRouter(
    [
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/login', element: <LocationProbe /> },
    ],
    { initialEntries: [route] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

describe('VerifyEmailPage', () => {
  it('spends the single-use token exactly once, then goes to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = stubFetch(() => jsonResponse({ message: 'Email verified' }));
    const router = renderStrict('/verify-email?token=abc123');
    expect(await screen.findByText(ACCOUNT_TEXTS.verifySuccess)).toBeTruthy();
    expect(requests).toEqual([{ url: '/api/auth/verify-email', method: 'POST', body: { token: 'abc123' } }]);
    await act(() => vi.advanceTimersByTimeAsync(VERIFICATION_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('explains a missing token without calling the server', () => {
    const requests = stubFetch(() => jsonResponse({}));
    renderStrict('/verify-email');
    expect(screen.getByText(ACCOUNT_TEXTS.verifyMissingToken)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Verification Email' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(requests).toHaveLength(0);
  });

  it('shows the server text and offers Try Again and a new email', async () => {
    let attempt = 0;
    const requests = stubFetch(() => {
      attempt += 1;
      return attempt === 1
        ? jsonResponse({ detail: ACCOUNT_TEXTS.verifyTokenExpired }, 400)
        : jsonResponse({ message: 'ok' });
    });
    renderStrict('/verify-email?token=abc123');
    expect(await screen.findByText(ACCOUNT_TEXTS.verifyTokenExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Verification Email' }).getAttribute('href')).toBe(
      '/login',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.verifySuccess)).toBeTruthy();
    expect(requests).toHaveLength(2);
  });

  it('falls back to the generic failure text', async () => {
    stubFetch(() => new Response('', { status: 502 }));
    renderStrict('/verify-email?token=abc123');
    expect(await screen.findByText(ACCOUNT_TEXTS.verifyFailure)).toBeTruthy();
  });
});
