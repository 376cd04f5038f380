import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database';
import { qualified } from '../../db/sql';
import {
  orders,
  projectSubTypes,
  projectTypes,
  reviews,
  serviceCategories,
  servicePackages,
  teamApplications,
  teamMembers,
  teams,
  teamTechnologies,
  technologies,
  users,
} from '../../db/schema/index';

export type ApplicationRow = typeof teamApplications.$inferSelect;

const admin = alias(users, 'team_admin');

/**
 * Everything a team card shows, for a whole list in one statement: the correlated subqueries run
 * inside PostgreSQL on indexed columns, never as one round trip per team.
 */
const teamColumns = {
  team: teams,
  categoryName: serviceCategories.name,
  projectTypeName: projectTypes.name,
  projectSubTypeName: projectSubTypes.name,
  adminUsername: admin.username,
  adminPicture: admin.profilePictureUrl,
  technologies: sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${qualified(technologies.id)}, 'name', ${qualified(technologies.name)}) order by ${qualified(technologies.name)})
    from ${teamTechnologies} join ${technologies} on ${qualified(technologies.id)} = ${qualified(teamTechnologies.technologyId)}
    where ${qualified(teamTechnologies.teamId)} = ${qualified(teams.id)}
  ), '[]'::json)`,
  completedOrders: sql<number>`(select count(*)::int from ${orders} where ${qualified(orders.teamId)} = ${qualified(teams.id)} and ${qualified(orders.status)} = 'completed')`,
  openOrders: sql<number>`(select count(*)::int from ${orders} where ${qualified(orders.teamId)} = ${qualified(teams.id)} and ${qualified(orders.status)} in ('confirmed', 'in_progress'))`,
  averageRating: sql<number>`(select coalesce(round(avg(${qualified(reviews.rating)}), 1), 0)::float from ${reviews} where ${qualified(reviews.teamId)} = ${qualified(teams.id)})`,
  reviewCount: sql<number>`(select count(*)::int from ${reviews} where ${qualified(reviews.teamId)} = ${qualified(teams.id)})`,
  lowestPriceCents: sql<
    number | null
  >`(select min(${qualified(servicePackages.priceCents)}) from ${servicePackages} where ${qualified(servicePackages.teamId)} = ${qualified(teams.id)} and ${qualified(servicePackages.status)} = 'published')`,
};

function selectTeams(db: DatabaseOrTransaction) {
  return db
    .select(teamColumns)
    .from(teams)
    .innerJoin(admin, eq(admin.id, teams.adminId))
    .leftJoin(serviceCategories, eq(serviceCategories.id, teams.serviceCategoryId))
    .leftJoin(projectTypes, eq(projectTypes.id, teams.projectTypeId))
    .leftJoin(projectSubTypes, eq(projectSubTypes.id, teams.projectSubTypeId));
}
export type TeamListRow = Awaited<ReturnType<typeof selectTeams>>[number];

export interface TeamFilters {
  search?: string;
  serviceCategoryId?: number;
  projectTypeIds?: number[];
  projectSubTypeId?: number;
  technologyIds?: number[];
  activeOnly?: boolean;
}
export type TeamSort = 'rating' | 'projects' | 'rate' | 'newest';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function teamConditions(filters: TeamFilters): SQL | undefined {
  return and(
    filters.search ? ilike(teams.name, `%${escapeLike(filters.search)}%`) : undefined,
    filters.serviceCategoryId !== undefined
      ? eq(teams.serviceCategoryId, filters.serviceCategoryId)
      : undefined,
    filters.projectTypeIds?.length ? inArray(teams.projectTypeId, filters.projectTypeIds) : undefined,
    filters.projectSubTypeId !== undefined ? eq(teams.projectSubTypeId, filters.projectSubTypeId) : undefined,
    // "At least one of" the chosen technologies.
    filters.technologyIds?.length
      ? sql`exists (select 1 from ${teamTechnologies} where ${teamTechnologies.teamId} = ${teams.id} and ${inArray(teamTechnologies.technologyId, filters.technologyIds)})`
      : undefined,
    filters.activeOnly ? eq(teams.isActive, true) : undefined,
  );
}

const SORT_ORDER: Record<TeamSort, SQL[]> = {
  rating: [sql`${teamColumns.averageRating} desc`, sql`${teamColumns.reviewCount} desc`],
  projects: [sql`${teamColumns.completedOrders} desc`],
  rate: [sql`${teamColumns.lowestPriceCents} asc nulls last`],
  newest: [sql`${teams.createdAt} desc`],
};

export async function listTeams(
  db: DatabaseOrTransaction,
  filters: TeamFilters,
  window: { skip: number; limit: number; sort: TeamSort },
) {
  const where = teamConditions(filters);
  const [items, [total]] = await Promise.all([
    selectTeams(db)
      .where(where)
      .orderBy(...SORT_ORDER[window.sort], desc(teams.id))
      .offset(window.skip)
      .limit(window.limit),
    db.select({ value: count() }).from(teams).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export function listTeamsAdministeredBy(db: DatabaseOrTransaction, userId: number) {
  return selectTeams(db).where(eq(teams.adminId, userId)).orderBy(desc(teams.createdAt), desc(teams.id));
}

export function listTeamsWithMember(db: DatabaseOrTransaction, userId: number) {
  return selectTeams(db)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teamMembers.role, 'member'))
    .orderBy(desc(teamMembers.joinedAt));
}

export async function findTeam(db: DatabaseOrTransaction, id: number) {
  const [row] = await selectTeams(db).where(eq(teams.id, id));
  return row;
}

export async function findTeamRow(
  db: DatabaseOrTransaction,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select().from(teams).where(eq(teams.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export function listMembers(db: DatabaseOrTransaction, teamId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profilePictureUrl: users.profilePictureUrl,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'admin' desc`, asc(teamMembers.joinedAt));
}

