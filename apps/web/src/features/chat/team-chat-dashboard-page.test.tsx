import { CHAT_TEXTS, OFFER_TEXTS } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { roomSummaryFixture, teamDetailFixture } from './chat-fixtures';
import { TeamChatDashboardPage } from './team-chat-dashboard-page';

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
});

function api(rooms: () => Response) {
  return stubFetch(({ url }) => {
    if (url === '/api/teams/3/chat-rooms') return rooms();
    if (url === '/api/teams/3') return jsonResponse(teamDetailFixture());
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

const renderPage = (route = '/team-chat-dashboard/3') =>
  renderWithProviders(<TeamChatDashboardPage />, { route, path: '/team-chat-dashboard/:teamId' });

describe('TeamChatDashboardPage', { timeout: 15_000 }, () => {
  it("shows each conversation's latest offer and its state", async () => {
    api(() =>
      jsonResponse([
        roomSummaryFixture({
          buyer_name: 'ada',
          latest_offer: { id: 40, title: 'Booking site', price: 5600, state: 'declined' },
        }),
        roomSummaryFixture({ chat_room_id: 13, buyer_name: 'Grace', latest_offer: null }),
      ]),
    );
    renderPage();
    const ada = await screen.findByRole('article', { name: 'ada' }, SLOW);
    expect(within(ada).getByText(OFFER_TEXTS.customOffer)).toBeTruthy();
    expect(within(ada).getByText('Booking site')).toBeTruthy();
    expect(within(ada).getByText('$5,600.00')).toBeTruthy();
    expect(within(ada).getByText('Declined')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Grace' })).queryByText(OFFER_TEXTS.customOffer),
    ).toBeNull();
  });

  it('shows a card per conversation and the total, unread and active counts', async () => {
    api(() =>
      jsonResponse([
        roomSummaryFixture({ buyer_name: 'ada', unread_count: 2, last_message_text: 'Hello team' }),
        roomSummaryFixture({ chat_room_id: 13, buyer_name: 'Grace', status: 'archived', unread_count: 0 }),
      ]),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pixel Crew · Team Chats' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByLabelText('Conversation statistics').textContent).toBe(
      'Total Conversations2Unread1Active1',
    );
    const ada = screen.getByRole('article', { name: 'ada' });
    expect(within(ada).getByText('Hello team')).toBeTruthy();
    expect(within(ada).getByText('Active')).toBeTruthy();
    expect(within(ada).getByText('2')).toBeTruthy();
    expect(within(ada).getByRole('link', { name: 'Reply to ada' }).getAttribute('href')).toBe(
      '/team-chat/12',
    );
    expect(within(screen.getByRole('article', { name: 'Grace' })).getByText('Archived')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('offers Manage Team Settings when there is no conversation, and Refresh asks again', async () => {
    const requests = api(() => jsonResponse([]));
    renderPage();
    expect(await screen.findByText('No conversations yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Team Settings' }).getAttribute('href')).toBe(
      '/teams/manage',
    );
    const asked = () => requests.filter(({ url }) => url === '/api/teams/3/chat-rooms').length;
    const before = asked();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it.each([401, 403, 404])('shows the Access Denied view on %i', async (status) => {
    api(() => jsonResponse({ detail: 'Access denied' }, status));
    renderPage();
    expect(await screen.findByRole('heading', { name: CHAT_TEXTS.teamDashboardDenied }, SLOW)).toBeTruthy();
    expect(screen.getByText(CHAT_TEXTS.teamDashboardNoPermission)).toBeTruthy();
    expect(screen.getByText(CHAT_TEXTS.teamDashboardHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('offers Retry when the server is in trouble', async () => {
    let failing = true;
    api(() => (failing ? jsonResponse({}, 503) : jsonResponse([roomSummaryFixture()])));
    renderPage();
    expect(await screen.findByText(CHAT_TEXTS.loadFailed, {}, SLOW)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'ada' }, SLOW)).toBeTruthy();
  });
});
