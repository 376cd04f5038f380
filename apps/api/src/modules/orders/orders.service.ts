import { createHash } from 'node:crypto';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  ORDER_TRANSITIONS,
  allowedOrderTransitions,
  cardBrandOf,
  type BillingAddress,
  type Order,
  type OrderActor,
  type OrderList,
  type OrderStatus,
  type Payment,
  type PaymentDeclinedResponse,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/authentication';
import { recordActivity } from '../activity/activity.service';
import type { Mailer } from '../mail/mailer';
import { notificationEmail } from '../mail/templates';
import type { PaymentProvider } from '../payments/payment-provider';
import * as payments from '../payments/payments.service';
import { toReviewResponse } from '../reviews/reviews.mapping';
import { toTeamSummaryResponse } from '../teams/teams.service';
import { isGeneralAdmin } from '../verification/verification.service';
import * as repository from './orders.repository';

export interface OrdersContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  provider: PaymentProvider;
}

export function ordersContext({ db, mailer, config, paymentProvider }: AppDeps): OrdersContext {
  return { db, mailer, publicUrl: config.publicUrl, provider: paymentProvider };
}

export interface OrderCreateInput extends payments.PaymentDetails {
  service_package_id: number;
  total_amount: number;
  billing_address: BillingAddress;
}

/** A purchase either paid (the order is confirmed) or was declined (it stays pending with a failed payment). */
export type OrderCreateResult = (
  { outcome: 'paid'; order: Order } | { outcome: 'declined'; declined: PaymentDeclinedResponse }
) & { replayed: boolean };

interface Viewer {
  isBuyer: boolean;
  isTeam: boolean;
  isAdmin: boolean;
}

const orderNotFound = () => new AppError('not_found', ORDER_TEXTS.orderNotFound);
const toCents = (dollars: number) => Math.round(dollars * 100);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The same rule as the `can_purchase_services` flag: BUYER or USER; general admins and superusers may do everything. */
const canPurchase = (actor: Actor) =>
  actor.role === 'BUYER' || actor.role === 'USER' || isGeneralAdmin(actor);

const actorsOf = (viewer: Viewer): OrderActor[] => [
  ...(viewer.isBuyer ? (['buyer'] as const) : []),
  ...(viewer.isTeam ? (['team'] as const) : []),
  ...(viewer.isAdmin ? (['admin'] as const) : []),
];

export function toOrderResponse(row: repository.OrderRow, viewer: Viewer): Order {
  const { order } = row;
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
    review: row.review
      ? toReviewResponse(row.review, { buyerUsername: row.buyerUsername, packageTitle: row.package.title })
      : null,
    viewer: { is_buyer: viewer.isBuyer, is_team: viewer.isTeam, is_admin: viewer.isAdmin },
    allowed_transitions: allowedOrderTransitions(order.status, actorsOf(viewer)),
    can_review: viewer.isBuyer && order.status === 'completed' && !row.review,
  };
}

async function viewerOf(
  db: DatabaseOrTransaction,
  actor: Actor,
  order: { buyerId: number },
  team: { id: number; adminId: number },
): Promise<Viewer> {
  return {
    isBuyer: order.buyerId === actor.id,
    isTeam: team.adminId === actor.id || (await repository.isTeamMember(db, team.id, actor.id)),
    isAdmin: isGeneralAdmin(actor),
  };
}

const related = (viewer: Viewer) => viewer.isBuyer || viewer.isTeam || viewer.isAdmin;

/** The buyer, the selling team's admin and members, and general admins; anyone else sees nothing, not even that it exists. */
export async function getOrder(db: DatabaseOrTransaction, actor: Actor, id: number): Promise<Order> {
  const row = await repository.findOrder(db, id);
  if (!row) throw orderNotFound();
  const viewer = await viewerOf(db, actor, row.order, row.team);
  if (!related(viewer)) throw orderNotFound();
  return toOrderResponse(row, viewer);
}

export async function listOrders(
  db: Database,
  actor: Actor,
  query: { status?: OrderStatus; scope?: 'buyer' | 'team' | 'all'; skip: number; limit: number },
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
  return {
    items: items.map((row) =>
      toOrderResponse(row, {
        isBuyer: row.order.buyerId === actor.id,
        isTeam: teamIds.includes(row.order.teamId),
        isAdmin: admin,
      }),
    ),
    total: query.status ? countOf[query.status] : all,
    counts: { all, ...countOf },
    skip: query.skip,
    limit: query.limit,
  };
}