export async function insertTeam(db: DatabaseOrTransaction, team: typeof teams.$inferInsert) {
  const [row] = await db.insert(teams).values(team).returning();
  return row!;
}

export async function updateTeam(
  db: DatabaseOrTransaction,
  id: number,
  changes: Partial<typeof teams.$inferInsert>,
) {
  await db
    .update(teams)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(teams.id, id));
}

export async function replaceTeamTechnologies(
  db: DatabaseOrTransaction,
  teamId: number,
  technologyIds: number[],
) {
  await db.delete(teamTechnologies).where(eq(teamTechnologies.teamId, teamId));
  if (technologyIds.length > 0) {
    await db.insert(teamTechnologies).values(technologyIds.map((technologyId) => ({ teamId, technologyId })));
  }
}

export async function teamHasOrders(db: DatabaseOrTransaction, teamId: number) {
  const [row] = await db.select({ value: count() }).from(orders).where(eq(orders.teamId, teamId));
  return (row?.value ?? 0) > 0;
}

export async function deleteTeam(db: DatabaseOrTransaction, id: number) {
  await db.delete(teams).where(eq(teams.id, id));
}

export async function findMembership(db: DatabaseOrTransaction, teamId: number, userId: number) {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

export async function addMember(
  db: DatabaseOrTransaction,
  teamId: number,
  userId: number,
  role: 'admin' | 'member',
) {
  await db.insert(teamMembers).values({ teamId, userId, role });
}

export async function removeMember(db: DatabaseOrTransaction, teamId: number, userId: number) {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function adjustMemberCount(db: DatabaseOrTransaction, teamId: number, change: 1 | -1) {
  await db
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} + ${change}`, updatedAt: new Date() })
    .where(eq(teams.id, teamId));
}

/** The catalogue ids a team refers to, to check that they exist and belong together. */
export async function catalogueReferences(
  db: DatabaseOrTransaction,
  ids: { categoryId: number; typeId?: number | null; subTypeId?: number | null; technologyIds: number[] },
) {
  // One after another, not Promise.all: inside a transaction every query shares one connection,
  // and pg refuses (from pg@9) a query sent while another is still running on it.
  const category = await db
    .select({ id: serviceCategories.id, isActive: serviceCategories.isActive })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, ids.categoryId));
  const type = ids.typeId
    ? await db
        .select({
          id: projectTypes.id,
          categoryId: projectTypes.serviceCategoryId,
          isActive: projectTypes.isActive,
        })
        .from(projectTypes)
        .where(eq(projectTypes.id, ids.typeId))
    : [];
  const subType = ids.subTypeId
    ? await db
        .select({
          id: projectSubTypes.id,
          typeId: projectSubTypes.projectTypeId,
          isActive: projectSubTypes.isActive,
        })
        .from(projectSubTypes)
        .where(eq(projectSubTypes.id, ids.subTypeId))
    : [];
  const technologyRows = ids.technologyIds.length
    ? await db
        .select({ id: technologies.id })
        .from(technologies)
        .where(and(inArray(technologies.id, ids.technologyIds), eq(technologies.isActive, true)))
    : [];
  return {
    category: category[0],
    type: type[0],
    subType: subType[0],
    technologyIds: new Set(technologyRows.map((row) => row.id)),
  };
}

const applicationColumns = {
  application: teamApplications,
  teamName: teams.name,
  teamDescription: teams.description,
  username: users.username,
  fullName: users.fullName,
};

function selectApplications(db: DatabaseOrTransaction) {
  return db
    .select(applicationColumns)
    .from(teamApplications)
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .innerJoin(users, eq(users.id, teamApplications.userId));
}
export type ApplicationListRow = Awaited<ReturnType<typeof selectApplications>>[number];

export function listApplicationsOfTeam(
  db: DatabaseOrTransaction,
  teamId: number,
  status: ApplicationRow['status'] | undefined,
) {
  return selectApplications(db)
    .where(and(eq(teamApplications.teamId, teamId), status ? eq(teamApplications.status, status) : undefined))
    .orderBy(desc(teamApplications.appliedAt), desc(teamApplications.id));
}

export function listApplicationsOfUser(db: DatabaseOrTransaction, userId: number) {
  return selectApplications(db)
    .where(eq(teamApplications.userId, userId))
    .orderBy(desc(teamApplications.appliedAt), desc(teamApplications.id));
}

export async function findApplication(
  db: DatabaseOrTransaction,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = selectApplications(db).where(eq(teamApplications.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: teamApplications }) : await query;
  return row;
}

export async function insertApplication(
  db: DatabaseOrTransaction,
  application: typeof teamApplications.$inferInsert,
) {
  const [row] = await db.insert(teamApplications).values(application).returning({ id: teamApplications.id });
  return row!.id;
}

export async function setApplicationStatus(
  db: DatabaseOrTransaction,
  id: number,
  changes: {
    status: ApplicationRow['status'];
    responseMessage?: string | null;
    respondedById?: number;
    respondedAt?: Date;
  },
) {
  await db.update(teamApplications).set(changes).where(eq(teamApplications.id, id));
}

export async function hasPendingApplication(db: DatabaseOrTransaction, teamId: number, userId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(teamApplications)
    .where(
      and(
        eq(teamApplications.teamId, teamId),
        eq(teamApplications.userId, userId),
        eq(teamApplications.status, 'pending'),
      ),
    );
  return (row?.value ?? 0) > 0;
}

export async function findUserEmail(db: DatabaseOrTransaction, userId: number) {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
