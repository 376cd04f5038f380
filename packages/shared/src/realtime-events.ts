import { z } from 'zod';
import { chatMessageSchema } from './chat';
import { ORDER_EVENT_TYPES } from './deliveries';
import { notificationSchema } from './notifications';
import { offerSchema } from './offers';
import { ORDER_STATUSES } from './orders';

/**
 * The realtime protocol, server to browser: one schema per event, built from the schemas of the REST
 * answers, so both ends compile against one contract and the web parses every frame like a REST answer.
 * Objects are not strict: a newer server may add a field, which is dropped, never a reason to refuse.
 */

/** A participant as the realtime events name them: `user:{id}` or `guest:{id}`. */
const participantKey = z.string();

const newMessageEvent = z.object({
  type: z.literal('new_message'),
  message: chatMessageSchema,
});
const userJoinedEvent = z.object({
  type: z.literal('user_joined'),
  user_id: participantKey,
  name: z.string(),
});
const userLeftEvent = z.object({
  type: z.literal('user_left'),
  user_id: participantKey,
  name: z.string(),
});
const typingStatusEvent = z.object({
  type: z.literal('typing_status'),
  user_id: participantKey,
  name: z.string(),
  is_typing: z.boolean(),
});
/** The answer to a client's ping (and, on `/ws/user`, to any frame): the server's clock in ms. */
const pongEvent = z.object({
  type: z.literal('pong'),
  at: z.number(),
});
/** On a user's or guest's own channel: unread counts or the last message of a room changed. */
const inboxChangedEvent = z.object({
  type: z.literal('inbox_changed'),
  chat_room_id: z.number().int(),
});
/** To the sender only: a message sent over the socket was not stored, so it is not delivered. */
const messageFailedEvent = z.object({
  type: z.literal('message_failed'),
  client_message_id: z.string().nullable(),
  detail: z.string(),
});
/**
 * Never sent to a browser: travels between instances on a participant's control channel
 * (`control:user:{id}`, `control:guest:{id}`) and closes that participant's open sockets with
 * 4001, all of them (`session_ids` null) or those of the listed sessions, but never the one
 * of `except_session_id`.
 */
const sessionsEndedEvent = z.object({
  type: z.literal('sessions_ended'),
  session_ids: z.array(z.string()).nullable(),
  except_session_id: z.string().nullable(),
});
/**
 * Never sent to a browser: the participant's rights in a team's rooms changed (a member was
 * removed or left); each of their sockets in that team's rooms checks its access again and
 * closes with 4003 when it is gone.
 */
const roomAccessChangedEvent = z.object({
  type: z.literal('room_access_changed'),
  team_id: z.number().int(),
});
/**
 * On the user channel of an order's buyer and of each member of its team: the order changed
 * (`event` is the timeline line just added); reload the order.
 */
const orderUpdatedEvent = z.object({
  type: z.literal('order_updated'),
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  event: z.enum(ORDER_EVENT_TYPES),
});
/** On the user channel of its owner: a notification was just written for them. */
const notificationCreatedEvent = z.object({
  type: z.literal('notification_created'),
  notification: notificationSchema,
});
/**
 * On the room's channel (both sides): an offer sent in the room changed state (accepted, declined,
 * withdrawn, expired); `offer` is the offer as it is now, to update its card in place.
 */
const offerUpdatedEvent = z.object({
  type: z.literal('offer_updated'),
  offer: offerSchema,
});

const serverEventOptions = [
  newMessageEvent,
  userJoinedEvent,
  userLeftEvent,
  typingStatusEvent,
  pongEvent,
  inboxChangedEvent,
  messageFailedEvent,
  sessionsEndedEvent,
  roomAccessChangedEvent,
  orderUpdatedEvent,
  notificationCreatedEvent,
  offerUpdatedEvent,
] as const;

type ServerEventOption = (typeof serverEventOptions)[number];

/** Every event the server sends, told apart by `type`. */
export const serverEventSchema = z.discriminatedUnion('type', serverEventOptions);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** Each event's schema under its `type` (keyed by the schema's own literal, so the two cannot differ). */
export type ServerEventSchemas = {
  [S in ServerEventOption as S['shape']['type']['value']]: S;
};
export const serverEventSchemas = Object.freeze(
  Object.fromEntries(serverEventOptions.map((schema) => [schema.shape.type.value, schema])),
) as Readonly<ServerEventSchemas>;

/** The realtime protocol as a map of event type to payload (the event without its `type`). */
export type ServerEvents = {
  [K in ServerEventType]: Omit<Extract<ServerEvent, { type: K }>, 'type'>;
};

/** True when `type` names a server event (an own key of the map, never an inherited one). */
export function isServerEventType(type: unknown): type is ServerEventType {
  return typeof type === 'string' && Object.hasOwn(serverEventSchemas, type);
}
