import { NOTIFICATION_TEXTS, type Notification, type NotificationList } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomSummaryFixture } from '../../features/chat/chat-fixtures';
import { FakeSocket, FakeWebSocket } from '../../test/chat-test-socket';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub';
import { notificationFixture, signIn } from '../../test/fixtures';
import { LocationProbe, renderWithProviders, SLOW } from '../../test/render';
import { HeaderBell } from './header-bell';

beforeEach(() => {
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const notification = notificationFixture;

function listOf(items: Notification[]): NotificationList {
  return {
    items,
    total: items.length,
    unread_count: items.filter((item) => item.read_at === null).length,
    skip: 0,
    limit: 8,
  };
}

/** The server: two unread messages in one room, and the notifications the test holds (newest first). */
function stubServer(state: { notifications: Notification[]; failNotifications?: boolean }) {
  return stubFetch((request: RecordedRequest) => {
    const path = request.url.split('?')[0];
    if (path === '/api/user/chat-rooms') return jsonResponse([roomSummaryFixture({ unread_count: 2 })]);
    if (path === '/api/notifications') {
      if (state.failNotifications) return jsonResponse({ detail: 'Down' }, 503);
      return jsonResponse(listOf(state.notifications));
    }
    const read = /^\/api\/notifications\/(\d+)\/read$/.exec(path ?? '');
    if (read && request.method === 'POST') {
      const id = Number(read[1]);
      state.notifications = state.notifications.map((item) =>
        item.id === id ? { ...item, read_at: new Date().toISOString() } : item,
      );
      return jsonResponse(state.notifications.find((item) => item.id === id));
    }
    if (path === '/api/notifications/read-all' && request.method === 'POST') {
      const marked = state.notifications.filter((item) => item.read_at === null).length;
      state.notifications = state.notifications.map((item) => ({
        ...item,
        read_at: item.read_at ?? new Date().toISOString(),
      }));
      return jsonResponse({ marked });
    }
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

const renderBell = () =>
  renderWithProviders(
    <>
      <HeaderBell myName="ada" />
      <LocationProbe />
    </>,
    { route: '/dashboard' },
  );

function openBell() {
  fireEvent.pointerDown(screen.getByRole('button', { name: /^Notifications/ }), {
    button: 0,
    ctrlKey: false,
  });
  return screen.findByRole('menu', {}, SLOW);
}

const userSocket = () => {
  const sockets = FakeSocket.created.filter((socket) => socket.url.includes('/ws/user'));
  if (sockets.length === 0) throw new Error('no user socket');
  return sockets;
};

describe('the header bell with order notifications', { timeout: 15_000 }, () => {
  it('counts unread notifications and messages in one badge and lists the notifications newest first, each opening its order', async () => {
    stubServer({ notifications: [notification(1), notification(2, { read_at: '2026-01-01T00:00:00Z' })] });
    renderBell();
    // 1 unread notification + 2 unread messages.
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('3');
    const menu = await openBell();
    const orderLinks = (
      await within(menu).findAllByRole('menuitem', { name: /delivered Package/ }, SLOW)
    ).map((item) => [item.textContent?.replace(/\s+/g, ' '), item.getAttribute('href')]);
    expect(orderLinks).toEqual([
      [expect.stringContaining('studio delivered Package 1 (unread)'), '/orders/101'],
      [expect.not.stringContaining('(unread)'), '/orders/102'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: NOTIFICATION_TEXTS.markAllRead })).toBeTruthy();
    // The messages are still there, below.
    expect(within(menu).getByRole('menuitem', { name: 'View All Messages' })).toBeTruthy();
  });

  it('marks a notification read as it is opened, and goes to its order', async () => {
    const requests = stubServer({ notifications: [notification(1), notification(2)] });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' }, SLOW)).toBeTruthy();
    const menu = await openBell();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Package 2/ }, SLOW));
    expect(await screen.findByText('/orders/102', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'POST' && request.url === '/api/notifications/2/read'),
      ).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, SLOW)).toBeTruthy();
  });

  it('marks all as read, leaving only the unread messages in the badge', async () => {
    const requests = stubServer({ notifications: [notification(1), notification(2), notification(3)] });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' }, SLOW)).toBeTruthy();
    const menu = await openBell();
    fireEvent.click(
      await within(menu).findByRole('menuitem', { name: NOTIFICATION_TEXTS.markAllRead }, SLOW),
    );
    // The open menu hides the rest of the page from assistive technology, the bell's button too.
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread', hidden: true }, SLOW),
    ).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/notifications/read-all')).toHaveLength(1);
    // Nothing is left to mark, and the menu stayed open on the same page.
    await waitFor(() =>
      expect(within(menu).queryByRole('menuitem', { name: NOTIFICATION_TEXTS.markAllRead })).toBeNull(),
    );
    expect(screen.getByText('/dashboard')).toBeTruthy();
  });

  it('puts a notification the socket brings at the top at once', async () => {
    stubServer({ notifications: [notification(1, { read_at: '2026-01-01T00:00:00Z' })] });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(userSocket().every((socket) => socket.readyState === 1)).toBe(true));
    for (const socket of userSocket()) {
      socket.serverSends({
        type: 'notification_created',
        notification: notification(9, { text: 'studio delivered Fresh work', order_id: 7 }),
      });
    }
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, SLOW)).toBeTruthy();
    const menu = await openBell();
    const first = (await within(menu).findAllByRole('menuitem', { name: /delivered/ }, SLOW))[0]!;
    expect(first.textContent).toContain('studio delivered Fresh work');
    expect(first.getAttribute('href')).toBe('/orders/7');
  });

  it("says 'No notifications yet' when there are none, and explains a failed load with a retry", async () => {
    const state = { notifications: [] as Notification[], failNotifications: true };
    stubServer(state);
    renderBell();
    const menu = await openBell();
    expect(await within(menu).findByText(NOTIFICATION_TEXTS.loadFailed, {}, SLOW)).toBeTruthy();
    state.failNotifications = false;
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Retry notifications' }));
    expect(await within(menu).findByText(NOTIFICATION_TEXTS.empty, {}, SLOW)).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: NOTIFICATION_TEXTS.markAllRead })).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread', hidden: true }, SLOW),
    ).toBeTruthy();
  });
});
