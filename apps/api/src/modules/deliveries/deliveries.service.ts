import { DELIVERY_TEXTS, type DeliveryList, type Order } from '@teamhire/shared';
import { conflict } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import {
  actorsOf,
  addDays,
  announceStep,
  assertTransition,
  attachFilesToDelivery,
  completeOrder,
  getOrder,
  lockOrderFiles,
  markOrderDelivered,
  markRevisionRequested,
  recordStep,
  withLockedOrder,
  type OrdersContext,
} from '../orders/orders.service';
import * as repository from './deliveries.repository';

const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

/**
 * The team delivers: in_progress → delivered with a message and files uploaded to this order that no
 * other delivery holds. Every delivery is kept; the auto-complete timer starts from the latest.
 */
export async function createDelivery(
  context: OrdersContext,
  actor: Actor,
  orderId: number,
  input: { message: string; file_ids?: string[] | undefined },
): Promise<Order> {
  const fileIds = [...new Set(input.file_ids ?? [])];
  const delivered = await withLockedOrder(
    context,
    actor,
    orderId,
    async (transaction, { order, row, viewer, now }) => {
      assertTransition(order, 'deliver', actorsOf(viewer), now);
      const held = await lockOrderFiles(transaction, fileIds);
      if (held.length !== fileIds.length || held.some((file) => file.orderId !== orderId)) {
        throw conflict(DELIVERY_TEXTS.fileNotOfOrder);
      }
      if (held.some((file) => file.deliveryId !== null)) throw conflict(DELIVERY_TEXTS.fileInOtherDelivery);
      const deliveryId = await repository.insertDelivery(transaction, {
        orderId,
        authorId: actor.id,
        message: input.message,
        createdAt: now,
      });
      await attachFilesToDelivery(transaction, deliveryId, fileIds);
      await markOrderDelivered(transaction, orderId, now, addDays(now, context.autoCompleteDays));
      const notifications = await recordStep(transaction, {
        orderId,
        type: 'delivered',
        actorId: actor.id,
        message: input.message,
        at: now,
        activity: {
          action: 'order.delivered',
          description: `Delivered order ${orderId} for ${row.package.title}`,
        },
        notify: { audience: ['buyer'], text: `${actor.username} delivered ${row.package.title}` },
      });
      return { title: row.package.title, notifications };
    },
  );
  const { title } = delivered;
  await announceStep(context, {
    orderId,
    type: 'delivered',
    status: 'delivered',
    actorId: actor.id,
    audience: ['buyer'],
    subject: `Order ${orderId} delivered: ${title}`,
    paragraphs: [
      `${actor.username} delivered the order for ${title}:`,
      excerpt(input.message),
      `Accept the delivery or request a revision. Without either, it is accepted for you after ${context.autoCompleteDays} days.`,
    ],
    activityAction: 'order.delivered',
    notifications: delivered.notifications,
  });
  return getOrder(context.db, actor, orderId, context.clock());
}

export async function listDeliveries(
  context: Pick<OrdersContext, 'db' | 'clock'>,
  actor: Actor,
  orderId: number,
): Promise<DeliveryList> {
  // Reading the order decides who may see its deliveries: its buyer, its team and general admins.
  const order = await getOrder(context.db, actor, orderId, context.clock());
  return { items: order.deliveries };
}

/** The buyer accepts the latest delivery: delivered → completed. */
export async function acceptDelivery(context: OrdersContext, actor: Actor, orderId: number): Promise<Order> {
  const { title, notifications } = await withLockedOrder(
    context,
    actor,
    orderId,
    async (transaction, { order, row, viewer, now }) => {
      assertTransition(order, 'accept', actorsOf(viewer), now);
      return {
        title: row.package.title,
        notifications: await completeOrder(
          transaction,
          orderId,
          actor,
          now,
          row.package.title,
          context.platformFeePercent,
        ),
      };
    },
  );
  await announceStep(context, {
    orderId,
    type: 'accepted',
    status: 'completed',
    actorId: actor.id,
    audience: ['team'],
    subject: `Order ${orderId} completed: ${title}`,
    paragraphs: [`${actor.username} accepted the delivery of ${title}. The order is completed.`],
    activityAction: 'order.completed',
    notifications,
  });
  return getOrder(context.db, actor, orderId, context.clock());
}

/** The buyer asks for changes: delivered → in_progress, one revision used, the timer stopped. */
export async function requestRevision(
  context: OrdersContext,
  actor: Actor,
  orderId: number,
  input: { message: string },
): Promise<Order> {
  const { title, notifications } = await withLockedOrder(
    context,
    actor,
    orderId,
    async (transaction, { order, row, viewer, now }) => {
      assertTransition(order, 'request_revision', actorsOf(viewer), now);
      await markRevisionRequested(transaction, orderId, now);
      const notifications = await recordStep(transaction, {
        orderId,
        type: 'revision_requested',
        actorId: actor.id,
        message: input.message,
        at: now,
        activity: {
          action: 'order.revision_requested',
          description: `Requested a revision of ${row.package.title}`,
        },
        notify: {
          audience: ['team'],
          text: `${actor.username} requested a revision of ${row.package.title}`,
        },
      });
      return { title: row.package.title, notifications };
    },
  );
  await announceStep(context, {
    orderId,
    type: 'revision_requested',
    status: 'in_progress',
    actorId: actor.id,
    audience: ['team'],
    subject: `Revision requested on order ${orderId}: ${title}`,
    paragraphs: [`${actor.username} asked for a revision of ${title}:`, excerpt(input.message)],
    activityAction: 'order.revision_requested',
    notifications,
  });
  return getOrder(context.db, actor, orderId, context.clock());
}
