import { sql } from 'drizzle-orm';
import { OFFER_STATES } from '@teamhire/shared';
import { bigint, check, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { chatMessages, chatRooms } from './chat';
import { orders } from './orders';
import { servicePackages } from './packages';
import { teams } from './teams';
import { createdAt, instant, requiredReference } from './columns';

export const offerState = pgEnum('offer_state', OFFER_STATES);

/**
 * A custom offer a team sent in a conversation. Its terms are also written, once, to a package row of
 * its own (`service_packages.custom_offer`, never in the catalogue) that an order of the offer buys,
 * so an order from an offer is an order like any other to every part that reads orders.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    chatRoomId: requiredReference('chat_room_id', () => chatRooms.id, 'cascade'),
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    packageId: requiredReference('package_id', () => servicePackages.id, 'cascade'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The card's message in the conversation. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    durationDays: integer('duration_days').notNull(),
    revisions: integer('revisions').notNull(),
    state: offerState('state').notNull().default('pending'),
    expiresAt: instant('expires_at').notNull(),
    /** When it left `pending`. */
    stateChangedAt: instant('state_changed_at'),
    /** The order that paid for it, set when it is accepted. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('offers_room_idx').on(table.chatRoomId, table.id),
    index('offers_package_idx').on(table.packageId),
    index('offers_message_idx').on(table.messageId),
    // The expiry sweep reads only pending offers, by expiry.
    index('offers_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} = 'pending'`),
    check('offers_price_positive', sql`${table.priceCents} > 0`),
  ],
);
