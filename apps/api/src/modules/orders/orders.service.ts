import {
  DELIVERY_TEXTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  STATUS_UPDATE_ACTIONS,
  type Order,
  type OrderList,
  type OrderStatus,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps, Clock } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';

import type { PendingNotification } from '../notifications/notifications.service';

import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { recordCompletion } from '../payments/ledger.service';

import * as payments from '../payments/payments.service';

import type { EventBus } from '../../platform/events';

import { isGeneralAdmin } from '../../platform/auth/actor';
import { assertTransition } from './order-lifecycle';
import * as orderFiles from './order-files.repository';
import { announceStep, recordStep, type Audience } from './order-steps';
import * as timeline from './order-timeline.repository';
import { actorsOf, loadHistories, toDisputeResponse, toOrderResponse, type Viewer } from './order-response';
import * as repository from './orders.repository';

// Deliveries, disputes and the timers change orders through this service: the transition table,
// the timeline and the order's files are reached here, never through the orders repositories.
export { assertTransition } from './order-lifecycle';
export { announceStep, recordStep, type Audience } from './order-steps';
export { toReviewResponse } from './review-response';
export { actorsOf, type Viewer } from './order-response';

export interface OrdersContext {
  db: Database;
  publicUrl: string;
  provider: PaymentProvider;
  events: EventBus;
  clock: Clock;
  /** Days after the latest delivery when the system accepts it for the buyer. */
  autoCompleteDays: number;
  /** The marketplace's percent of each completed order (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
}

export function ordersContext({ db, config, events, clock, paymentProvider }: AppDeps): OrdersContext {
  return {
    db,
    events,
    clock,
    publicUrl: config.publicUrl,
    provider: paymentProvider,
    autoCompleteDays: config.autoCompleteDays,
    platformFeePercent: config.platformFeePercent,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

const orderNotFound = () => new AppError('not_found', ORDER_TEXTS.orderNotFound);

/**
 * An order that was never paid (pending after a declined card, or cancelled when that pending order
 * expired) is the buyer's business only: the selling team does not see it at all, so a card tester's
 * declined attempts never fill a team's list.
 */
async function isTeamOf(
  db: DatabaseOrTransaction,
  actor: Actor,
  row: Pick<repository.OrderRow, 'team' | 'neverPaid'>,
) {
  if (row.neverPaid) return false;
  return row.team.adminId === actor.id || (await repository.isTeamMember(db, row.team.id, actor.id));
}

export async function viewerOf(
  db: DatabaseOrTransaction,
  actor: Actor,
  row: Pick<repository.OrderRow, 'order' | 'team' | 'neverPaid'>,
): Promise<Viewer> {
  return {
    isBuyer: row.order.buyerId === actor.id,
    isTeam: await isTeamOf(db, actor, row),
    isAdmin: isGeneralAdmin(actor),
  };
}

export const related = (viewer: Viewer) => viewer.isBuyer || viewer.isTeam || viewer.isAdmin;

/** The buyer, the selling team's admin and members, and general admins; anyone else sees nothing, not even that it exists. */
export async function getOrder(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: number,
  now: Date,
): Promise<Order> {
  const row = await repository.findOrder(db, id);
  if (!row) throw orderNotFound();
  const viewer = await viewerOf(db, actor, row);
  if (!related(viewer)) throw orderNotFound();
  const histories = await loadHistories(db, [id]);
  return toOrderResponse(row, viewer, histories.get(id)!, now);
}

export async function listOrders(
  db: Database,
  actor: Actor,
  query: { status?: OrderStatus; scope?: 'buyer' | 'team' | 'all'; skip: number; limit: number },
  now: Date,
): Promise<OrderList> {
  if (query.scope === 'all' && !isGeneralAdmin(actor)) {
    throw new AppError('forbidden', 'Only a general admin can list every order');
  }
  const teamIds = await repository.teamIdsOf(db, actor.id);
  const { items, counts } = await repository.listOrders(
    db,
    { userId: actor.id, teamIds, scope: query.scope, status: query.status },
    query,
  );
  const countOf = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of counts) countOf[row.status] = row.value;
  const all = Object.values(countOf).reduce((sum, value) => sum + value, 0);
  const admin = isGeneralAdmin(actor);
  const histories = await loadHistories(
    db,
    items.map((row) => row.order.id),
  );
  return {
    items: items.map((row) =>
      toOrderResponse(
        row,
        {
          isBuyer: row.order.buyerId === actor.id,
          isTeam: !row.neverPaid && teamIds.includes(row.order.teamId),
          isAdmin: admin,
        },
        histories.get(row.order.id)!,
        now,
      ),
    ),
    total: query.status ? countOf[query.status] : all,
    counts: { all, ...countOf },
    skip: query.skip,
    limit: query.limit,
  };
}

