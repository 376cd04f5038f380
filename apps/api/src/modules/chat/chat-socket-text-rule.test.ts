import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTER_MESSAGE } from '@teamhire/shared';
import type { ErrorBody } from '../../../test/accounts-helpers';
import { listeningChatSuite, sleep } from '../../../test/chat-helpers';

/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 300;
/** Sent as a probe sends them: JSON.stringify writes the lone surrogate as the escape `\ud800`. */
const BAD_TEXTS = ['bell \u0007', '\u001b[31mred\u001b[0m', 'lone \ud800 half', 'x\u0000y'];

/**
 * The socket's message path passes the text rule REST bodies pass: a message REST would refuse with
 * 422 is refused on the socket too, in the same words, and is neither stored nor delivered.
 */
describe('chat socket text rule', () => {
  const chat = listeningChatSuite({ guestName: 'Tex' });

  const storedCount = async () =>
    Number(
      (
        await chat.fixtures.query<{ count: string }>(
          'select count(*) as count from chat_messages where chat_room_id = $1',
          [chat.roomId],
        )
      )[0]!.count,
    );

  it.each(BAD_TEXTS)(
    'refuses %j over the socket as REST does, storing and delivering nothing',
    async (text) => {
      const rest = await chat.fixtures.call(
        'POST',
        `/api/chat-rooms/${chat.roomId}/messages`,
        chat.customer,
        {
          message_text: text,
        },
      );
      expect(rest.statusCode, rest.body).toBe(422);
      const restDetail = rest.json<ErrorBody>().detail;
      expect(restDetail).toBe(FORBIDDEN_CHARACTER_MESSAGE);

      const adminSocket = await chat.sockets.joinAs(chat.roomId, chat.team.admin);
      const buyerSocket = await chat.sockets.joinAs(chat.roomId, chat.customer);
      const before = await storedCount();
      const clientMessageId = randomUUID();
      buyerSocket.send({ type: 'message', text, client_message_id: clientMessageId });
      const failed = await buyerSocket.next('message_failed');
      expect(failed).toEqual({
        type: 'message_failed',
        client_message_id: clientMessageId,
        detail: restDetail,
      });

      // A clean message after it still goes through, and is all the other party receives.
      const cleanId = randomUUID();
      buyerSocket.send({ type: 'message', text: 'A clean message', client_message_id: cleanId });
      await adminSocket.newMessage((message) => message.client_message_id === cleanId);
      await sleep(QUIET_MS);
      expect(adminSocket.all('new_message').map((event) => event.message.client_message_id)).toEqual([
        cleanId,
      ]);
      expect(adminSocket.all('message_failed')).toEqual([]);
      expect(await storedCount()).toBe(before + 1);
    },
  );
});
