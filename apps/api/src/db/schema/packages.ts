import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { instant, requiredReference, timestamps } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const packageStatus = pgEnum('package_status', ['draft', 'published', 'unpublished']);

export const servicePackages = pgTable(
  'service_packages',
  {
    id: serial('id').primaryKey(),
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Integer cents: no rounding errors in sums. */
    priceCents: integer('price_cents').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** How many revision requests an order of this package includes (0-10). */
    revisions: integer('revisions').notNull().default(1),
    /** Comma-separated, as the API sends and receives it. */
    tags: text('tags').notNull().default(''),
    requirements: text('requirements'),
    deliverables: text('deliverables'),
    status: packageStatus('status').notNull().default('draft'),
    /**
     * The terms of one custom offer, bought by that offer's orders: never listed, found, edited or
     * published through the packages API (it stays `unpublished`).
     */
    customOffer: boolean('custom_offer').notNull().default(false),
    /** Search weights: title weighs most, then tags, then the description. Kept by PostgreSQL itself. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', replace(coalesce(tags, ''), ',', ' ')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    ...timestamps(),
  },
  (table) => [
    index('service_packages_team_idx').on(table.teamId),
    index('service_packages_status_idx').on(table.status),
    // Full text and the any-of tag filter in one GIN index, so that a term with tags is intersected
    // inside one index scan (posting lists walked side by side, skipping) instead of two bitmaps of every
    // match built and ANDed: at a million packages 'mobile' and 'react' are 28k and 50k entries, and the
    // two bitmaps cost about 7 ms of a 10 ms search. Either column alone is read as from its own index.
    index('service_packages_search_tags_idx').using(
      'gin',
      table.searchVector,
      sql`string_to_array(lower(${table.tags}), ',')`,
    ),
    // Partial words and typos in titles ("ecomerce") still find something.
    index('service_packages_title_trigram_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('service_packages_price_idx').on(table.status, table.priceCents),
    // Newest first (read backwards), for the published listing and a search without a term.
    index('service_packages_published_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'published'`),
    // Price order (read backwards for high to low), ties by id, for browsing by price.
    index('service_packages_published_price_idx')
      .on(table.priceCents, table.id)
      .where(sql`${table.status} = 'published'`),
    // Counting the matches of a duration filter without reading the table.
    index('service_packages_published_duration_idx')
      .on(table.durationDays)
      .where(sql`${table.status} = 'published'`),
    check('service_packages_price_positive', sql`${table.priceCents} > 0`),
    check('service_packages_duration_positive', sql`${table.durationDays} >= 1`),
    check('service_packages_revisions_range', sql`${table.revisions} between 0 and 10`),
  ],
);

export const packageSearchKeyKind = pgEnum('package_search_key_kind', ['lexeme', 'tag', 'title_word']);

/**
 * Search at 100k packages: every key a published package is found by, one row each, so that a
 * search counts and ranks its matches from this table's index alone (index-only scans) instead of
 * visiting one table page per match. Kept by triggers on service_packages (migration 0008); rows exist
 * only while the package is published. Lexemes are those of its search vector, with the package's
 * ts_rank for that one lexeme; tags are lower-case, as the tag filter compares them; title words are
 * the lower-case, space-separated words of the title, for the typo-tolerant match.
 */
export const servicePackageSearchKeys = pgTable(
  'service_package_search_keys',
  {
    kind: packageSearchKeyKind('kind').notNull(),
    key: text('key').notNull(),
    // No foreign key: the triggers keep the rows, and a key check per row would slow bulk inserts.
    packageId: integer('package_id').notNull(),
    /** For a lexeme: ts_rank(search_vector, that lexeme); 0 for tags and title words. */
    rank: real('rank').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    // A key's packages in the search's order: relevance, then newest first.
    index('service_package_search_keys_order_idx').on(
      table.kind,
      table.key,
      // NULLS FIRST is PostgreSQL's default for DESC, so a plain `order by ... desc` reads this index.
      table.rank.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.packageId.desc().nullsFirst(),
    ),
    index('service_package_search_keys_package_idx').on(table.packageId),
  ],
);

/**
 * Every word that has appeared in a published package's title (lower case, split at spaces): the small
 * list a misspelt term is compared with, by trigram word similarity, before the packages are looked up.
 */
export const servicePackageTitleWords = pgTable(
  'service_package_title_words',
  { word: text('word').primaryKey() },
  (table) => [index('service_package_title_words_trigram_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);

/**
 * The published catalogue's version: one row, given a new value from its sequence by a statement
 * trigger on service_packages (migration 0009) whenever a statement changes packages. A search's
 * total is reused while the version it was counted at is still the current one (decision 0045).
 * Values are never reused, even by a transaction that rolls back.
 */
export const servicePackageCatalogueVersion = pgTable(
  'service_package_catalogue_version',
  {
    id: smallint('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [check('service_package_catalogue_version_one_row', sql`${table.id} = 1`)],
);