/**
 * What decides whether two requests with one Idempotency-Key are "the same": the body with the
 * card reduced to what may be kept (brand, last four, expiry), so neither the number nor the CVV feeds even a hash.
 */
function requestFingerprint(input: OrderCreateInput): string {
  const card = input.card
    ? {
        brand: cardBrandOf(input.card.card_number),
        last_four: input.card.card_number.slice(-4),
        expiry_month: input.card.expiry_month,
        expiry_year: input.card.expiry_year,
        cardholder_name: input.card.cardholder_name,
      }
    : null;
  const canonical = JSON.stringify(
    {
      service_package_id: input.service_package_id,
      total_amount: toCents(input.total_amount),
      payment_method: input.payment_method,
      card,
      paypal_email: input.paypal_email?.toLowerCase() ?? null,
      billing_address: input.billing_address,
    },
    (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The order for an act only its buyer may do: those who may see the order learn why they cannot
 * do it (`refusal`), anyone else learns nothing.
 */
export async function findOrderOfBuyer(db: DatabaseOrTransaction, actor: Actor, id: number, refusal: string) {
  const row = await repository.findOrder(db, id);
  if (!row) throw orderNotFound();
  if (row.order.buyerId !== actor.id) {
    const sees =
      isGeneralAdmin(actor) ||
      row.team.adminId === actor.id ||
      (await repository.isTeamMember(db, row.team.id, actor.id));
    throw sees ? new AppError('forbidden', refusal) : orderNotFound();
  }
  return row;
}

/** Where to write to a user about an order. */
export async function findUserContact(db: DatabaseOrTransaction, userId: number) {
  return repository.findUserContact(db, userId);
}

/**
 * The order and its payment are written in one transaction around the
 * provider's answer. A decline keeps a `pending` order with a `failed` payment (402); a success
 * confirms the order (201). With an Idempotency-Key, repeats by the same user get the first answer.
 */
export async function createOrder(
  context: OrdersContext,
  actor: Actor,
  input: OrderCreateInput,
  idempotencyKey: string | undefined,
): Promise<OrderCreateResult> {
  if (!canPurchase(actor)) throw new AppError('forbidden', ORDER_TEXTS.cannotPurchase);
  const fingerprint = requestFingerprint(input);

  const outcome = await context.db.transaction(async (transaction) => {
    if (idempotencyKey !== undefined) {
      await repository.lockIdempotencyKey(transaction, actor.id, idempotencyKey);
      const earlier = await repository.findIdempotencyKey(transaction, actor.id, idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== fingerprint)
          throw new AppError('validation', ORDER_TEXTS.idempotencyKeyReused);
        return { kind: 'replay' as const, replay: earlier };
      }
    }

    const item = await repository.findPackageForPurchase(transaction, input.service_package_id);
    if (!item || item.status !== 'published') throw new AppError('not_found', ORDER_TEXTS.packageNotFound);
    if (!item.teamIsActive) throw new AppError('conflict', ORDER_TEXTS.packageNotPurchasable);
    if (
      item.teamAdminId === actor.id ||
      (await repository.isTeamMember(transaction, item.teamId, actor.id))
    ) {
      throw new AppError('forbidden', ORDER_TEXTS.ownTeamPackage);
    }
    if (toCents(input.total_amount) !== item.priceCents) {
      throw new AppError('conflict', ORDER_TEXTS.amountMismatch, [
        { path: 'body.total_amount', message: ORDER_TEXTS.amountMismatch },
      ]);
    }

    const orderId = await repository.insertOrder(transaction, {
      buyerId: actor.id,
      servicePackageId: item.id,
      teamId: item.teamId,
      status: 'pending',
      totalCents: item.priceCents,
    });
    const charge = await payments.chargeOrder(
      transaction,
      context.provider,
      { id: orderId, amountCents: item.priceCents },
      input,
    );

    let result: OrderCreateResult;
    if (charge.outcome === 'declined') {
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'order.payment_failed',
        description: `Payment for ${item.title} failed: ${charge.message}`,
        metadata: { order_id: orderId },
      });
      result = {
        outcome: 'declined',
        declined: { detail: charge.message, order_id: orderId, payment_status: 'failed' },
        replayed: false,
      };
    } else {
      await repository.setOrderStatus(transaction, orderId, 'confirmed');
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'order.placed',
        description: `Ordered ${item.title} from ${item.teamName}`,
        metadata: { order_id: orderId },
      });
      result = { outcome: 'paid', order: await getOrder(transaction, actor, orderId), replayed: false };
    }
    if (idempotencyKey !== undefined) {
      await repository.insertIdempotencyKey(transaction, {
        userId: actor.id,
        key: idempotencyKey,
        requestHash: fingerprint,
        outcome: result.outcome,
        responseBody: result.outcome === 'paid' ? result.order : result.declined,
      });
    }
    return { kind: 'new' as const, result, teamAdminId: item.teamAdminId, title: item.title };
  });

  if (outcome.kind === 'replay') {
    const { replay } = outcome;
    return replay.outcome === 'paid'
      ? { outcome: 'paid', order: replay.responseBody as Order, replayed: true }
      : { outcome: 'declined', declined: replay.responseBody as PaymentDeclinedResponse, replayed: true };
  }
  if (outcome.result.outcome === 'paid') {
    const order = outcome.result.order;
    await notify(context, outcome.teamAdminId, order.id, `New order: ${outcome.title}`, [
      `${actor.username} bought ${outcome.title} for $${order.total_amount.toFixed(2)}.`,
      'The payment is confirmed; start the work when you are ready.',
    ]);
  }
  return outcome.result;
}

