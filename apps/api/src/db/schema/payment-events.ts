import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, requiredReference } from './columns';

/**
 * Every provider event already handled, by the provider's own event id: an event is processed in
 * the transaction that inserts its row, so a replayed delivery finds the row and changes nothing.
 */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** The buyer as the provider knows them (a Stripe customer), which owns their saved cards there. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);
