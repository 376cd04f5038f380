import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFixture } from '../../features/chat/chat-fixtures';
import { TeamChatPage } from '../../features/chat/team-chat-page';
import { FakeSocket, FakeWebSocket, lastSocket } from '../../test/chat-test-socket';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { signIn, userFixture } from '../../test/fixtures';
import { offerFixture } from '../../test/offer-fixtures';
import { renderWithProviders, SLOW } from '../../test/render';
import { offerChatExtensions } from './offer-chat-extensions';

const offerMessage = messageFixture({
  id: 2,
  sender_id: 'user:9',
  sender_name: 'lead',
  sender_role: 'admin',
  message_type: 'offer',
  message_text: 'Custom offer: Booking site in three weeks',
  offer: offerFixture(),
});

function api(role: 'buyer' | 'admin') {
  stubFetch(({ url, method }) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/auth/me') return jsonResponse(userFixture());
    if (pathname === '/api/chat-rooms/12/access') {
      return jsonResponse({ chat_room_id: 12, team_id: 3, team_name: 'Pixel Crew', role });
    }
    if (pathname === '/api/chat-rooms/12/messages' && method === 'GET') {
      return jsonResponse({ items: [messageFixture(), offerMessage], next_before: null });
    }
    if (pathname === '/api/chat-rooms/12/read') return new Response(null, { status: 204 });
    if (pathname === '/api/user/chat-rooms') return jsonResponse([]);
    return jsonResponse({ detail: 'Not Found' }, 404);
  });
}

function renderChat() {
  return renderWithProviders(<TeamChatPage extensions={offerChatExtensions} />, {
    route: '/team-chat/12',
    path: '/team-chat/:chatRoomId',
  });
}

beforeEach(() => {
  signIn();
  FakeSocket.created = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('offers in the chat', () => {
  it('draws an offer message as its card for the buyer, without the Offer button, and updates it live', async () => {
    api('buyer');
    renderChat();
    const card = await screen.findByRole('article', { name: 'Booking site in three weeks' }, SLOW);
    expect(within(card).getByRole('link', { name: 'Accept and pay' })).toBeTruthy();
    expect(screen.getByText('Hello team')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Offer' })).toBeNull();

    await waitFor(() => expect(lastSocket().readyState).toBe(1));
    lastSocket().serverSends({ type: 'offer_updated', offer: offerFixture({ state: 'withdrawn' }) });
    await waitFor(() => expect(within(card).getAllByText('Withdrawn')).toHaveLength(2));
    expect(within(card).queryByRole('link', { name: 'Accept and pay' })).toBeNull();
  });

  it("gives the team the composer's Offer button and Withdraw on the card", async () => {
    api('admin');
    renderChat();
    const card = await screen.findByRole('article', { name: 'Booking site in three weeks' }, SLOW);
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    expect(await screen.findByRole('dialog', { name: 'Send a Custom Offer' })).toBeTruthy();
  });
});
