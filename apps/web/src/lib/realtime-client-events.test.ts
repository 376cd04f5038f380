import type { ChatMessage, Offer, ServerEvent, ServerEventType } from '@teamhire/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest';
import { RealtimeClient } from './realtime-client';
import { FakeSocket, lastSocket } from '../test/chat-test-socket';

const offer: Offer = {
  id: 4,
  chat_room_id: 12,
  team_id: 3,
  team_name: 'Pixel Studio',
  title: 'Landing page',
  description: 'A landing page with three sections and a contact form.',
  price: 149.5,
  duration_days: 5,
  revisions: 2,
  expires_at: '2025-06-08T10:00:00.000Z',
  state: 'withdrawn',
  order_id: null,
  created_at: '2025-06-01T10:00:00.000Z',
  state_changed_at: '2025-06-02T10:00:00.000Z',
};

const message: ChatMessage = {
  id: 81,
  chat_room_id: 12,
  sender_id: 'user:7',
  sender_name: 'ada',
  sender_role: 'buyer',
  message_text: 'A secret plan',
  message_type: 'text',
  file_url: null,
  thumbnail_url: null,
  file_name: null,
  file_size: null,
  file_kind: null,
  client_message_id: '0b7b5a4e-8a55-4c2e-9d39-5d3f6d1f8a10',
  created_at: '2025-06-01T10:00:00.000Z',
  offer: null,
};

/** One event of each type, as the server sends it. */
const events: { [K in ServerEventType]: Extract<ServerEvent, { type: K }> } = {
  new_message: { type: 'new_message', message },
  user_joined: { type: 'user_joined', user_id: 'user:7', name: 'ada' },
  user_left: { type: 'user_left', user_id: 'guest:5', name: 'Bo' },
  typing_status: { type: 'typing_status', user_id: 'user:7', name: 'ada', is_typing: true },
  pong: { type: 'pong', at: 1_748_772_000_000 },
  inbox_changed: { type: 'inbox_changed', chat_room_id: 12 },
  message_failed: { type: 'message_failed', client_message_id: null, detail: 'Access denied' },
  sessions_ended: { type: 'sessions_ended', session_ids: ['session-1'], except_session_id: null },
  room_access_changed: { type: 'room_access_changed', team_id: 3 },
  order_updated: { type: 'order_updated', order_id: 70, status: 'disputed', event: 'dispute_opened' },
  notification_created: {
    type: 'notification_created',
    notification: {
      id: 9,
      kind: 'delivered',
      order_id: 70,
      chat_room_id: null,
      link: '/orders/70',
      text: 'Pixel Studio delivered the order',
      created_at: '2025-06-01T10:00:00.000Z',
      read_at: null,
    },
  },
  offer_updated: { type: 'offer_updated', offer },
};
const TYPES = Object.keys(events) as ServerEventType[];

type EventSpy = (event: unknown) => void;

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  FakeSocket.created = [];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

/** A connected client with a spy for every event type. */
function connected() {
  const handlers = Object.fromEntries(TYPES.map((type) => [type, vi.fn<EventSpy>()])) as Record<
    ServerEventType,
    Mock<EventSpy>
  >;
  const realtime = new RealtimeClient({
    path: '/ws/chat/12',
    getToken: () => 'token-1',
    createSocket: (url) => new FakeSocket(url),
    origin: { protocol: 'https:', host: 'teamhire.example' },
    handlers,
  });
  realtime.connect();
  lastSocket().serverOpens();
  return { handlers, socket: lastSocket() };
}

function calledHandlers(handlers: Record<ServerEventType, Mock<EventSpy>>) {
  return TYPES.filter((type) => handlers[type].mock.calls.length > 0);
}

