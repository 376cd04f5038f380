import { CHAT_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../lib/auth-tokens';
import { jsonResponse, stubFetch, withOverride, type FetchOverride } from '../../test/fetch-stub';
import { userFixture } from '../../test/fixtures';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { headersSentTo } from '../../test/chat-test-socket';
import { currentContactRequest, requestContact } from '../../lib/contact-request';
import { readGuestSession } from '../../lib/guest-session';
import { ContactTeamDialogHost } from './contact-team-dialog-host';

const TEAM = { id: 3, name: 'Pixel Crew' };

afterEach(() => {
  requestContact(null);
  vi.unstubAllGlobals();
});

function api(override: FetchOverride = () => undefined) {
  return stubFetch(
    withOverride(override, (request) => {
      if (request.url === '/api/auth/login') {
        return jsonResponse({
          access_token: 'access-9',
          refresh_token: 'refresh-9',
          token_type: 'bearer',
          expires_in: 900,
        });
      }
      if (request.url === '/api/auth/register') return jsonResponse(userFixture({ username: 'newbie' }), 201);
      if (request.url === '/api/chat-rooms/get-or-create') {
        return jsonResponse({ chat_room_id: 31, team_id: 3, created: true });
      }
      if (request.url === '/api/guest-users') {
        return jsonResponse(
          {
            guest_user_id: 8,
            name: 'Grace',
            session_token: 'guest-secret',
            expires_at: '2030-01-08T00:00:00Z',
          },
          201,
        );
      }
      if (request.url === '/api/chat-rooms') {
        return jsonResponse({ chat_room_id: 55, team_id: 3, created: true, temp_user_id: 'guest:8' });
      }
      return jsonResponse({ detail: 'Not Found' }, 404);
    }),
  );
}

function renderChooser() {
  const rendered = renderWithProviders(<ContactTeamDialogHost />, {
    route: '/teams',
    path: '/teams',
    extraRoutes: [
      { path: '/team-chat/:id', element: <LocationProbe /> },
      { path: '/chat/:id', element: <LocationProbe /> },
    ],
  });
  requestContact(TEAM);
  return rendered;
}

describe('ContactTeamDialog', () => {
  it('offers Sign In, Create Account and the guest option; closing a sub-modal returns to the chooser', async () => {
    api();
    renderChooser();
    const chooser = await screen.findByRole('dialog', { name: 'Contact Pixel Crew' }, SLOW);
    expect(chooser).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Pixel Crew' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    expect(await screen.findByRole('dialog', { name: 'Continue as Guest' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(await screen.findByRole('dialog', { name: 'Contact Pixel Crew' })).toBeTruthy();

    // Closing the chooser itself ends the flow.
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentContactRequest()).toBeNull();
  });

  it('signs in, then opens the conversation with the team', async () => {
    const requests = api();
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }, SLOW));
    fireEvent.change(screen.getByLabelText(/^Email or Username/), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('/team-chat/31', {}, SLOW)).toBeTruthy();
    expect(requests.find(({ url }) => url === '/api/auth/login')?.body).toEqual({
      username: 'ada',
      password: 'secret1',
    });
    expect(requests.find(({ url }) => url.endsWith('get-or-create'))?.body).toEqual({ team_id: 3 });
    expect(getAccessToken()).toBe('access-9');
    expect(currentContactRequest()).toBeNull();
  });

  it('shows a failed sign-in in the modal', async () => {
    api(({ url }) =>
      url === '/api/auth/login' ? jsonResponse({ detail: 'Incorrect username or password' }, 401) : undefined,
    );
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }, SLOW));
    fireEvent.change(screen.getByLabelText(/^Email or Username/), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Incorrect username or password', {}, SLOW)).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('signs up: account type first (with its own words), Change Account Type goes back, then the chat', async () => {
    const requests = api();
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Account' }, SLOW));
    expect(await screen.findByText('Join teams and collaborate')).toBeTruthy();
    expect(screen.getByText('Contact teams and purchase services')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Seller/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    fireEvent.click(screen.getByRole('button', { name: /^Buyer/ }));
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'newbie@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('/team-chat/31', {}, SLOW)).toBeTruthy();
    expect(requests.find(({ url }) => url === '/api/auth/register')?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret1',
      role: 'BUYER',
    });
    expect(requests.find(({ url }) => url === '/api/auth/login')?.body).toEqual({
      username: 'newbie',
      password: 'secret1',
    });
  });

  it('starts a guest chat: name checked, guest then room (with the guest token), then /chat/{id}', async () => {
    const requests = api();
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }, SLOW));
    fireEvent.change(screen.getByLabelText(/^Your Name/), { target: { value: 'G' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Your Name/), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    expect(await screen.findByText('/chat/55?guest_token=guest-secret', {}, SLOW)).toBeTruthy();
    expect(requests.map(({ url, body }) => [url, body])).toEqual([
      ['/api/guest-users', { name: 'Grace', email: null }],
      ['/api/chat-rooms', { guest_user_id: 8, team_id: 3 }],
    ]);
    expect(headersSentTo(globalThis.fetch, '/api/chat-rooms')?.get('X-Guest-Token')).toBe('guest-secret');
    expect(readGuestSession()).toMatchObject({
      token: 'guest-secret',
      guestUserId: 8,
      name: 'Grace',
      chatRoomId: 55,
      tempUserId: 'guest:8',
    });
  });

  it.each([
    ['/api/guest-users', CHAT_TEXTS.guestCreateFailed],
    ['/api/chat-rooms', CHAT_TEXTS.roomCreateFailed],
  ])('says which step failed when %s fails', async (failing, text) => {
    api(({ url }) => (url === failing ? jsonResponse({ detail: 'Database unavailable' }, 503) : undefined));
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }, SLOW));
    fireEvent.change(screen.getByLabelText(/^Your Name/), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Current location' })).toBeNull();
  });
});
