import { describe, expect, it } from 'vitest';
import { clientMessageIdOf, messageSequence } from './chat.mjs';

// What the API's z.uuid() accepts: an RFC 9562 UUID (version 1-8, variant 10xx).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const frame = (event) => Buffer.from(JSON.stringify(event));

describe('the load generator matching receipts to sends', () => {
  it('makes client message ids the API accepts, and reads their counter back out of a new_message frame', () => {
    for (const sequence of [0, 1, 255, 1_000_000, 2 ** 40]) {
      const id = clientMessageIdOf(sequence);
      expect(id).toMatch(UUID);
      const event = {
        type: 'new_message',
        message: { id: 7, sender_name: 'x', message_text: 'hi', client_message_id: id },
      };
      expect(messageSequence(frame(event))).toBe(sequence);
    }
  });

  it('ignores other events, other senders\u2019 ids and cut frames', () => {
    const id = clientMessageIdOf(5);
    expect(
      messageSequence(frame({ type: 'message_failed', client_message_id: id, detail: 'x' })),
    ).toBeUndefined();
    expect(messageSequence(frame({ type: 'user_joined', user_id: 'user:1' }))).toBeUndefined();
    const foreign = {
      type: 'new_message',
      message: { client_message_id: '0b8c3f9e-2d1a-4c5b-9e7f-000000000005' },
    };
    expect(messageSequence(frame(foreign))).toBeUndefined();
    const whole = frame({ type: 'new_message', message: { client_message_id: id } });
    expect(messageSequence(whole.subarray(0, whole.length - 20))).toBeUndefined();
    expect(messageSequence('not a buffer')).toBeUndefined();
  });
});