async function notify(
  context: OrdersContext,
  userId: number,
  orderId: number,
  subject: string,
  paragraphs: string[],
): Promise<void> {
  const recipient = await repository.findUserContact(context.db, userId);
  if (!recipient) return;
  await context.mailer.send(
    notificationEmail(recipient.email, recipient.username, subject, paragraphs, {
      label: 'View the order',
      link: `${context.publicUrl}/orders/${orderId}`,
    }),
  );
}

const TRANSITION_VERBS: Record<OrderStatus, string> = {
  pending: 'reopened',
  confirmed: 'confirmed',
  in_progress: 'started work on',
  completed: 'completed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * The state machine of ORDER_TRANSITIONS, checked against the locked row so that two
 * concurrent changes apply one after the other (the second sees the first's result and may fail).
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
    const viewer = await viewerOf(transaction, actor, locked, row.team);
    if (!related(viewer)) throw orderNotFound();
    const actingAs = actorsOf(viewer).find((kind) =>
      ORDER_TRANSITIONS[kind][locked.status]?.includes(target),
    );
    if (!actingAs) throw new AppError('conflict', ORDER_TEXTS.transitionNotAllowed(locked.status, target));

    await repository.setOrderStatus(transaction, orderId, target);
    if (target === 'cancelled' || target === 'refunded') {
      await payments.refundOrderPayment(transaction, context.provider, orderId);
    }
    await recordActivity(transaction, {
      userId: actor.id,
      action: `order.${target}`,
      description: `${ORDER_STATUS_LABELS[target]}: order ${orderId} for ${row.package.title}`,
      metadata: { order_id: orderId, from: locked.status, to: target },
    });
    return { actingAs, buyerId: locked.buyerId, teamAdminId: row.team.adminId, title: row.package.title };
  });

  const subject = `Order ${orderId} ${ORDER_STATUS_LABELS[target].toLowerCase()}: ${change.title}`;
  const paragraphs = [`${actor.username} ${TRANSITION_VERBS[target]} the order for ${change.title}.`];
  // The other side: the team hears of the buyer's changes, the buyer of the team's, both of an admin's.
  const recipients =
    change.actingAs === 'team'
      ? [change.buyerId]
      : change.actingAs === 'buyer'
        ? [change.teamAdminId]
        : [change.buyerId, change.teamAdminId];
  for (const recipient of new Set(recipients)) {
    if (recipient !== actor.id) await notify(context, recipient, orderId, subject, paragraphs);
  }
  return getOrder(context.db, actor, orderId);
}

/** A general admin refunds a payment, which refunds its order through the order's state machine. */
export async function refundPaymentById(
  context: OrdersContext,
  actor: Actor,
  paymentId: number,
): Promise<Payment> {
  const { orderId } = await payments.refundablePayment(context.db, actor, paymentId);
  await updateOrderStatus(context, actor, orderId, 'refunded');
  return payments.getPayment(context.db, paymentId);
}