describe('RealtimeClient events', () => {
  it.each(TYPES)('hands a valid %s event to its handler only, parsed', (type) => {
    const { handlers, socket } = connected();
    // A field a newer server added is tolerated, and not handed on.
    socket.serverSends({ ...events[type], added_later: 'by a newer server' });
    expect(calledHandlers(handlers)).toEqual([type]);
    expect(handlers[type]).toHaveBeenCalledTimes(1);
    expect(handlers[type]).toHaveBeenCalledWith(events[type]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops an event whose field has the wrong type, and logs its type and paths, not its content', () => {
    const { handlers, socket } = connected();
    socket.serverSends({ type: 'new_message', message: { ...message, id: '81', created_at: null } });
    socket.serverSends({ type: 'typing_status', user_id: 'user:7', name: 'ada', is_typing: 'yes' });
    socket.serverSends({ type: 'offer_updated', offer: { ...offer, state: 'lost' } });
    socket.serverSends({ type: 'inbox_changed' });
    expect(calledHandlers(handlers)).toEqual([]);
    expect(warn.mock.calls).toEqual([
      [
        'Dropped a malformed realtime event',
        {
          type: 'new_message',
          issues: [
            { path: 'message.id', code: 'invalid_type' },
            { path: 'message.created_at', code: 'invalid_type' },
          ],
        },
      ],
      [
        'Dropped a malformed realtime event',
        { type: 'typing_status', issues: [{ path: 'is_typing', code: 'invalid_type' }] },
      ],
      [
        'Dropped a malformed realtime event',
        { type: 'offer_updated', issues: [{ path: 'offer.state', code: 'invalid_value' }] },
      ],
      [
        'Dropped a malformed realtime event',
        { type: 'inbox_changed', issues: [{ path: 'chat_room_id', code: 'invalid_type' }] },
      ],
    ]);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain('A secret plan');
    expect(logged).not.toContain('Landing page');
  });

  it('drops an event of an unknown type, or of none, and logs the type only', () => {
    const { handlers, socket } = connected();
    socket.serverSends({ type: 'mystery', secret: 'A secret plan' });
    socket.serverSends({ type: 'constructor' });
    socket.serverSends({ type: '__proto__' });
    socket.serverSends({ message });
    socket.serverSends({ type: 7 });
    socket.serverSends([events.pong]);
    socket.serverSends(null);
    socket.serverSends({ type: 'x'.repeat(500) });
    expect(calledHandlers(handlers)).toEqual([]);
    expect(warn.mock.calls).toEqual([
      ['Dropped a realtime event of unknown type', { type: 'mystery' }],
      ['Dropped a realtime event of unknown type', { type: 'constructor' }],
      ['Dropped a realtime event of unknown type', { type: '__proto__' }],
      ['Dropped a realtime event of unknown type', { type: '(none)' }],
      ['Dropped a realtime event of unknown type', { type: '(number)' }],
      ['Dropped a realtime event of unknown type', { type: '(none)' }],
      ['Dropped a realtime event of unknown type', { type: '(none)' }],
      ['Dropped a realtime event of unknown type', { type: `${'x'.repeat(64)}...` }],
    ]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('A secret plan');
  });

  it('drops a frame that is not JSON, or not text, and logs that without its content', () => {
    const { handlers, socket } = connected();
    socket.onmessage?.({ data: 'not json: A secret plan' });
    socket.onmessage?.({ data: '{"type":"pong","at":' });
    socket.onmessage?.({ data: new ArrayBuffer(4) });
    expect(calledHandlers(handlers)).toEqual([]);
    expect(warn.mock.calls).toEqual([
      ['Dropped a realtime frame that is not JSON'],
      ['Dropped a realtime frame that is not JSON'],
      ['Dropped a realtime frame that is not text'],
    ]);
    // The connection itself goes on: the next good event is handled.
    socket.serverSends(events.inbox_changed);
    expect(handlers.inbox_changed).toHaveBeenCalledWith(events.inbox_changed);
  });

  it('runs no handler at all for a dropped event, even with only some handlers given', () => {
    const onMessage = vi.fn();
    new RealtimeClient({
      path: '/ws/user',
      getToken: () => null,
      createSocket: (url) => new FakeSocket(url),
      origin: { protocol: 'http:', host: 'localhost' },
      handlers: { new_message: onMessage },
    }).connect();
    lastSocket().serverOpens();
    lastSocket().serverSends({ type: 'new_message', message: { ...message, sender_role: 'intruder' } });
    lastSocket().serverSends({ type: 'new_message' });
    expect(onMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    lastSocket().serverSends(events.new_message);
    expect(onMessage).toHaveBeenCalledWith(events.new_message);
  });
});
