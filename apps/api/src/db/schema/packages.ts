import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

export const packageStatus = pgEnum('package_status', ['draft', 'published', 'unpublished']);

export const servicePackages = pgTable(
  'service_packages',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Decision A15: integer cents. */
    priceCents: integer('price_cents').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** Comma-separated, as the specification shows it. */
    tags: text('tags').notNull().default(''),
    requirements: text('requirements'),
    deliverables: text('deliverables'),
    status: packageStatus('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_packages_team_idx').on(table.teamId),
    index('service_packages_status_idx').on(table.status),
    check('service_packages_price_positive', sql`${table.priceCents} > 0`),
    check('service_packages_duration_positive', sql`${table.durationDays} >= 1`),
  ],
);
