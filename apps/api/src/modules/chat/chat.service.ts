import { randomUUID } from 'node:crypto';
import {
  CHAT_TEXTS,
  GUEST_SESSION_DAYS,
  type ChatAccess,
  type ChatMessage,
  type ChatRole,
  type ChatRoomSummary,
  type GuestUser,
  type User,
  type MessageList,
  type OrderConversation,
  type ServerEvent,
} from '@teamhire/shared';
import type { Config } from '../../platform/config';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { register, type AccountsContext } from '../accounts/accounts.service';
import { digestToken, newSecretToken } from '../../platform/auth/secret-tokens';
import { recordActivity } from '../activity/activity.service';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { endSocketSessions } from '../../platform/realtime/socket-rights';
import { toOfferResponse } from './offer-card';
import * as repository from './chat.repository';
import { readerKey, type Participant } from './participants';

// What other modules use of the chat: its participants (who may act in a room) and the offer card's shape.
export { createParticipants, type Participant } from './participants';
export { toOfferResponse } from './offer-card';

export interface ChatContext {
  db: Database;
  bus: RealtimeBus;
  limiter: RateLimiter;
  limits: ChatLimits;
}

/** What one user or guest may send through the REST API, and keep stored. */
export interface ChatLimits {
  messagesPerMinute: number;
  uploadsPerMinute: number;
  uploadQuotaBytes: number;
}

export const chatLimitsOf = (config: Config): ChatLimits => ({
  ...config.chatRateLimits,
  uploadQuotaBytes: config.chatUploadQuotaBytes,
});

const MINUTE_MS = 60_000;
/** Sent with a refusal for sending too fast: the window after which the sender may try again. */
export const CHAT_RETRY_AFTER_SECONDS = MINUTE_MS / 1000;

/**
 * Counts one REST message or upload of the participant, across instances, and refuses it with
 * 429 (and Retry-After) past the limit of the minute. The socket has flood control of its own, per
 * connection. An upload is any file a user stores: an order's files count here too.
 */
