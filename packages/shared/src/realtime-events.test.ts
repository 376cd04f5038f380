import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChatMessage } from './chat';
import type { OrderEventType } from './deliveries';
import type { Notification } from './notifications';
import type { Offer } from './offers';
import type { OrderStatus } from './orders';
import {
  isServerEventType,
  serverEventSchema,
  serverEventSchemas,
  type ServerEvent,
  type ServerEvents,
  type ServerEventType,
} from './realtime-events';

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
  state: 'pending',
  order_id: null,
  created_at: '2025-06-01T10:00:00.000Z',
  state_changed_at: null,
};

/** A text message as `toMessageResponse` builds it: no file, no offer (null, not absent). */
const textMessage: ChatMessage = {
  id: 81,
  chat_room_id: 12,
  sender_id: 'guest:5',
  sender_name: 'Ada',
  sender_role: 'guest',
  message_text: 'Hello there',
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

const notification: Notification = {
  id: 9,
  kind: 'delivered',
  order_id: 70,
  link: '/orders/70',
  chat_room_id: null,
  text: 'Pixel Studio delivered the order',
  created_at: '2025-06-01T10:00:00.000Z',
  read_at: null,
};

/** One event of every type, as the server builds it (the compiler checks that none is missing). */
const samples: { [K in ServerEventType]: Extract<ServerEvent, { type: K }> } = {
  new_message: { type: 'new_message', message: textMessage },
  user_joined: { type: 'user_joined', user_id: 'user:7', name: 'ada' },
  user_left: { type: 'user_left', user_id: 'guest:5', name: 'Ada' },
  typing_status: { type: 'typing_status', user_id: 'user:7', name: 'ada', is_typing: true },
  pong: { type: 'pong', at: 1_748_772_000_000 },
  inbox_changed: { type: 'inbox_changed', chat_room_id: 12 },
  message_failed: { type: 'message_failed', client_message_id: null, detail: 'Failed to send message.' },
  sessions_ended: { type: 'sessions_ended', session_ids: null, except_session_id: 'session-1' },
  room_access_changed: { type: 'room_access_changed', team_id: 3 },
  order_updated: { type: 'order_updated', order_id: 70, status: 'delivered', event: 'delivered' },
  notification_created: { type: 'notification_created', notification },
  offer_updated: {
    type: 'offer_updated',
    offer: { ...offer, state: 'withdrawn', state_changed_at: '2025-06-02T10:00:00.000Z' },
  },
};

/** What a browser receives: the event through JSON, as the socket sends it. */
const overTheWire = (event: unknown): unknown => JSON.parse(JSON.stringify(event));

describe('server event schemas', () => {
  it('parse a sample of every event type the server sends', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(serverEventSchemas).sort());
    for (const [type, event] of Object.entries(samples)) {
      const wire = overTheWire(event);
      expect(serverEventSchema.safeParse(wire).error?.issues, type).toBeUndefined();
      expect(serverEventSchemas[type as ServerEventType].parse(wire), type).toEqual(event);
    }
  });

  it('parse the other shapes the server sends: files, offer cards, listed sessions, a read notification', () => {
    const events: ServerEvent[] = [
      {
        type: 'new_message',
        message: {
          ...textMessage,
          sender_id: 'user:0',
          sender_name: 'Former member',
          sender_role: 'member',
          message_type: 'image',
          message_text: 'photo.png',
          file_url: '/api/chat-files/abc',
          thumbnail_url: '/api/chat-files/abc/thumbnail',
          file_name: 'photo.png',
          file_size: 2048,
          file_kind: 'image',
        },
      },
      {
        type: 'new_message',
        message: { ...textMessage, sender_role: 'admin', message_type: 'offer', offer },
      },
      { type: 'message_failed', client_message_id: textMessage.client_message_id, detail: 'Access denied' },
      { type: 'sessions_ended', session_ids: ['session-1', 'session-2'], except_session_id: null },
      {
        type: 'notification_created',
        notification: {
          ...notification,
          kind: 'offer_received',
          order_id: null,
          chat_room_id: 12,
          read_at: '2025-06-01T11:00:00.000Z',
        },
      },
      { type: 'order_updated', order_id: 70, status: 'cancelled', event: 'payment_failed' },
    ];
    for (const event of events) expect(serverEventSchema.parse(overTheWire(event))).toEqual(event);
  });

  it('tolerate fields a newer server adds, and drop them', () => {
    const parsed = serverEventSchema.parse({
      type: 'typing_status',
      user_id: 'user:7',
      name: 'ada',
      is_typing: false,
      since: 'later',
    });
    expect(parsed).toEqual({ type: 'typing_status', user_id: 'user:7', name: 'ada', is_typing: false });
  });

  it('refuse a wrong field type, a missing field and an unknown type', () => {
    const wrongType = serverEventSchema.safeParse({ type: 'inbox_changed', chat_room_id: '12' });
    expect(wrongType.error?.issues.map((issue) => issue.path)).toEqual([['chat_room_id']]);
    const missing = serverEventSchema.safeParse({
      type: 'new_message',
      message: { ...textMessage, created_at: undefined },
    });
    expect(missing.error?.issues.map((issue) => issue.path)).toEqual([['message', 'created_at']]);
    const badEnum = serverEventSchema.safeParse({ ...samples.order_updated, status: 'lost' });
    expect(badEnum.success).toBe(false);
    expect(serverEventSchema.safeParse({ type: 'mystery' }).success).toBe(false);
  });

  it('know an event type only by its own key', () => {
    expect(isServerEventType('new_message')).toBe(true);
    for (const type of ['mystery', 'constructor', '__proto__', 'toString', 1, null, undefined]) {
      expect(isServerEventType(type), String(type)).toBe(false);
    }
    for (const [type, schema] of Object.entries(serverEventSchemas)) {
      expect(schema.shape.type.value).toBe(type);
    }
  });

  it('keep the payload types the server is typed by', () => {
    expectTypeOf<ServerEvents['new_message']>().toEqualTypeOf<{ message: ChatMessage }>();
    expectTypeOf<ServerEvents['user_joined']>().toEqualTypeOf<{ user_id: string; name: string }>();
    expectTypeOf<ServerEvents['user_left']>().toEqualTypeOf<{ user_id: string; name: string }>();
    expectTypeOf<ServerEvents['typing_status']>().toEqualTypeOf<{
      user_id: string;
      name: string;
      is_typing: boolean;
    }>();
    expectTypeOf<ServerEvents['pong']>().toEqualTypeOf<{ at: number }>();
    expectTypeOf<ServerEvents['inbox_changed']>().toEqualTypeOf<{ chat_room_id: number }>();
    expectTypeOf<ServerEvents['message_failed']>().toEqualTypeOf<{
      client_message_id: string | null;
      detail: string;
    }>();
    expectTypeOf<ServerEvents['sessions_ended']>().toEqualTypeOf<{
      session_ids: string[] | null;
      except_session_id: string | null;
    }>();
    expectTypeOf<ServerEvents['room_access_changed']>().toEqualTypeOf<{ team_id: number }>();
    expectTypeOf<ServerEvents['order_updated']>().toEqualTypeOf<{
      order_id: number;
      status: OrderStatus;
      event: OrderEventType;
    }>();
    expectTypeOf<ServerEvents['notification_created']>().toEqualTypeOf<{ notification: Notification }>();
    expectTypeOf<ServerEvents['offer_updated']>().toEqualTypeOf<{ offer: Offer }>();
    expectTypeOf<keyof ServerEvents>().toEqualTypeOf<ServerEventType>();
  });
});