/**
 * The order for an act only its buyer may do: those who may see the order learn why they cannot
 * do it (`refusal`), anyone else learns nothing.
 */
export async function findOrderOfBuyer(db: DatabaseOrTransaction, actor: Actor, id: number, refusal: string) {
  const row = await repository.findOrder(db, id);
  if (!row) throw orderNotFound();
  if (row.order.buyerId !== actor.id) {
    const sees = isGeneralAdmin(actor) || (await isTeamOf(db, actor, row));
    throw sees ? new AppError('forbidden', refusal) : orderNotFound();
  }
  return row;
}

/** Where to write to a user about an order. */
export async function findUserContact(db: DatabaseOrTransaction, userId: number) {
  return repository.findUserContact(db, userId);
}

const TRANSITION_VERBS: Record<OrderStatus, string> = {
  pending: 'reopened',
  confirmed: 'confirmed',
  in_progress: 'started work on',
  delivered: 'delivered',
  completed: 'completed',
  disputed: 'opened a dispute on',
  cancelled: 'cancelled',
  refunded: 'refunded',
};
const STEP_OF_STATUS = { in_progress: 'work_started', cancelled: 'cancelled', refunded: 'refunded' } as const;

/**
 * PUT /api/orders/{id}/status: Start Work, the buyer's cancel (while confirmed, or in progress once
 * late) and a general admin's refund, checked against the locked row so that two concurrent changes
 * apply one after the other (the second sees the first's result and may fail). Delivering and
 * completing have their own calls; asking for them here is refused with the reason.
 */
