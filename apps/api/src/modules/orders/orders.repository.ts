import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  offers,
  orderEvents,
  orders,
  payments,
  reviews,
  servicePackages,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index';
import { teamSummaryColumns } from '../../db/selections';
import { qualified } from '../../db/sql';

const buyer = alias(users, 'order_buyer');
const teamAdmin = alias(users, 'order_team_admin');

/** The order's newest payment: a purchase writes one, but nothing else here relies on that. */
const latestPayment = sql`${qualified(payments.id)} = (select max(p.id) from ${payments} p where p.order_id = ${qualified(orders.id)})`;

/**
 * The payment never went through: the order is pending (a declined card) or was cancelled by the
 * expiry of such a pending order, the only way an order is ever `expired`.
 */
const neverPaid = sql<boolean>`(${qualified(orders.status)} = 'pending' or exists (select 1 from ${orderEvents} e where e.order_id = ${qualified(orders.id)} and e.type = 'expired'))`;

function selectOrders(db: DatabaseOrTransaction) {
  return db
    .select({
      order: orders,
      package: {
        id: servicePackages.id,
        title: servicePackages.title,
        description: servicePackages.description,
        priceCents: servicePackages.priceCents,
        durationDays: servicePackages.durationDays,
        tags: servicePackages.tags,
        status: servicePackages.status,
      },
      team: teamSummaryColumns,
      teamAdminUsername: teamAdmin.username,
      buyerUsername: buyer.username,
      payment: payments,
      review: reviews,
      neverPaid,
      /** The custom offer the order bought (through the offer's own package), and its conversation. */
      offer: { id: offers.id, chatRoomId: offers.chatRoomId },
    })
    .from(orders)
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .leftJoin(offers, eq(offers.packageId, orders.servicePackageId))
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .innerJoin(teamAdmin, eq(teamAdmin.id, teams.adminId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(payments, and(eq(payments.orderId, orders.id), latestPayment))
    .leftJoin(reviews, eq(reviews.orderId, orders.id));
}
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export async function findOrder(db: DatabaseOrTransaction, id: number): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row;
}

/**
 * Which orders a caller sees in the list: bought by them, or sold by a team they belong to and paid
 * (an order whose payment never went through, pending or expired, is the buyer's only).
 */
function scopeCondition(userId: number, teamIds: number[], scope: 'buyer' | 'team' | 'all' | undefined): SQL {
  if (scope === 'all') return sql`true`;
  const bought = eq(orders.buyerId, userId);
  const sold = teamIds.length > 0 ? and(inArray(orders.teamId, teamIds), sql`not ${neverPaid}`)! : sql`false`;
  if (scope === 'buyer') return bought;
  if (scope === 'team') return sold;
  return or(bought, sold)!;
}

export async function listOrders(
  db: DatabaseOrTransaction,
  filter: {
    userId: number;
    teamIds: number[];
    scope: 'buyer' | 'team' | 'all' | undefined;
    status: OrderStatus | undefined;
  },
  window: { skip: number; limit: number },
) {
  const inScope = scopeCondition(filter.userId, filter.teamIds, filter.scope);
  const where = filter.status ? and(inScope, eq(orders.status, filter.status)) : inScope;
  const [items, counts] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(window.skip)
      .limit(window.limit),
    db.select({ status: orders.status, value: count() }).from(orders).where(inScope).groupBy(orders.status),
  ]);
  return { items, counts };
}

/** Every team the user administers or belongs to. */
export async function teamIdsOf(db: DatabaseOrTransaction, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      or(
        eq(teams.adminId, userId),
        sql`exists (select 1 from ${teamMembers} m where m.team_id = ${qualified(teams.id)} and m.user_id = ${userId})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The order row locked for a status change, so concurrent transitions apply one after the other. */
export async function lockOrder(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function insertOrder(db: DatabaseOrTransaction, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  return row!.id;
}

/** A status change at `now`; leaving `delivered` or entering a final status stops the auto-complete timer. */
export async function setOrderStatus(
  db: DatabaseOrTransaction,
  id: number,
  status: OrderStatus,
  now: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  await db
    .update(orders)
    .set({
      status,
      updatedAt: now,
      autoCompleteAt: null,
      ...(status === 'completed' ? { completedAt: now } : {}),
      ...extra,
    })
    .where(eq(orders.id, id));
}

/** The payment succeeded: the order is confirmed and its due date fixed. */
export async function confirmOrder(db: DatabaseOrTransaction, id: number, confirmedAt: Date, dueAt: Date) {
  await db
    .update(orders)
    .set({ status: 'confirmed', updatedAt: confirmedAt, confirmedAt, dueAt })
    .where(eq(orders.id, id));
}

export async function isTeamMember(db: DatabaseOrTransaction, teamId: number, userId: number) {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return rows.length > 0;
}

export async function findUserContact(db: DatabaseOrTransaction, userId: number) {
  const [row] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** An order whose details the provider refused outright: it goes with its payment and timeline, as if never placed. */
export async function deleteUnpaidOrder(db: DatabaseOrTransaction, id: number) {
  await db.delete(orders).where(and(eq(orders.id, id), eq(orders.status, 'pending')));
}

/** in_progress → delivered: the latest delivery's time and when the system will accept it. */
export async function markDelivered(
  db: DatabaseOrTransaction,
  orderId: number,
  now: Date,
  autoCompleteAt: Date,
) {
  await db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now, autoCompleteAt, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** delivered → in_progress on the buyer's request: one revision used, the timer stopped. */
export async function markRevisionRequested(db: DatabaseOrTransaction, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({
      status: 'in_progress',
      revisionsUsed: sql`${orders.revisionsUsed} + 1`,
      autoCompleteAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
}
