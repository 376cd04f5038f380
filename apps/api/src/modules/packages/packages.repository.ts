import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database';
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
 * Decision B3: full-text match (title, tags, description, weighted in that order) or a close title
 * (trigram), ranked by text rank plus title similarity; filters narrow the published packages.
 */
export async function searchPublished(
  db: DatabaseOrTransaction,
  filters: SearchFilters,
  window: { skip: number; limit: number },
) {
  const query = filters.term ? sql`websearch_to_tsquery('english', ${filters.term})` : undefined;
  const tagMatch = filters.tags?.length
    ? or(
        ...filters.tags.map(
          (tag) =>
            sql`${tag.toLowerCase()} = any (string_to_array(lower(${qualified(servicePackages.tags)}), ','))`,
        ),
      )
    : undefined;
  const where: SQL | undefined = and(
    published,
    query && filters.term
      ? or(
          sql`${qualified(servicePackages.searchVector)} @@ ${query}`,
          sql`${qualified(servicePackages.title)} % ${filters.term}`,
          ilike(servicePackages.title, `%${escapeLike(filters.term)}%`),
        )
      : undefined,
    tagMatch,
    filters.minPriceCents !== undefined ? gte(servicePackages.priceCents, filters.minPriceCents) : undefined,
    filters.maxPriceCents !== undefined ? lte(servicePackages.priceCents, filters.maxPriceCents) : undefined,
    filters.maxDuration !== undefined ? lte(servicePackages.durationDays, filters.maxDuration) : undefined,
    filters.teamName ? ilike(teams.name, `%${escapeLike(filters.teamName)}%`) : undefined,
  );
  // Without a term there is nothing to rank by: newest first.
  const byRelevance =
    query && filters.term
      ? [
          sql`ts_rank_cd(${qualified(servicePackages.searchVector)}, ${query}) + similarity(${qualified(servicePackages.title)}, ${filters.term}) desc`,
        ]
      : [];
  const [items, [total]] = await Promise.all([
    selectPackages(db)
      .where(where)
      .orderBy(...byRelevance, desc(servicePackages.createdAt), desc(servicePackages.id))
      .offset(window.skip)
      .limit(window.limit),
    db
      .select({ value: count() })
      .from(servicePackages)
      .innerJoin(teams, eq(teams.id, servicePackages.teamId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0 };
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

export async function packageHasOrders(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select({ value: count() }).from(orders).where(eq(orders.servicePackageId, id));
  return (row?.value ?? 0) > 0;
}

export async function deletePackage(db: DatabaseOrTransaction, id: number) {
  await db.delete(servicePackages).where(eq(servicePackages.id, id));
}
