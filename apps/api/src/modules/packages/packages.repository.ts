import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { orders, servicePackages, teams, users } from '../../db/schema/index';
import { qualified } from '../../db/sql';

export type PackageRow = typeof servicePackages.$inferSelect;

const admin = alias(users, 'package_team_admin');
const packageColumns = {
  package: {
    id: servicePackages.id,
    teamId: servicePackages.teamId,
    title: servicePackages.title,
    description: servicePackages.description,
    priceCents: servicePackages.priceCents,
    durationDays: servicePackages.durationDays,
    tags: servicePackages.tags,
    requirements: servicePackages.requirements,
    deliverables: servicePackages.deliverables,
    status: servicePackages.status,
    createdAt: servicePackages.createdAt,
    updatedAt: servicePackages.updatedAt,
  },
  team: {
    id: teams.id,
    name: teams.name,
    description: teams.description,
    memberCount: teams.memberCount,
    maxMembers: teams.maxMembers,
    isActive: teams.isActive,
    createdAt: teams.createdAt,
    adminId: teams.adminId,
  },
  adminUsername: admin.username,
};

function selectPackages(db: DatabaseOrTransaction) {
  return db
    .select(packageColumns)
    .from(servicePackages)
    .innerJoin(teams, eq(teams.id, servicePackages.teamId))
    .innerJoin(admin, eq(admin.id, teams.adminId));
}
export type PackageListRow = Awaited<ReturnType<typeof selectPackages>>[number];

const published = eq(servicePackages.status, 'published');

export async function listPublished(db: DatabaseOrTransaction, window: { skip: number; limit: number }) {
  const [items, [total]] = await Promise.all([
    selectPackages(db)
      .where(published)
      .orderBy(desc(servicePackages.createdAt), desc(servicePackages.id))
      .offset(window.skip)
      .limit(window.limit),
    db.select({ value: count() }).from(servicePackages).where(published),
  ]);
  return { items, total: total?.value ?? 0 };
}

