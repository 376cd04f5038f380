import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';

/** One line of an order's timeline; `actor_id` null means the system (a timer). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.id),
    // The order list asks of every order whether its payment expired (such an order is the buyer's
    // only); without this, PostgreSQL answers by reading every event of every order, on each request.
    index('order_events_expired_idx')
      .on(table.orderId)
      .where(sql`${table.type} = 'expired'`),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deliveries_order_idx').on(table.orderId, table.id)],
);

/** A file uploaded to an order; attached to at most one delivery. */
export const orderFiles = pgTable(
  'order_files',
  {
    id: uuid('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_files_order_idx').on(table.orderId),
    index('order_files_delivery_idx').on(table.deliveryId),
    // The uploader's storage quota sums their files (with their chat files) on each upload.
    index('order_files_uploader_idx').on(table.uploaderId),
    // The retention sweep finds the files no delivery names by their age.
    index('order_files_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.deliveryId} is null`),
  ],
);

export const disputeStatus = pgEnum('dispute_status', ['open', 'resolved']);
export const disputeReason = pgEnum('dispute_reason', [
  'not_delivered',
  'not_as_described',
  'poor_quality',
  'scope_disagreement',
  'other',
]);
export const disputeOutcome = pgEnum('dispute_outcome', ['release', 'refund', 'partial_refund']);

export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    openedById: integer('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order's status when the dispute was opened (in_progress or delivered). */
    previousStatus: text('previous_status').notNull(),
    reason: disputeReason('reason').notNull(),
    details: text('details').notNull(),
    status: disputeStatus('status').notNull().default('open'),
    outcome: disputeOutcome('outcome'),
    refundCents: integer('refund_cents'),
    resolutionMessage: text('resolution_message'),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open dispute per order: a second one opened concurrently fails on this index.
    uniqueIndex('disputes_one_open_per_order')
      .on(table.orderId)
      .where(sql`${table.status} = 'open'`),
    index('disputes_status_idx').on(table.status, table.id),
    // An order's disputes: its card and timeline, and whether a general admin may read its conversation.
    index('disputes_order_idx').on(table.orderId),
  ],
);

/**
 * Each time a general admin read an order's conversation (or downloaded one of its files) to decide
 * a dispute: who, when, which order. Kept with the order; an admin's account deleted leaves the row.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The conversation's file downloaded; null for a read of the messages. */
    fileId: uuid('file_id'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversation_reads_order_idx').on(table.orderId, table.id)],
);
