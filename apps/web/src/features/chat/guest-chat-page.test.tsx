import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, withOverride, type FetchOverride } from '../../test/fetch-stub';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { messageFixture, roomSummaryFixture, teamDetailFixture } from './chat-fixtures';
import { FakeSocket, FakeWebSocket, headersSentTo, lastSocket } from '../../test/chat-test-socket';
import { GUEST_DASHBOARD_FALLBACK, GuestDashboardPage, UPGRADE_PATH } from './guest-dashboard-page';
import { GUEST_SESSION_EXPIRED, GuestChatPage } from './guest-chat-page';
import { storeGuestFixture } from '../../test/fixtures';
import { readGuestSession } from '../../lib/guest-session';

beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function api(override: FetchOverride = () => undefined) {
  return stubFetch(
    withOverride(override, (request) => {
      const { pathname } = new URL(request.url, 'http://localhost');
      if (pathname === '/api/chat-rooms/55/access') {
        return jsonResponse({ chat_room_id: 55, team_id: 3, team_name: 'Pixel Crew', role: 'guest' });
      }
      if (pathname === '/api/chat-rooms/55/messages') {
        return jsonResponse({
          items: [
            messageFixture({
              id: 1,
              chat_room_id: 55,
              sender_id: 'guest:8',
              sender_name: 'Grace',
              sender_role: 'guest',
              message_text: 'Hi there',
            }),
            messageFixture({
              id: 2,
              chat_room_id: 55,
              sender_id: 'user:20',
              sender_name: 'bo_admin',
              sender_role: 'admin',
              message_text: 'Welcome!',
            }),
          ],
          next_before: null,
        });
      }
      if (pathname === '/api/chat-rooms/55/read') return new Response(null, { status: 204 });
      if (pathname === '/api/teams/3') return jsonResponse(teamDetailFixture());
      if (pathname === '/api/user/chat-rooms') {
        return jsonResponse([
          roomSummaryFixture({ chat_room_id: 55, buyer_name: 'Grace', last_message_text: 'Welcome!' }),
        ]);
      }
      return jsonResponse({ detail: 'Not Found' }, 404);
    }),
  );
}

describe('GuestChatPage', { timeout: 15_000 }, () => {
  it("shows 'Chatting as {name}', sends the guest token to the API and the socket, and no inbox", async () => {
    storeGuestFixture();
    api();
    renderWithProviders(<GuestChatPage />, {
      route: '/chat/55?guest_token=guest-secret',
      path: '/chat/:chatRoomId',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel Crew' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Chatting as Grace')).toBeTruthy();
    expect(screen.getByText('Guest')).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Messages' }, SLOW);
    expect(within(log).getByText('You')).toBeTruthy();
    expect(within(log).getByText('bo_admin')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    expect(headersSentTo(globalThis.fetch, '/api/chat-rooms/55/access')?.get('X-Guest-Token')).toBe(
      'guest-secret',
    );
    expect(headersSentTo(globalThis.fetch, '/api/chat-rooms/55/access')?.get('Authorization')).toBeNull();
    await waitFor(() =>
      expect(lastSocket().url).toBe('ws://localhost:3000/ws/chat/55?guest_token=guest-secret'),
    );
    expect(screen.getByRole('link', { name: 'Guest Dashboard' }).getAttribute('href')).toBe(
      '/guest-dashboard?chat_room_id=55&guest_token=guest-secret',
    );
  });

  it('takes the token from a link opened in another browser', async () => {
    api();
    renderWithProviders(<GuestChatPage />, {
      route: '/chat/55?guest_token=other-token',
      path: '/chat/:chatRoomId',
    });
    expect(await screen.findByText('Chatting as Guest', {}, SLOW)).toBeTruthy();
    expect(readGuestSession()).toMatchObject({ token: 'other-token', chatRoomId: 55, name: null });
    // The room's one guest is the viewer: their words show as their own.
    const log = await screen.findByRole('log', { name: 'Messages' }, SLOW);
    expect(within(log).getByText('You')).toBeTruthy();
  });

  it('explains an expired session (401), offers to start again and forgets the stored guest', async () => {
    storeGuestFixture();
    api(({ url }) =>
      url.endsWith('/access') ? jsonResponse({ detail: 'Your guest session has expired.' }, 401) : undefined,
    );
    renderWithProviders(<GuestChatPage />, {
      route: '/chat/55?guest_token=guest-secret',
      path: '/chat/:chatRoomId',
    });
    expect(await screen.findByText(GUEST_SESSION_EXPIRED, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a New Chat' }).getAttribute('href')).toBe('/teams');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(readGuestSession()).toBeNull());
  });

  it('shows the access-denied view for a room that is not the guest’s', async () => {
    storeGuestFixture();
    api(({ url }) => (url.endsWith('/access') ? jsonResponse({ detail: 'Access denied' }, 403) : undefined));
    renderWithProviders(<GuestChatPage />, {
      route: '/chat/55?guest_token=guest-secret',
      path: '/chat/:chatRoomId',
    });
    expect(await screen.findByText("You don't have permission to access this chat.", {}, SLOW)).toBeTruthy();
  });
});

describe('GuestDashboardPage', { timeout: 15_000 }, () => {
  const renderDashboard = (route: string) =>
    renderWithProviders(<GuestDashboardPage />, {
      route,
      path: '/guest-dashboard',
      extraRoutes: [
        { path: '/', element: <LocationProbe /> },
        { path: '/service/:id', element: <LocationProbe /> },
      ],
    });

  it('redirects to /service/1 without chat_room_id', async () => {
    api();
    renderDashboard('/guest-dashboard?guest_token=guest-secret');
    expect((await screen.findByRole('status', { name: 'Current location' }, SLOW)).textContent).toBe(
      GUEST_DASHBOARD_FALLBACK,
    );
  });

  it('has the tabs Chat, History, Profile and the guest actions', async () => {
    storeGuestFixture();
    api();
    renderDashboard('/guest-dashboard?chat_room_id=55&guest_token=guest-secret');
    expect(await screen.findByRole('heading', { name: 'Your chat with Pixel Crew' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Chatting as Grace')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Chat' }).getAttribute('href')).toBe(
      '/chat/55?guest_token=guest-secret',
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Full Account' }).getAttribute('href')).toBe(
      UPGRADE_PATH,
    );
    expect(screen.getByRole('link', { name: 'Browse Services' }).getAttribute('href')).toBe('/#services');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Chat', 'History', 'Profile']);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'History' }), { button: 0, ctrlKey: false });
    const history = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    expect(within(history).getByRole('link').getAttribute('href')).toBe('/chat/55?guest_token=guest-secret');
  });

  it('ends the session after confirmation: guest data cleared, back to /', async () => {
    storeGuestFixture();
    api();
    renderDashboard('/guest-dashboard?chat_room_id=55&guest_token=guest-secret');
    fireEvent.click(await screen.findByRole('button', { name: 'End Session' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'End Session' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End Session' }));
    expect((await screen.findByRole('status', { name: 'Current location' }, SLOW)).textContent).toBe('/');
    expect(readGuestSession()).toBeNull();
  });
});
