import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  orderPayoutShares,
  orders,
  teamMembers,
  teamPayoutShares,
  teams,
  users,
} from '../../db/schema/index';

export async function findTeam(
  db: DatabaseOrTransaction,
  teamId: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select({ id: teams.id, adminId: teams.adminId }).from(teams).where(eq(teams.id, teamId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The team's current members (the admin included) with their stored share, admin first. */
export function listMembersWithShares(db: DatabaseOrTransaction, teamId: number) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      percent: teamPayoutShares.percent,
      updatedAt: teamPayoutShares.updatedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      teamPayoutShares,
      and(eq(teamPayoutShares.teamId, teamMembers.teamId), eq(teamPayoutShares.userId, teamMembers.userId)),
    )
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'admin' desc`, teamMembers.joinedAt, users.id);
}

export async function replaceShares(
  db: DatabaseOrTransaction,
  teamId: number,
  shares: { userId: number; percent: number }[],
  now: Date,
) {
  await db.delete(teamPayoutShares).where(eq(teamPayoutShares.teamId, teamId));
  if (shares.length > 0) {
    await db
      .insert(teamPayoutShares)
      .values(
        shares.map((share) => ({ teamId, userId: share.userId, percent: share.percent, updatedAt: now })),
      );
  }
}

export async function deleteShare(db: DatabaseOrTransaction, teamId: number, userId: number) {
  await db
    .delete(teamPayoutShares)
    .where(and(eq(teamPayoutShares.teamId, teamId), eq(teamPayoutShares.userId, userId)));
}

/** Whether the team has a split of its own (any stored share); none means everything to the admin. */
export async function hasShares(db: DatabaseOrTransaction, teamId: number) {
  const [row] = await db
    .select({ userId: teamPayoutShares.userId })
    .from(teamPayoutShares)
    .where(eq(teamPayoutShares.teamId, teamId))
    .limit(1);
  return row !== undefined;
}

/** Sets the admin's share to what the other stored shares leave of 100. */
export async function settleAdminShare(db: DatabaseOrTransaction, teamId: number, adminId: number) {
  const [row] = await db
    .select({ others: sql<string>`coalesce(sum(${teamPayoutShares.percent}), 0)` })
    .from(teamPayoutShares)
    .where(and(eq(teamPayoutShares.teamId, teamId), ne(teamPayoutShares.userId, adminId)));
  const percent = Math.max(0, 100 - Number(row?.others ?? 0));
  await db
    .insert(teamPayoutShares)
    .values({ teamId, userId: adminId, percent })
    .onConflictDoUpdate({
      target: [teamPayoutShares.teamId, teamPayoutShares.userId],
      set: { percent, updatedAt: sql`now()` },
    });
}

export async function findOrderTeam(db: DatabaseOrTransaction, orderId: number) {
  const [row] = await db.select({ teamId: orders.teamId }).from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function insertOrderShares(
  db: DatabaseOrTransaction,
  rows: { orderId: number; userId: number; percent: number; isAdmin: boolean }[],
) {
  if (rows.length === 0) return;
  await db.insert(orderPayoutShares).values(rows).onConflictDoNothing();
}

export function listOrderShares(db: DatabaseOrTransaction, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderPayoutShares.orderId,
      userId: orderPayoutShares.userId,
      percent: orderPayoutShares.percent,
      isAdmin: orderPayoutShares.isAdmin,
    })
    .from(orderPayoutShares)
    .where(inArray(orderPayoutShares.orderId, orderIds))
    .orderBy(orderPayoutShares.orderId, sql`${orderPayoutShares.isAdmin} desc`, orderPayoutShares.userId);
}
