import { describe, expect, it } from 'vitest';
import type { Offer } from '@teamhire/shared';
import { listeningChatSuite } from '../../../test/chat-helpers';

const offerBody = {
  title: 'Landing page redesign',
  description: 'A new landing page with the sections we talked about, responsive.',
  price: 800,
  duration_days: 10,
  revisions: 1,
};

describe('offers live: both sides see the card at once and every change of it', () => {
  const suite = listeningChatSuite({ guestName: 'Live Guest' });

  async function send(roomId: number) {
    const response = await suite.fixtures.call(
      'POST',
      `/api/chat-rooms/${roomId}/offers`,
      suite.team.admin,
      offerBody,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Offer>();
  }

  it("the buyer's and the team's sockets get the card, then its decline", async () => {
    const buyerSocket = await suite.sockets.joinAs(suite.roomId, suite.customer);
    const teamSocket = await suite.sockets.joinAs(suite.roomId, suite.team.admin);
    const offer = await send(suite.roomId);
    for (const socket of [buyerSocket, teamSocket]) {
      const card = await socket.newMessage((message) => message.offer?.id === offer.id);
      expect(card).toMatchObject({ message_type: 'offer', offer: { state: 'pending', price: 800 } });
    }
    const declined = await suite.fixtures.call('POST', `/api/offers/${offer.id}/decline`, suite.customer);
    expect(declined.statusCode, declined.body).toBe(200);
    for (const socket of [buyerSocket, teamSocket]) {
      const event = await socket.next('offer_updated', (each) => each.offer.id === offer.id);
      expect(event.offer).toMatchObject({ state: 'declined', chat_room_id: suite.roomId });
    }
  });

  it("a guest's socket sees the card and its withdrawal", async () => {
    const guestSocket = await suite.sockets.joinAs(suite.guestRoomId, suite.guest);
    const offer = await send(suite.guestRoomId);
    await guestSocket.newMessage((message) => message.offer?.id === offer.id);
    const withdrawn = await suite.fixtures.call(
      'POST',
      `/api/offers/${offer.id}/withdraw`,
      suite.team.members[0],
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const event = await guestSocket.next('offer_updated', (each) => each.offer.id === offer.id);
    expect(event.offer.state).toBe('withdrawn');
  });
});