export async function assertChatRate(
  context: Pick<ChatContext, 'limiter' | 'limits'>,
  participant: Participant,
  kind: 'message' | 'upload',
): Promise<void> {
  const rule = {
    bucket: `chat:${kind}`,
    limit: kind === 'message' ? context.limits.messagesPerMinute : context.limits.uploadsPerMinute,
    windowMs: MINUTE_MS,
  };
  try {
    await context.limiter.hit(rule, readerKey(participant));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
    throw new AppError(
      'rate_limited',
      kind === 'message' ? CHAT_TEXTS.tooManyMessages : CHAT_TEXTS.tooManyUploads,
      undefined,
      { retryAfterSeconds: CHAT_RETRY_AFTER_SECONDS },
    );
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const GUESTS_PER_ADDRESS = { bucket: 'guest:address', limit: 20, windowMs: 60 * 60 * 1000, perAddress: true };

export const roomChannel = (roomId: number) => `room:${roomId}`;
export const participantChannel = (participant: { kind: 'user' | 'guest'; id: number }) =>
  `${participant.kind}:${participant.id}`;

const roomNotFound = () => new AppError('not_found', 'Chat room not found');
const accessDenied = () => new AppError('forbidden', CHAT_TEXTS.accessDenied);

/** A message as stored, with what the answer needs of it (a message just stored has no file). */
type MessageForResponse = Pick<repository.MessageRow, 'senderName' | 'senderRole'> & {
  message: Pick<
    repository.MessageRow['message'],
    | 'id'
    | 'chatRoomId'
    | 'senderUserId'
    | 'senderGuestId'
    | 'messageText'
    | 'messageType'
    | 'clientMessageId'
    | 'createdAt'
  >;
  file: repository.MessageRow['file'];
  /** The offer of an offer's card, with its team's name. */
  offer?: repository.MessageRow['offer'];
  teamName?: string;
};

export function toMessageResponse(row: MessageForResponse): ChatMessage {
  const { message, file } = row;
  return {
    id: message.id,
    chat_room_id: message.chatRoomId,
    sender_id:
      message.senderGuestId !== null ? `guest:${message.senderGuestId}` : `user:${message.senderUserId ?? 0}`,
    sender_name: row.senderName,
    sender_role: row.senderRole,
    message_text: message.messageText,
    message_type: message.messageType,
    file_url: file ? `/api/chat-files/${file.id}` : null,
    thumbnail_url: file?.hasThumbnail ? `/api/chat-files/${file.id}/thumbnail` : null,
    file_name: file?.originalName ?? null,
    file_size: file?.sizeBytes ?? null,
    file_kind: file?.kind ?? null,
    client_message_id: message.clientMessageId,
    created_at: message.createdAt.toISOString(),
    offer: row.offer ? toOfferResponse(row.offer, row.teamName ?? '') : null,
  };
}

/**
 * Who may enter a room: its buyer or guest, the team's admin and members (the rule itself is one
 * SQL expression in the repository, shared with sending a message); everyone else is refused with
 * 'Access denied', and a room that does not exist is not found.
 */
export async function roomAccess(
  db: DatabaseOrTransaction,
  participant: Participant,
  roomId: number,
): Promise<{ room: repository.RoomRow; teamName: string; role: ChatRole; teamAdminId: number }> {
  const found = await repository.findRoomWithTeam(db, roomId, {
    userId: participant.kind === 'user' ? participant.id : null,
    guestId: participant.kind === 'guest' ? participant.id : null,
  });
  if (!found) throw roomNotFound();
  const { room, role } = found;
  if (!role) throw accessDenied();
  return { room, teamName: found.teamName, role, teamAdminId: found.teamAdminId };
}

async function chatTeam(db: Database, teamId: number) {
  const team = await repository.findTeamForChat(db, teamId);
  if (!team) throw new AppError('not_found', 'Team not found');
  if (!team.isActive) throw new AppError('conflict', 'This team is not taking new conversations right now');
  return team;
}

export async function getOrCreateRoom(context: ChatContext, actor: Actor, teamId: number) {
  const team = await chatTeam(context.db, teamId);
  if (team.adminId === actor.id || (await repository.isTeamMember(context.db, teamId, actor.id))) {
    throw new AppError(
      'conflict',
      'You are part of this team; its conversations are in the team chat dashboard',
    );
  }
  const { room, created } = await repository.findOrCreateRoom(context.db, { teamId, buyerId: actor.id });
  return { chat_room_id: room.id, team_id: room.teamId, created };
}

export async function createGuest(
  context: ChatContext,
  input: { name: string; email?: string | null },
  clientAddress: string,
): Promise<GuestUser> {
  await context.limiter.hit(GUESTS_PER_ADDRESS, clientAddress);
  const sessionToken = newSecretToken();
  const guest = await repository.insertGuest(context.db, {
    name: input.name,
    email: input.email?.toLowerCase() ?? null,
    sessionTokenHash: digestToken(sessionToken),
    expiresAt: new Date(Date.now() + GUEST_SESSION_DAYS * DAY_MS),
  });
  return {
    guest_user_id: guest.id,
    name: guest.name,
    session_token: sessionToken,
    expires_at: guest.expiresAt.toISOString(),
  };
}

export async function createGuestRoom(
  context: ChatContext,
  participant: Participant,
  input: { guest_user_id: number; team_id: number },
) {
  // Guests only: the guest in the body must be the guest of the session.
  if (participant.kind !== 'guest' || participant.id !== input.guest_user_id) throw accessDenied();
  await chatTeam(context.db, input.team_id);
  const { room, created } = await repository.findOrCreateRoom(context.db, {
    teamId: input.team_id,
    guestUserId: participant.id,
  });
  return { chat_room_id: room.id, team_id: room.teamId, created, temp_user_id: `guest:${participant.id}` };
}

export async function getAccess(
  context: ChatContext,
  participant: Participant,
  roomId: number,
): Promise<ChatAccess> {
  const access = await roomAccess(context.db, participant, roomId);
  return { chat_room_id: roomId, team_id: access.room.teamId, team_name: access.teamName, role: access.role };
}

export async function listMessages(
  context: ChatContext,
  participant: Participant,
  roomId: number,
  page: { before?: number; limit: number },
): Promise<MessageList> {
  await roomAccess(context.db, participant, roomId);
  const rows = await repository.listMessagesBefore(context.db, roomId, page.before, page.limit);
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).reverse().map(toMessageResponse);
  return { items, next_before: more ? (items[0]?.id ?? null) : null };
}

/**
 * The conversation between a buyer and a team, read by someone outside it: a general admin
 * deciding a dispute on an order between them (the orders service checks that). It is not a way
 * into the room: the room's access rule is untouched, so nothing here lets the reader join, send or
 * mark read. Files link to `fileUrl` (the reader's own download path), and show no preview.
 */
export async function readCustomerConversation(
  db: Database,
  parties: { teamId: number; buyerId: number },
  page: { before?: number | undefined; limit: number },
  fileUrl: (fileId: string) => string,
): Promise<OrderConversation> {
  const roomId = await repository.findCustomerRoomId(db, parties.teamId, parties.buyerId);
  if (roomId === undefined) return { chat_room_id: null, items: [], next_before: null };
  const rows = await repository.listMessagesBefore(db, roomId, page.before, page.limit);
  const more = rows.length > page.limit;
  const items = rows
    .slice(0, page.limit)
    .reverse()
    .map((row) => ({
      ...toMessageResponse(row),
      file_url: row.file ? fileUrl(row.file.id) : null,
      thumbnail_url: null,
    }));
  return { chat_room_id: roomId, items, next_before: more ? (items[0]?.id ?? null) : null };
}

/** The user ids of a team's side of its rooms: the admin and every member. */
export async function teamSideUserIds(db: DatabaseOrTransaction, teamId: number, teamAdminId: number) {
  return [teamAdminId, ...(await repository.teamMemberIds(db, teamId))];
}

/** Tells every participant's own channel that a room changed, so bells and inboxes refresh. */
export async function announceInboxChange(
  context: Pick<ChatContext, 'db' | 'bus'>,
  roomId: number,
  room: repository.RoomRow,
  teamAdminId: number,
) {
  const memberIds = await repository.teamMemberIds(context.db, room.teamId);
  await Promise.all(announceInboxChangeTo(context, roomId, room, teamAdminId, memberIds));
}

function announceInboxChangeTo(
  context: Pick<ChatContext, 'bus'>,
  roomId: number,
  room: Pick<repository.RoomRow, 'buyerId' | 'guestUserId'>,
  teamAdminId: number,
  memberIds: readonly number[],
) {
  const recipients: { kind: 'user' | 'guest'; id: number }[] = [{ kind: 'user', id: teamAdminId }];
  if (room.buyerId !== null) recipients.push({ kind: 'user', id: room.buyerId });
  if (room.guestUserId !== null) recipients.push({ kind: 'guest', id: room.guestUserId });
  for (const memberId of memberIds) {
    if (memberId !== teamAdminId) recipients.push({ kind: 'user', id: memberId });
  }
  // One event object for every recipient: a socket's frame is made once per event object, so their
  // bell sockets share one serialization instead of one each.
  const event: ServerEvent = { type: 'inbox_changed', chat_room_id: roomId };
  return recipients.map((recipient) => context.bus.publish(participantChannel(recipient), event));
}

/** A message sent through the REST API: counted against the sender's limit, then stored like any. */
export async function postMessage(
  context: ChatContext,
  participant: Participant,
  roomId: number,
  input: { message_text: string; client_message_id?: string },
): Promise<ChatMessage> {
  await assertChatRate(context, participant, 'message');
  return sendMessage(context, participant, roomId, input);
}

export async function sendMessage(
  context: ChatContext,
  participant: Participant,
  roomId: number,
  input: { message_text: string; client_message_id?: string },
): Promise<ChatMessage> {
  const clientMessageId = input.client_message_id ?? randomUUID();
  const stored = await repository.storeTextMessage(context.db, {
    roomId,
    senderUserId: participant.kind === 'user' ? participant.id : null,
    senderGuestId: participant.kind === 'guest' ? participant.id : null,
    text: input.message_text,
    clientMessageId,
  });
  if (!stored) throw roomNotFound();
  if (!stored.role) throw accessDenied();
  if (!stored.message) {
    // A repeat of an already stored message (same client id) answers with the stored one, once;
    // a client id is the sender's own: another participant's message is never answered as theirs.
    const row = await repository.findMessageByClientId(context.db, roomId, clientMessageId);
    if (!row) throw new AppError('conflict', 'The message could not be stored');
    const message = toMessageResponse(row);
    if (message.sender_id !== readerKey(participant)) {
      throw new AppError('conflict', 'This message id is already in use; send the message again');
    }
    return message;
  }
  const message = toMessageResponse({
    message: {
      id: stored.message.id,
      chatRoomId: roomId,
      senderUserId: participant.kind === 'user' ? participant.id : null,
      senderGuestId: participant.kind === 'guest' ? participant.id : null,
      messageText: input.message_text,
      messageType: 'text',
      clientMessageId,
      createdAt: stored.message.createdAt,
    },
    file: null,
    senderName: participant.name,
    senderRole: stored.role,
  });
  await context.bus.publish(roomChannel(roomId), { type: 'new_message', message });
  await Promise.all(
    announceInboxChangeTo(context, roomId, stored.room, stored.teamAdminId, stored.teamMemberIds),
  );
  return message;
}

/**
 * A message written by another module in its own transaction (an offer's card, typed `offer`): the
 * room's activity moves like any message's. Announce it with `announceMessage` after the commit.
 */
export async function insertModuleMessage(
  transaction: DatabaseOrTransaction,
  input: { roomId: number; senderUserId: number; text: string; type: ChatMessage['message_type'] },
): Promise<number> {
  const id = await repository.insertMessage(transaction, {
    chatRoomId: input.roomId,
    senderUserId: input.senderUserId,
    messageText: input.text,
    messageType: input.type,
  });
  return id!;
}

/** After the commit: both sides see a message `insertModuleMessage` wrote, and their inboxes refresh. */
export async function announceMessage(
  context: Pick<ChatContext, 'db' | 'bus'>,
  messageId: number,
): Promise<ChatMessage> {
  const row = (await repository.findMessage(context.db, messageId))!;
  const message = toMessageResponse(row);
  await publishToRoom(context, message.chat_room_id, { type: 'new_message', message });
  return message;
}

/** An event for everyone in a room (both sides' open pages), and a refresh of every participant's inbox. */
export async function publishToRoom(
  context: Pick<ChatContext, 'db' | 'bus'>,
  roomId: number,
  event: ServerEvent,
): Promise<void> {
  await context.bus.publish(roomChannel(roomId), event);
  const found = await repository.findRoomWithTeam(context.db, roomId, { userId: null, guestId: null });
  if (found) await announceInboxChange(context, roomId, found.room, found.teamAdminId);
}

export async function markRoomRead(
  context: ChatContext,
  participant: Participant,
  roomId: number,
  upToMessageId: number | undefined,
): Promise<void> {
  await roomAccess(context.db, participant, roomId);
  await repository.markRead(context.db, roomId, readerKey(participant), upToMessageId);
  await context.bus.publish(participantChannel(participant), { type: 'inbox_changed', chat_room_id: roomId });
}

function toSummary(row: Awaited<ReturnType<typeof repository.roomSummaries>>[number]): ChatRoomSummary {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    chat_room_id: row.chat_room_id,
    team_id: row.team_id,
    team_name: row.team_name,
    buyer_name: row.buyer_name,
    status: row.status,
    unread_count: row.unread_count,
    last_message_text: row.last_message_text,
    last_message_at: iso(row.last_message_at),
    created_at: iso(row.created_at)!,
    profile_picture_url: row.profile_picture_url,
    service_package: null,
    latest_offer: row.latest_offer && {
      id: row.latest_offer.id,
      title: row.latest_offer.title,
      price: row.latest_offer.price_cents / 100,
      state: row.latest_offer.state,
    },
  };
}

