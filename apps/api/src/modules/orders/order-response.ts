import {
  allowedOrderActions,
  allowedOrderTransitions,
  type Delivery,
  type Dispute,
  type Order,
  type OrderActor,
  type OrderEvent,
  type OrderEventType,
} from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import * as payments from '../payments/payments.service';
import { toTeamSummaryResponse } from '../teams/teams.service';
import { conditionsOf } from './order-lifecycle';
import * as timeline from './order-timeline.repository';
import type { OrderRow } from './orders.repository';
import { toReviewResponse } from './review-response';

/** How the caller stands to an order: its buyer, on its team, a general admin (or several). */
export interface Viewer {
  isBuyer: boolean;
  isTeam: boolean;
  isAdmin: boolean;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What an order answer carries besides its row: loaded for a page of orders at once. */
export interface OrderHistory {
  deliveries: Delivery[];
  dispute: Dispute | null;
  events: OrderEvent[];
}

export const actorsOf = (viewer: Viewer): OrderActor[] => [
  ...(viewer.isBuyer ? (['buyer'] as const) : []),
  ...(viewer.isTeam ? (['team'] as const) : []),
  ...(viewer.isAdmin ? (['admin'] as const) : []),
];

export function toDeliveryResponse(entry: timeline.DeliveryWithFiles): Delivery {
  return {
    id: entry.delivery.id,
    message: entry.delivery.message,
    files: entry.files.map((file) => ({ id: file.id, file_name: file.originalName, size: file.sizeBytes })),
    created_at: entry.delivery.createdAt.toISOString(),
  };
}

export function toDisputeResponse(row: timeline.DisputeRow): Dispute {
  const { dispute } = row;
  return {
    id: dispute.id,
    order_id: dispute.orderId,
    status: dispute.status,
    reason: dispute.reason,
    details: dispute.details,
    opened_by:
      dispute.openedById !== null && row.openerUsername !== null
        ? { id: dispute.openedById, username: row.openerUsername }
        : null,
    created_at: dispute.createdAt.toISOString(),
    outcome: dispute.outcome,
    refund_amount: dispute.refundCents === null ? null : dispute.refundCents / 100,
    resolution_message: dispute.resolutionMessage,
    resolved_by:
      dispute.resolvedById !== null && row.resolverUsername !== null
        ? { id: dispute.resolvedById, username: row.resolverUsername }
        : null,
    resolved_at: iso(dispute.resolvedAt),
    order: {
      status: row.order.status,
      total_amount: row.order.totalCents / 100,
      service_package_title: row.packageTitle,
      buyer: { id: row.order.buyerId, username: row.buyerUsername },
      team: { id: row.order.teamId, name: row.teamName },
    },
  };
}

/** Deliveries, the current dispute and the timeline of several orders, in three queries whatever their number. */
export async function loadHistories(
  db: DatabaseOrTransaction,
  orderIds: number[],
): Promise<Map<number, OrderHistory>> {
  const [deliveryRows, disputeRows, eventRows] = await Promise.all([
    timeline.listDeliveries(db, orderIds),
    timeline.listCurrentDisputes(db, orderIds),
    timeline.listEvents(db, orderIds),
  ]);
  const histories = new Map<number, OrderHistory>(
    orderIds.map((id) => [id, { deliveries: [], dispute: null, events: [] }]),
  );
  for (const entry of deliveryRows)
    histories.get(entry.delivery.orderId)?.deliveries.push(toDeliveryResponse(entry));
  for (const row of disputeRows) {
    const history = histories.get(row.dispute.orderId);
    // The rows come open first, then newest first: the first one of an order is its current dispute.
    if (history && !history.dispute) history.dispute = toDisputeResponse(row);
  }
  for (const row of eventRows) {
    histories.get(row.orderId)?.events.push({
      type: row.type as OrderEventType,
      actor:
        row.actorId !== null && row.actorUsername !== null
          ? { id: row.actorId, username: row.actorUsername }
          : null,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    });
  }
  return histories;
}

export function toOrderResponse(row: OrderRow, viewer: Viewer, history: OrderHistory, now: Date): Order {
  const { order } = row;
  const actors = actorsOf(viewer);
  const conditions = conditionsOf(order, now);
  return {
    id: order.id,
    status: order.status,
    total_amount: order.totalCents / 100,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    completed_at: iso(order.completedAt),
    team_id: order.teamId,
    service_package_id: order.servicePackageId,
    buyer_id: order.buyerId,
    buyer: { id: order.buyerId, username: row.buyerUsername },
    offer_id: row.offer?.id ?? null,
    chat_room_id: row.offer?.chatRoomId ?? null,
    service_package: {
      id: row.package.id,
      title: row.package.title,
      description: row.package.description,
      price: row.package.priceCents / 100,
      duration_days: row.package.durationDays,
      tags: row.package.tags,
      status: row.package.status,
    },
    team: toTeamSummaryResponse(row.team, row.teamAdminUsername),
    payment: row.payment ? payments.toPaymentResponse(row.payment) : null,
    ...(viewer.isBuyer && row.payment?.status === 'pending' && row.payment.actionClientSecret
      ? {
          payment_action: {
            status: 'requires_action' as const,
            client_secret: row.payment.actionClientSecret,
          },
        }
      : {}),
    review: row.review
      ? toReviewResponse(row.review, { buyerUsername: row.buyerUsername, packageTitle: row.package.title })
      : null,
    viewer: { is_buyer: viewer.isBuyer, is_team: viewer.isTeam, is_admin: viewer.isAdmin },
    allowed_transitions: allowedOrderTransitions(order.status, actors, conditions),
    allowed_actions: allowedOrderActions(order.status, actors, conditions),
    can_review: viewer.isBuyer && order.status === 'completed' && !row.review,
    confirmed_at: iso(order.confirmedAt),
    due_at: iso(order.dueAt),
    delivered_at: iso(order.deliveredAt),
    auto_complete_at: iso(order.autoCompleteAt),
    revisions_included: order.revisionsIncluded,
    revisions_used: order.revisionsUsed,
    deliveries: history.deliveries,
    dispute: history.dispute,
    events: history.events,
  };
}