export async function updateOrderStatus(
  context: OrdersContext,
  actor: Actor,
  orderId: number,
  target: OrderStatus,
): Promise<Order> {
  const change = await context.db.transaction(async (transaction) => {
    const locked = await repository.lockOrder(transaction, orderId);
    if (!locked) throw orderNotFound();
    const row = (await repository.findOrder(transaction, orderId))!;
    const viewer = await viewerOf(transaction, actor, row);
    if (!related(viewer)) throw orderNotFound();
    if (target === 'completed') throw conflict(DELIVERY_TEXTS.teamCannotComplete);
    if (target === 'delivered') throw conflict(DELIVERY_TEXTS.deliverThroughDelivery);
    if (!(target in STATUS_UPDATE_ACTIONS)) {
      throw conflict(ORDER_TEXTS.transitionNotAllowed(locked.status, target));
    }
    const action = STATUS_UPDATE_ACTIONS[target as keyof typeof STATUS_UPDATE_ACTIONS];
    const now = context.clock();
    let transition;
    try {
      transition = assertTransition(locked, action, actorsOf(viewer), now, target);
    } catch (error) {
      // Here every refusal is a 409 naming both statuses, except a condition the caller can read
      // (not late yet), which says so.
      if (error instanceof AppError && error.detail === DELIVERY_TEXTS.notLate) throw error;
      throw conflict(ORDER_TEXTS.transitionNotAllowed(locked.status, target));
    }

    await repository.setOrderStatus(transaction, orderId, target, now);
    const refundId =
      target === 'cancelled' || target === 'refunded'
        ? await payments.refundOrderPayment(transaction, orderId, now)
        : undefined;
    // The other side: the team hears of the buyer's changes, the buyer of the team's, both of an admin's.
    const audience: Audience[] =
      transition.by === 'team' ? ['buyer'] : transition.by === 'buyer' ? ['team'] : ['buyer', 'team'];
    const notifications = await recordStep(transaction, {
      orderId,
      type: STEP_OF_STATUS[target as keyof typeof STEP_OF_STATUS],
      actorId: actor.id,
      at: now,
      activity: {
        action: `order.${target}`,
        description: `${ORDER_STATUS_LABELS[target]}: order ${orderId} for ${row.package.title}`,
      },
      notify: {
        audience,
        text: `${actor.username} ${TRANSITION_VERBS[target]} the order for ${row.package.title}`,
      },
    });
    return { audience, title: row.package.title, notifications, refundId };
  });
  // The money goes back through the provider only after the change is committed.
  await payments.sendRefund(context, change.refundId);

  await announceStep(context, {
    orderId,
    type: STEP_OF_STATUS[target as keyof typeof STEP_OF_STATUS],
    status: target,
    actorId: actor.id,
    audience: change.audience,
    subject: `Order ${orderId} ${ORDER_STATUS_LABELS[target].toLowerCase()}: ${change.title}`,
    paragraphs: [`${actor.username} ${TRANSITION_VERBS[target]} the order for ${change.title}.`],
    activityAction: `order.${target}`,
    notifications: change.notifications,
  });
  return getOrder(context.db, actor, orderId, context.clock());
}

export interface LockedOrder {
  /** The order row, locked `for update` until the transaction ends. */
  order: repository.OrderRow['order'];
  row: repository.OrderRow;
  viewer: Viewer;
  now: Date;
}

/**
 * Runs `change` in one transaction on the order row locked `for update`, for a caller related to the
 * order (anyone else gets 404, as for reading it). Concurrent changes of one order run one after the
 * other, each seeing the status the previous one left.
 */
export async function withLockedOrder<Result>(
  context: Pick<OrdersContext, 'db' | 'clock'>,
  actor: Actor,
  orderId: number,
  change: (transaction: DatabaseOrTransaction, locked: LockedOrder) => Promise<Result>,
): Promise<Result> {
  return context.db.transaction(async (transaction) => {
    const order = await repository.lockOrder(transaction, orderId);
    if (!order) throw orderNotFound();
    const row = (await repository.findOrder(transaction, orderId))!;
    const viewer = await viewerOf(transaction, actor, row);
    if (!related(viewer)) throw orderNotFound();
    return change(transaction, { order, row, viewer, now: context.clock() });
  });
}

/** Whether the caller may read the order (buyer, team, general admin), without loading its history. */
export async function assertOrderReader(db: DatabaseOrTransaction, actor: Actor, orderId: number) {
  const row = await repository.findOrder(db, orderId);
  if (!row) throw orderNotFound();
  const viewer = await viewerOf(db, actor, row);
  if (!related(viewer)) throw orderNotFound();
  return { row, viewer };
}

/**
 * delivered → completed, in the caller's transaction on the locked row: by the buyer's acceptance
 * (`actor`; the team hears of it) or by the system's timer (`actor` null; both sides hear of it).
 * The held money goes to the fee and the team.
 */
