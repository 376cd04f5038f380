import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, instant, requiredReference } from './columns';
import { chatRooms } from './chat';
import { orders } from './orders';

/**
 * What a user is told about in the header's bell, one row per recipient, written in the
 * transaction of the change it tells of. `kind` is the step on the order's timeline,
 * or of an offer.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    kind: text('kind').notNull(),
    /** The order it is about; null for an offer not paid for. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The conversation of an offer's notification. */
    chatRoomId: integer('chat_room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    readAt: instant('read_at'),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    // The badge counts a user's unread rows: a small partial index answers it without reading the rest.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
