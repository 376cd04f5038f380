import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { teams } from './teams';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Decision B3: title weighs most, then tags, then the description. Kept by PostgreSQL itself. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', replace(coalesce(tags, ''), ',', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_packages_team_idx').on(table.teamId),
    index('service_packages_status_idx').on(table.status),
    index('service_packages_search_idx').using('gin', table.searchVector),
    // Partial words and typos in titles ("ecomerce") still find something.
    index('service_packages_title_trigram_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('service_packages_price_idx').on(table.status, table.priceCents),
    // Newest first (read backwards), for the published listing and a search without a term.
    index('service_packages_published_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    // Counting the matches of a duration filter without reading the table.
    index('service_packages_published_duration_idx')
      .on(table.durationDays)
      .where(sql`${table.status} = 'published'`),
    // Any-of tag filter: `string_to_array(lower(tags), ',') && array[...]`.
    index('service_packages_tags_idx').using('gin', sql`string_to_array(lower(${table.tags}), ',')`),
    check('service_packages_price_positive', sql`${table.priceCents} > 0`),
    check('service_packages_duration_positive', sql`${table.durationDays} >= 1`),
  ],
);
