import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { teams } from './teams';
import { instant, requiredReference } from './columns';

export const applicationStatus = pgEnum('application_status', [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
]);

/** A seller's request to join a team, decided by the team's admin. */
export const teamApplications = pgTable(
  'team_applications',
  {
    id: serial('id').primaryKey(),
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    applicationMessage: text('application_message'),
    status: applicationStatus('status').notNull().default('pending'),
    responseMessage: text('response_message'),
    respondedById: integer('responded_by_id').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: instant('applied_at').notNull().defaultNow(),
    respondedAt: instant('responded_at'),
  },
  (table) => [
    index('team_applications_team_idx').on(table.teamId, table.status),
    index('team_applications_user_idx').on(table.userId),
    // One pending application per seller and team, whatever races the clients run.
    uniqueIndex('team_applications_one_pending_key')
      .on(table.teamId, table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
