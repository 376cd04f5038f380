import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderWithProviders, SLOW } from '../../../test/render';
import { roomSummaryFixture } from '../chat-fixtures';
import { FakeSocket, FakeWebSocket, lastSocket } from '../../../test/chat-test-socket';
import { NOTIFICATIONS_FAILED, NotificationBell } from './notification-bell';

beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function rooms(count: number, unread: (index: number) => number) {
  return Array.from({ length: count }, (_, index) =>
    roomSummaryFixture({
      chat_room_id: index + 1,
      team_name: `Team ${index + 1}`,
      unread_count: unread(index),
    }),
  );
}

function openBell() {
  const trigger = screen.getByRole('button', { name: /^Notifications/ });
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false });
  return screen.findByRole('menu', {}, SLOW);
}

const renderBell = () => renderWithProviders(<NotificationBell myName="ada" />);

describe('NotificationBell', { timeout: 15_000 }, () => {
  it('adds up the unread counts and lists the first 5 rooms with View All Messages', async () => {
    stubFetch(() => jsonResponse(rooms(7, (index) => index)));
    renderBell();
    // 0 + 1 + ... + 6 = 21
    expect(await screen.findByRole('button', { name: 'Notifications, 21 unread' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('21');
    const menu = await openBell();
    const items = within(menu).getAllByRole('menuitem');
    const roomLinks = items.filter((item) => item.getAttribute('href')?.startsWith('/team-chat/'));
    expect(roomLinks.map((item) => item.getAttribute('href'))).toEqual([
      '/team-chat/1',
      '/team-chat/2',
      '/team-chat/3',
      '/team-chat/4',
      '/team-chat/5',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'View All Messages' }).getAttribute('href')).toBe(
      '/messages',
    );
  });

  it("shows '99+' above 99", async () => {
    stubFetch(() => jsonResponse(rooms(2, () => 60)));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 120 unread' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('99+');
  });

  it("says 'No messages yet' and shows no badge when there is nothing", async () => {
    stubFetch(() => jsonResponse([]));
    renderBell();
    const menu = await openBell();
    expect(await within(menu).findByText('No messages yet', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('explains a failed load and retries', async () => {
    let failing = true;
    stubFetch(() => (failing ? jsonResponse({ detail: 'Down' }, 503) : jsonResponse(rooms(1, () => 2))));
    renderBell();
    const menu = await openBell();
    expect(await within(menu).findByText(NOTIFICATIONS_FAILED, {}, SLOW)).toBeTruthy();
    failing = false;
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Retry' }));
    // The menu stays open and now lists the room.
    expect(await within(menu).findByRole('menuitem', { name: /Team 1/ }, SLOW)).toBeTruthy();
    expect(within(menu).queryByText(NOTIFICATIONS_FAILED)).toBeNull();
  });

  it('refetches when the user socket says the inbox changed, so the count rises and falls', async () => {
    let unread = 1;
    stubFetch(() => jsonResponse(rooms(1, () => unread)));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(lastSocket().url).toBe('ws://localhost:3000/ws/user?access_token=access-1'));
    unread = 3;
    lastSocket().serverSends({ type: 'inbox_changed', chat_room_id: 1 });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, SLOW)).toBeTruthy();
    unread = 0;
    lastSocket().serverSends({ type: 'inbox_changed', chat_room_id: 1 });
    expect(await screen.findByRole('button', { name: 'Notifications' }, SLOW)).toBeTruthy();
  });
});
