import { CHAT_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { roomSummaryFixture } from './chat-fixtures';
import { INBOX_EMPTY_TEXTS, MessagesPage } from './messages-page';

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function api(role: 'BUYER' | 'TEAM_ADMIN', inbox: () => Response) {
  return stubFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse(userFixture({ role }));
    if (url === '/api/user/chat-rooms') return inbox();
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

const renderPage = () => renderWithProviders(<MessagesPage />, { route: '/messages', path: '/messages' });

describe('MessagesPage', { timeout: 15_000 }, () => {
  it('lists the conversations with relative times and unread badges', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-04T12:00:00Z'), shouldAdvanceTime: true });
    api('BUYER', () =>
      jsonResponse([
        roomSummaryFixture({ last_message_at: '2025-03-04T11:55:00Z', unread_count: 3 }),
        roomSummaryFixture({
          chat_room_id: 13,
          team_name: 'Cloud Nine',
          last_message_text: 'See you',
          last_message_at: '2025-03-04T09:00:00Z',
          unread_count: 150,
        }),
        roomSummaryFixture({
          chat_room_id: 14,
          team_name: 'Old Friends',
          last_message_at: '2025-02-01T09:00:00Z',
        }),
      ]),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/team-chat/12',
      '/team-chat/13',
      '/team-chat/14',
    ]);
    expect(links[0]?.textContent).toContain('Pixel Crew');
    expect(links[0]?.textContent).toContain('5m ago');
    expect(links[0]?.textContent).toContain('3 unread');
    expect(links[1]?.textContent).toContain('3h ago');
    expect(links[1]?.textContent).toContain('99+');
    expect(links[2]?.textContent).toContain('Feb 1, 2025');
    expect(links[2]?.textContent).not.toContain('unread');
  });

  it('points a buyer without conversations at teams', async () => {
    api('BUYER', () => jsonResponse([]));
    renderPage();
    expect(await screen.findByText(INBOX_EMPTY_TEXTS.buyer, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: CHAT_TEXTS.noMessages })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Teams' }).getAttribute('href')).toBe('/teams');
  });

  it('tells the team side that conversations come from buyers', async () => {
    api('TEAM_ADMIN', () => jsonResponse([]));
    renderPage();
    expect(await screen.findByText(INBOX_EMPTY_TEXTS.other, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Find Teams' })).toBeNull();
  });

  it("shows 'Failed to load messages' with Retry", async () => {
    let failing = true;
    api('BUYER', () => (failing ? jsonResponse({}, 500) : jsonResponse([roomSummaryFixture()])));
    renderPage();
    expect(await screen.findByText(CHAT_TEXTS.inboxFailed, {}, SLOW)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Conversations' }, SLOW)).toBeTruthy();
  });
});