const viewerOf = (participant: Participant): repository.Viewer => ({
  reader: readerKey(participant),
  userId: participant.kind === 'user' ? participant.id : null,
  guestId: participant.kind === 'guest' ? participant.id : null,
});

export async function listOwnRooms(
  context: ChatContext,
  participant: Participant,
): Promise<ChatRoomSummary[]> {
  return (await repository.roomSummaries(context.db, viewerOf(participant), { kind: 'viewer' })).map(
    toSummary,
  );
}

export async function listTeamRooms(
  context: ChatContext,
  actor: Actor,
  teamId: number,
): Promise<ChatRoomSummary[]> {
  const team = await repository.findTeamForChat(context.db, teamId);
  if (!team) throw new AppError('not_found', 'Team not found');
  const allowed =
    actor.isSuperuser ||
    team.adminId === actor.id ||
    (await repository.isTeamMember(context.db, teamId, actor.id));
  if (!allowed) throw accessDenied();
  const viewer = viewerOf({ kind: 'user', id: actor.id, name: actor.username, actor });
  return (await repository.roomSummaries(context.db, viewer, { kind: 'team', teamId })).map(toSummary);
}

/** The answer every guest call gets once the session ended; the upgrade that lost a race too. */
const GUEST_SESSION_ENDED = 'Your guest session has expired. Please start a new chat or sign in.';

/**
 * The guest becomes a full account in one transaction; their rooms, messages and read state move
 * to it, so nothing said as a guest is lost.
 */

export async function upgradeGuest(
  accounts: AccountsContext,
  guestId: number,
  input: Parameters<typeof register>[1],
): Promise<User> {
  const user = await register(accounts, input, async (transaction, created) => {
    // Parallel upgrades with one guest token: the first ends the session, the others find it ended
    // and roll their account back, answering as any later call with that token does.
    if (!(await repository.claimGuestForUpgrade(transaction, guestId, created.id))) {
      throw new AppError('unauthorized', GUEST_SESSION_ENDED);
    }
    await repository.transferGuest(transaction, guestId, created.id);
    await recordActivity(transaction, {
      userId: created.id,
      action: 'account.upgraded_from_guest',
      description: 'Kept your guest conversations in your new account',
    });
  });
  // The guest session is over; the rooms are reached again with the new account's token.
  await endSocketSessions(accounts.bus, { kind: 'guest', id: guestId });
  return user;
}
