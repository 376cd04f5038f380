import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Append-only, so the history cannot be rewritten; a trigger in the migration refuses UPDATE and DELETE. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('activity_log_user_created_idx').on(table.userId, table.createdAt, table.id)],
);