export async function completeOrder(
  transaction: DatabaseOrTransaction,
  orderId: number,
  actor: Actor | null,
  now: Date,
  title: string,
  platformFeePercent: number,
): Promise<PendingNotification[]> {
  await repository.setOrderStatus(transaction, orderId, 'completed', now);
  await recordCompletion(transaction, { orderId, platformFeePercent, at: now });
  return recordStep(transaction, {
    orderId,
    type: actor ? 'accepted' : 'auto_completed',
    actorId: actor?.id ?? null,
    at: now,
    ...(actor
      ? { activity: { action: 'order.completed', description: `Accepted the delivery of ${title}` } }
      : {}),
    notify: actor
      ? { audience: ['team'], text: `${actor.username} accepted the delivery of ${title}` }
      : { audience: ['buyer', 'team'], text: `${title} was completed automatically` },
  });
}

/** A status change inside a caller's transaction on the locked row, after assertTransition allowed it. */
export async function moveOrder(
  transaction: DatabaseOrTransaction,
  orderId: number,
  status: OrderStatus,
  now: Date,
): Promise<void> {
  await repository.setOrderStatus(transaction, orderId, status, now);
}

/** A dispute with the order it is about, for its answer and its readers' checks. */
export async function findDispute(db: DatabaseOrTransaction, id: number) {
  const row = await timeline.findDispute(db, id);
  return row ? { dispute: toDisputeResponse(row), row } : undefined;
}

export async function listDisputes(
  db: DatabaseOrTransaction,
  filter: { status: 'open' | 'resolved' | undefined },
  window: { skip: number; limit: number },
) {
  const { items, total } = await timeline.listDisputes(db, filter, window);
  return { items: items.map(toDisputeResponse), total };
}

/** The uploaded files of an order, locked, to attach them to a delivery. */
export async function lockOrderFiles(transaction: DatabaseOrTransaction, fileIds: string[]) {
  return orderFiles.lockOrderFiles(transaction, fileIds);
}

export async function attachFilesToDelivery(
  transaction: DatabaseOrTransaction,
  deliveryId: number,
  fileIds: string[],
) {
  await orderFiles.attachFilesToDelivery(transaction, deliveryId, fileIds);
}

/** The order row locked `for update`, with the row as answers read it: for the checkout's settlement. */
export async function lockOrderWithRow(transaction: DatabaseOrTransaction, orderId: number) {
  const locked = await repository.lockOrder(transaction, orderId);
  if (!locked) return undefined;
  return { locked, row: (await repository.findOrder(transaction, orderId))! };
}

/** A new order, `pending` until its charge is settled (the checkout places it). */
export function placePendingOrder(
  transaction: DatabaseOrTransaction,
  values: Parameters<typeof repository.insertOrder>[1],
): Promise<number> {
  return repository.insertOrder(transaction, values);
}

/** pending → confirmed when its charge succeeded; the due date counts from the confirmation. */
export async function confirmPaidOrder(
  transaction: DatabaseOrTransaction,
  orderId: number,
  confirmedAt: Date,
  dueAt: Date,
): Promise<void> {
  await repository.confirmOrder(transaction, orderId, confirmedAt, dueAt);
}

/** An order whose payment details the provider refused outright is taken back out. */
export async function deleteUnpaidOrder(transaction: DatabaseOrTransaction, orderId: number): Promise<void> {
  await repository.deleteUnpaidOrder(transaction, orderId);
}

export function isTeamMember(db: DatabaseOrTransaction, teamId: number, userId: number): Promise<boolean> {
  return repository.isTeamMember(db, teamId, userId);
}

/** in_progress → delivered (a delivery, in the caller's transaction on the locked row): the timer starts. */
export async function markOrderDelivered(
  transaction: DatabaseOrTransaction,
  orderId: number,
  now: Date,
  autoCompleteAt: Date,
): Promise<void> {
  await repository.markDelivered(transaction, orderId, now, autoCompleteAt);
}

/** delivered → in_progress on the buyer's request for a revision: one revision used, the timer stopped. */
export async function markRevisionRequested(
  transaction: DatabaseOrTransaction,
  orderId: number,
  now: Date,
): Promise<void> {
  await repository.markRevisionRequested(transaction, orderId, now);
}
