import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, requiredReference } from './columns';

/** Append-only, so the history cannot be rewritten; a trigger in the migration refuses UPDATE and DELETE. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (table) => [index('activity_log_user_created_idx').on(table.userId, table.createdAt, table.id)],
);
