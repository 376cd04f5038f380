import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRole, users } from './accounts';
import { instant, requiredReference } from './columns';

export const verificationStatus = pgEnum('verification_status', ['pending', 'approved', 'rejected']);

/** Role-upgrade requests; reviewed by a general admin. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    currentRole: userRole('current_role').notNull(),
    requestedRole: userRole('requested_role').notNull(),
    requestMessage: text('request_message').notNull(),
    documentsUrl: text('documents_url'),
    status: verificationStatus('status').notNull().default('pending'),
    responseMessage: text('response_message'),
    verifiedById: integer('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    verifiedAt: instant('verified_at'),
  },
  (table) => [
    index('verification_requests_user_idx').on(table.userId, table.requestedAt),
    index('verification_requests_status_idx').on(table.status),
    // One pending request per user, enforced by the database.
    uniqueIndex('verification_requests_one_pending_key')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