export interface SearchFilters {
  term?: string;
  tags?: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  maxDuration?: number;
  teamName?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * How close a title word must be to the term for the trigram match (`<%`, word similarity). The
 * extension's default (0.6) misses ordinary typos in hyphenated words: 'ecomerce' against
 * 'E-commerce Store' scores 0.45. Set for the search's own transaction only.
 */
export const TITLE_WORD_SIMILARITY_THRESHOLD = 0.4;

/** The tags column as a lower-case array, the expression service_packages_tags_idx indexes. */
const tagArray = sql`string_to_array(lower(${qualified(servicePackages.tags)}), ',')`;

function searchCondition(db: DatabaseOrTransaction, filters: SearchFilters, query: SQL | undefined) {
  const tags = [...new Set((filters.tags ?? []).map((tag) => tag.toLowerCase()))];
  return and(
    published,
    query && filters.term
      ? or(
          sql`${qualified(servicePackages.searchVector)} @@ ${query}`,
          sql`${filters.term} <% ${qualified(servicePackages.title)}`,
        )
      : undefined,
    // Any of the tags: array overlap, which the GIN index on the same expression answers.
    tags.length
      ? sql`${tagArray} && array[${sql.join(
          tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    filters.minPriceCents !== undefined ? gte(servicePackages.priceCents, filters.minPriceCents) : undefined,
    filters.maxPriceCents !== undefined ? lte(servicePackages.priceCents, filters.maxPriceCents) : undefined,
    filters.maxDuration !== undefined ? lte(servicePackages.durationDays, filters.maxDuration) : undefined,
    filters.teamName
      ? inArray(
          servicePackages.teamId,
          db
            .select({ id: teams.id })
            .from(teams)
            .where(ilike(teams.name, `%${escapeLike(filters.teamName)}%`)),
        )
      : undefined,
  );
}

async function countMatches(db: DatabaseOrTransaction, where: SQL | undefined) {
  const [row] = await db.select({ value: count() }).from(servicePackages).where(where);
  return row?.value ?? 0;
}

/** Full rows for the given ids, in the order of the ids. */
async function packagesInOrder(db: DatabaseOrTransaction, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectPackages(db).where(inArray(servicePackages.id, ids));
  const byId = new Map(rows.map((row) => [row.package.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Decision B3. With a term: a full-text match (title, tags, description, weighted A, B, C) or a
 * title word close to the term (trigram word similarity, for typos and partial words). Full-text
 * matches come first, by ts_rank, which for each term counts an occurrence in the title above any
 * number in the tags and those above any number in the description; the close-title-only matches
 * follow by their similarity. Filters narrow the published packages; without a term, newest first.
 */
export async function searchPublished(
  db: Database,
  filters: SearchFilters,
  window: { skip: number; limit: number },
) {
  const query = filters.term ? sql`websearch_to_tsquery('english', ${filters.term})` : undefined;
  if (!query || !filters.term) {
    const where = searchCondition(db, filters, undefined);
    const [items, total] = await Promise.all([
      selectPackages(db)
        .where(where)
        .orderBy(desc(servicePackages.createdAt), desc(servicePackages.id))
        .offset(window.skip)
        .limit(window.limit),
      countMatches(db, where),
    ]);
    return { items, total };
  }
  const term = filters.term;
  return db.transaction(async (transaction) => {
    await transaction.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TITLE_WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    const where = searchCondition(transaction, filters, query);
    const vector = qualified(servicePackages.searchVector);
    const relevance = sql`coalesce(nullif(ts_rank(${vector}, ${query}), 0) + 1, word_similarity(${term}, ${qualified(servicePackages.title)}))`;
    // Ranking needs every match anyway, so the total comes with it; only ids, to keep the rows small.
    const ranked = await transaction
      .select({ id: servicePackages.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(servicePackages)
      .where(where)
      .orderBy(sql`${relevance} desc`, desc(servicePackages.createdAt), desc(servicePackages.id))
      .offset(window.skip)
      .limit(window.limit);
    const total = ranked[0]?.total ?? (window.skip > 0 ? await countMatches(transaction, where) : 0);
    const items = await packagesInOrder(
      transaction,
      ranked.map((row) => row.id),
    );
    return { items, total };
  });
}

export async function findPackage(db: DatabaseOrTransaction, id: number) {
  const [row] = await selectPackages(db).where(eq(servicePackages.id, id));
  return row;
}

export function listPackagesOfTeams(db: DatabaseOrTransaction, teamIds: number[], onlyPublished: boolean) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return selectPackages(db)
    .where(and(inArray(servicePackages.teamId, teamIds), onlyPublished ? published : undefined))
    .orderBy(desc(servicePackages.updatedAt), desc(servicePackages.id));
}

export async function teamsAdministeredBy(db: DatabaseOrTransaction, userId: number) {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.adminId, userId));
  return rows.map((row) => row.id);
}

export async function findTeamOwner(db: DatabaseOrTransaction, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, adminId: teams.adminId })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function insertPackage(db: DatabaseOrTransaction, values: typeof servicePackages.$inferInsert) {
  const [row] = await db.insert(servicePackages).values(values).returning({ id: servicePackages.id });
  return row!.id;
}

export async function updatePackage(
  db: DatabaseOrTransaction,
  id: number,
  changes: Partial<typeof servicePackages.$inferInsert>,
) {
  await db
    .update(servicePackages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(servicePackages.id, id));
}

/**
 * Locks the package row until the transaction ends; false when it no longer exists. 'update' (for a
 * delete) also waits for an order being written for the package; 'no key update' (for an edit)
 * does not hold orders up.
 */
export async function lockPackage(
  db: DatabaseOrTransaction,
  id: number,
  strength: 'update' | 'no key update',
) {
  const rows = await db
    .select({ id: servicePackages.id })
    .from(servicePackages)
    .where(eq(servicePackages.id, id))
    .for(strength);
  return rows.length > 0;
}

export async function packageHasOrders(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select({ value: count() }).from(orders).where(eq(orders.servicePackageId, id));
  return (row?.value ?? 0) > 0;
}

export async function deletePackage(db: DatabaseOrTransaction, id: number) {
  await db.delete(servicePackages).where(eq(servicePackages.id, id));
}
