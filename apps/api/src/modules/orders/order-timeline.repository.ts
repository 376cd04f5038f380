import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderEventType } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  conversationReads,
  deliveries,
  disputes,
  orderEvents,
  orderFiles,
  orders,
  servicePackages,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index';
import { qualified } from '../../db/sql';

const opener = alias(users, 'dispute_opener');
const resolver = alias(users, 'dispute_resolver');
const disputeBuyer = alias(users, 'dispute_buyer');

export async function insertOrderEvent(
  db: DatabaseOrTransaction,
  values: {
    orderId: number;
    type: OrderEventType;
    actorId: number | null;
    message?: string | null;
    createdAt: Date;
  },
) {
  await db.insert(orderEvents).values({ ...values, message: values.message ?? null });
}

/** The timelines of several orders in one query, oldest line first. */
export async function listEvents(db: DatabaseOrTransaction, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderEvents.orderId,
      type: orderEvents.type,
      actorId: orderEvents.actorId,
      actorUsername: users.username,
      message: orderEvents.message,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.id));
}

/** The deliveries of several orders with their files, oldest first. */
export async function listDeliveries(db: DatabaseOrTransaction, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ delivery: deliveries, file: orderFiles })
    .from(deliveries)
    .leftJoin(orderFiles, eq(orderFiles.deliveryId, deliveries.id))
    .where(inArray(deliveries.orderId, orderIds))
    .orderBy(asc(deliveries.id), asc(orderFiles.createdAt), asc(orderFiles.id));
  const byId = new Map<
    number,
    { delivery: typeof deliveries.$inferSelect; files: (typeof orderFiles.$inferSelect)[] }
  >();
  for (const row of rows) {
    let entry = byId.get(row.delivery.id);
    if (!entry) {
      entry = { delivery: row.delivery, files: [] };
      byId.set(row.delivery.id, entry);
    }
    if (row.file) entry.files.push(row.file);
  }
  return [...byId.values()];
}
export type DeliveryWithFiles = Awaited<ReturnType<typeof listDeliveries>>[number];

function selectDisputes(db: DatabaseOrTransaction) {
  return db
    .select({
      dispute: disputes,
      openerUsername: opener.username,
      resolverUsername: resolver.username,
      order: {
        status: orders.status,
        totalCents: orders.totalCents,
        buyerId: orders.buyerId,
        teamId: orders.teamId,
      },
      buyerUsername: disputeBuyer.username,
      teamName: teams.name,
      teamAdminId: teams.adminId,
      packageTitle: servicePackages.title,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(disputeBuyer, eq(disputeBuyer.id, orders.buyerId))
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .leftJoin(opener, eq(opener.id, disputes.openedById))
    .leftJoin(resolver, eq(resolver.id, disputes.resolvedById));
}
export type DisputeRow = Awaited<ReturnType<typeof selectDisputes>>[number];

/** Per order, the open dispute or else the latest one. */
export async function listCurrentDisputes(db: DatabaseOrTransaction, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return selectDisputes(db)
    .where(inArray(disputes.orderId, orderIds))
    .orderBy(asc(disputes.orderId), sql`${disputes.status} = 'open' desc`, desc(disputes.id));
}

export async function findDispute(db: DatabaseOrTransaction, id: number) {
  const [row] = await selectDisputes(db).where(eq(disputes.id, id));
  return row;
}

export async function listDisputes(
  db: DatabaseOrTransaction,
  filter: { status: 'open' | 'resolved' | undefined },
  window: { skip: number; limit: number },
) {
  const where = filter.status ? eq(disputes.status, filter.status) : undefined;
  const [items, [total]] = await Promise.all([
    selectDisputes(db).where(where).orderBy(desc(disputes.id)).offset(window.skip).limit(window.limit),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(disputes)
      .where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** Whether the order has, or had, a dispute (open or resolved). */
export async function hasDispute(db: DatabaseOrTransaction, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(eq(disputes.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/** Records that a general admin read an order's conversation (or downloaded one of its files). */
export async function insertConversationRead(
  db: DatabaseOrTransaction,
  values: { adminId: number; orderId: number; fileId: string | null },
) {
  await db.insert(conversationReads).values(values);
}

/** Everyone who hears of a change to an order: its buyer, its team's admin and members. */
export async function findOrderParties(db: DatabaseOrTransaction, orderId: number) {
  const [row] = await db
    .select({
      buyerId: orders.buyerId,
      teamId: orders.teamId,
      teamAdminId: teams.adminId,
      title: servicePackages.title,
      memberIds: sql<
        number[]
      >`coalesce((select array_agg(m.user_id) from ${teamMembers} m where m.team_id = ${qualified(teams.id)}), '{}')`,
    })
    .from(orders)
    .innerJoin(teams, eq(teams.id, orders.teamId))
    .innerJoin(servicePackages, eq(servicePackages.id, orders.servicePackageId))
    .where(eq(orders.id, orderId));
  return row;
}
