import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { teams } from './teams';
import { createdAt, instant, requiredReference, updatedAt } from './columns';

/** A visitor chatting without an account; the session token is stored hashed and lasts 7 days. */
export const guestUsers = pgTable('guest_users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  sessionTokenHash: text('session_token_hash').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  /** Set when the guest became a full account; the session ends then. */
  upgradedUserId: integer('upgraded_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const chatRoomStatus = pgEnum('chat_room_status', ['active', 'archived']);

/** One conversation between a buyer (or a guest) and a team. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'cascade' }),
    guestUserId: integer('guest_user_id').references(() => guestUsers.id, { onDelete: 'cascade' }),
    status: chatRoomStatus('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chat_rooms_team_buyer_key')
      .on(table.teamId, table.buyerId)
      .where(sql`${table.buyerId} is not null`),
    uniqueIndex('chat_rooms_team_guest_key')
      .on(table.teamId, table.guestUserId)
      .where(sql`${table.guestUserId} is not null`),
    index('chat_rooms_buyer_idx').on(table.buyerId),
    check('chat_rooms_one_customer', sql`(${table.buyerId} is null) <> (${table.guestUserId} is null)`),
  ],
);

export const messageType = pgEnum('message_type', ['text', 'image', 'file', 'offer']);

/** Files sent in a room; stored under a generated name, served only to the room's members. */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid('id').primaryKey(),
    chatRoomId: requiredReference('chat_room_id', () => chatRooms.id, 'cascade'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    hasThumbnail: boolean('has_thumbnail').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('chat_files_room_idx').on(table.chatRoomId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatRoomId: requiredReference('chat_room_id', () => chatRooms.id, 'cascade'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderGuestId: integer('sender_guest_id').references(() => guestUsers.id, { onDelete: 'set null' }),
    messageText: text('message_text').notNull(),
    messageType: messageType('message_type').notNull().default('text'),
    fileId: uuid('file_id').references(() => chatFiles.id, { onDelete: 'set null' }),
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_room_idx').on(table.chatRoomId, table.id),
    // A message re-sent after a reconnect (same client id) is stored once.
    uniqueIndex('chat_messages_client_id_key')
      .on(table.chatRoomId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
  ],
);

/** How far each participant has read a room: 'user:{id}' or 'guest:{id}'. */
export const chatRoomReads = pgTable(
  'chat_room_reads',
  {
    chatRoomId: requiredReference('chat_room_id', () => chatRooms.id, 'cascade'),
    reader: text('reader').notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.chatRoomId, table.reader] })],
);
