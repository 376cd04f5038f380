import { NOTIFICATION_TEXTS, type Notification, type NotificationList } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { notificationFixture, signIn } from '../../test/fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { NotificationsPage } from './notifications-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function pageOf(all: Notification[], url: string): NotificationList {
  const query = new URL(url, 'http://localhost').searchParams;
  const skip = Number(query.get('skip') ?? 0);
  const limit = Number(query.get('limit') ?? 10);
  const unreadOnly = query.get('unread') === 'true';
  const listed = unreadOnly ? all.filter((item) => item.read_at === null) : all;
  return {
    items: listed.slice(skip, skip + limit),
    total: listed.length,
    unread_count: all.filter((item) => item.read_at === null).length,
    skip,
    limit,
  };
}

function renderPage(all: Notification[]) {
  signIn();
  const requests = stubFetch(({ url, method }) => {
    if (url.startsWith('/api/notifications?')) return jsonResponse(pageOf(all, url));
    if (method === 'POST' && url === '/api/notifications/read-all') return jsonResponse({ marked: 1 });
    if (method === 'POST') return jsonResponse({ ...all[0]!, read_at: '2026-01-01T00:00:00Z' });
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
  renderWithProviders(<NotificationsPage />, { route: '/notifications', path: '/notifications' });
  return requests;
}

describe('NotificationsPage', () => {
  it('lists the notifications with unread ones marked, and loads more a page at a time', async () => {
    const all = Array.from({ length: 12 }, (_, index) =>
      notificationFixture(index + 1, index === 0 ? {} : { read_at: '2026-01-01T00:00:00Z' }),
    );
    all[1] = notificationFixture(2, {
      kind: 'application_received',
      order_id: null,
      link: '/teams/manage',
      text: 'sam applied to join Studio',
    });
    renderPage(all);
    const list = await screen.findByRole('list', { name: NOTIFICATION_TEXTS.pageTitle }, SLOW);
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(
      within(list)
        .getByRole('link', { name: /sam applied to join Studio/ })
        .getAttribute('href'),
    ).toBe('/teams/manage');
    expect(within(list).getByRole('link', { name: /Package 1\b.*unread/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: NOTIFICATION_TEXTS.loadMore })).toBeNull();
  });

  it('filters to the unread ones, and says when there are none', async () => {
    const requests = renderPage([notificationFixture(1, { read_at: '2026-01-01T00:00:00Z' })]);
    await screen.findByRole('list', { name: NOTIFICATION_TEXTS.pageTitle }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.filterUnread }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.emptyUnread, {}, SLOW)).toBeTruthy();
    expect(requests.some((request) => request.url.includes('unread=true'))).toBe(true);
    expect(
      screen.getByRole('button', { name: NOTIFICATION_TEXTS.filterUnread }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('marks one read as it is opened, and all with "Mark all as read"', async () => {
    const requests = renderPage([notificationFixture(1), notificationFixture(2)]);
    const list = await screen.findByRole('list', { name: NOTIFICATION_TEXTS.pageTitle }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }));
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/api/notifications/read-all')).toBe(true),
    );
    fireEvent.click(within(list).getByRole('link', { name: /Package 2/ }));
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/api/notifications/2/read')).toBe(true),
    );
  });

  it('shows the empty state when there are no notifications', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { name: NOTIFICATION_TEXTS.empty }, SLOW)).toBeTruthy();
  });
});
