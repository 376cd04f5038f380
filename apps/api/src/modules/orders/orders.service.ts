import { createHash } from 'node:crypto';
import {
  DELIVERY_TEXTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  OFFER_TEXTS,
  STATUS_UPDATE_ACTIONS,
  allowedOrderActions,
  allowedOrderTransitions,
  cardBrandOf,
  type Delivery,
  type Dispute,
  type OrderEvent,
  type OrderEventType,
  type BillingAddress,
  type Order,
  type OrderActor,
  type OrderList,
  type OrderStatus,
  type Payment,
  type PaymentDeclinedResponse,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps, Clock } from '../../deps';
import { AppError, conflict } from '../../errors';
import type { Actor } from '../../plugins/authentication';
import { recordActivity } from '../activity/activity.service';
import type { PendingNotification } from '../notifications/notifications.service';
import type { Mailer } from '../mail/mailer';
import type { ChargeResult, FoundCharge, PaymentProvider } from '../payments/payment-provider';
import { recordCompletion } from '../payments/ledger.service';
import * as offers from '../offers/offers.service';
import * as payments from '../payments/payments.service';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter';
import type { RealtimeBus } from '../realtime/realtime-bus';
import { toReviewResponse } from '../reviews/reviews.mapping';
import { toTeamSummaryResponse } from '../teams/teams.service';
import { isGeneralAdmin } from '../verification/verification.service';
import { assertTransition, conditionsOf } from './order-lifecycle';
import * as orderFiles from './order-files.repository';
import { announceStep, recordStep, type Audience } from './order-steps';
import * as timeline from './order-timeline.repository';
import * as repository from './orders.repository';

// Deliveries, disputes and the timers change orders through this service: the transition table,
// the timeline and the order's files are reached here, never through the orders repositories.
export { assertTransition } from './order-lifecycle';
export { announceStep, recordStep, type Audience } from './order-steps';

export interface OrdersContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  provider: PaymentProvider;
  bus: RealtimeBus;
  clock: Clock;
  /** Days after the latest delivery when the system accepts it for the buyer. */
  autoCompleteDays: number;
  /** The marketplace's percent of each completed order (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
  limiter: RateLimiter;
  paymentAttemptRules: { perBuyer: RateLimitRule; perAddress: RateLimitRule };
}

const HOUR_MS = 60 * 60 * 1000;

export function ordersContext({
  db,
  mailer,
  config,
  bus,
  clock,
  paymentProvider,
  limiter,
}: AppDeps): OrdersContext {
  return {
    db,
    mailer,
    bus,
    clock,
    publicUrl: config.publicUrl,
    provider: paymentProvider,
    autoCompleteDays: config.autoCompleteDays,
    platformFeePercent: config.platformFeePercent,
    limiter,
    paymentAttemptRules: {
      perBuyer: {
        bucket: 'payment-attempt:buyer',
        limit: config.paymentAttemptLimits.perBuyer,
        windowMs: HOUR_MS,
      },
      perAddress: {
        bucket: 'payment-attempt:address',
        limit: config.paymentAttemptLimits.perAddress,
        windowMs: HOUR_MS,
        perAddress: true,
      },
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export interface OrderCreateInput extends payments.PaymentDetails {
  /** Exactly one of the two: a catalogue package, or a custom offer of the buyer's conversation. */
  service_package_id?: number | undefined;
  offer_id?: number | undefined;
  total_amount: number;
  billing_address: BillingAddress;
}

/** A purchase either paid (the order is confirmed) or was declined (it stays pending with a failed payment). */
export type OrderCreateResult = (
  { outcome: 'paid'; order: Order } | { outcome: 'declined'; declined: PaymentDeclinedResponse }
) & { replayed: boolean };

export interface Viewer {
  isBuyer: boolean;
  isTeam: boolean;
  isAdmin: boolean;
}

/** What an order answer carries besides its row: loaded for a page of orders at once. */
interface OrderHistory {
  deliveries: Delivery[];
  dispute: Dispute | null;
  events: OrderEvent[];
}

const orderNotFound = () => new AppError('not_found', ORDER_TEXTS.orderNotFound);
const toCents = (dollars: number) => Math.round(dollars * 100);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The same rule as the `can_purchase_services` flag: BUYER or USER; general admins and superusers may do everything. */
const canPurchase = (actor: Actor) =>
  actor.role === 'BUYER' || actor.role === 'USER' || isGeneralAdmin(actor);

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
async function loadHistories(
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

export function toOrderResponse(
  row: repository.OrderRow,
  viewer: Viewer,
  history: OrderHistory,
  now: Date,
): Order {
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
      service_package_id: input.service_package_id ?? null,
      offer_id: input.offer_id ?? null,
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
    const sees = isGeneralAdmin(actor) || (await isTeamOf(db, actor, row));
    throw sees ? new AppError('forbidden', refusal) : orderNotFound();
  }
  return row;
}

/** Where to write to a user about an order. */
export async function findUserContact(db: DatabaseOrTransaction, userId: number) {
  return repository.findUserContact(db, userId);
}

/**
 * Counts a purchase attempt for the buyer and for the client address before anything reaches the
 * payment provider, refusing with 429 past either limit. Counting happens under the limiter's
 * per-counter lock, so parallel attempts are counted one after the other and at most the limit of
 * them reach the provider. A repeat of an earlier key replays its answer and is not counted.
 */
async function reservePaymentAttempt(
  context: OrdersContext,
  actor: Actor,
  idempotencyKey: string | undefined,
  clientAddress: string,
) {
  if (
    idempotencyKey !== undefined &&
    (await repository.findIdempotencyKey(context.db, actor.id, idempotencyKey))
  ) {
    return undefined;
  }
  const counters = [
    { rule: context.paymentAttemptRules.perBuyer, key: String(actor.id) },
    { rule: context.paymentAttemptRules.perAddress, key: clientAddress },
  ];
  return { counters, reserved: await context.limiter.reserve(counters) };
}

/** A recorded charge, with what its announcement after the commit needs. */
interface SettledCharge {
  /** `given_up`: the money came for an order expired or cancelled meanwhile, and goes back after the commit. */
  outcome: 'paid' | 'declined' | 'given_up';
  chargeKey: string;
  orderId: number;
  buyerId: number;
  buyerUsername: string;
  title: string;
  totalCents: number;
  /** The team's bell entries for a confirmed order, published after the commit. */
  notifications: PendingNotification[];
  /** The custom offer the payment accepted, whose card both sides see change after the commit. */
  offerId?: number | undefined;
}

/**
 * Records the provider's answer for a charge key in the caller's transaction and moves the order
 * with it: a success confirms a pending order (its due date counts from now), a decline leaves it
 * pending with the failed payment. The purchase itself, the webhook and the reconciliation job all
 * come here, and the payment row's lock lets only the first of them record anything (undefined for
 * the others), so an order is confirmed once whoever learns the outcome first.
 */
export async function settleCharge(
  transaction: DatabaseOrTransaction,
  chargeKey: string,
  result: FoundCharge,
  now: Date,
): Promise<SettledCharge | undefined> {
  const recorded = await payments.recordChargeOutcome(transaction, chargeKey, result, now);
  if (!recorded) return undefined;
  const locked = (await repository.lockOrder(transaction, recorded.orderId))!;
  const row = (await repository.findOrder(transaction, recorded.orderId))!;
  const settled: SettledCharge = {
    outcome: recorded.outcome,
    chargeKey,
    orderId: locked.id,
    buyerId: locked.buyerId,
    buyerUsername: row.buyerUsername,
    title: row.package.title,
    totalCents: locked.totalCents,
    notifications: [],
  };
  if (recorded.outcome === 'declined') {
    await recordStep(transaction, {
      orderId: locked.id,
      type: 'payment_failed',
      actorId: locked.buyerId,
      message: recorded.message,
      at: now,
    });
    await recordActivity(transaction, {
      userId: locked.buyerId,
      action: 'order.payment_failed',
      description: `Payment for ${row.package.title} failed: ${recorded.message}`,
      metadata: { order_id: locked.id },
    });
    return settled;
  }
  // Only a pending order is confirmed, and only then does the team hear of it: one given up
  // meanwhile keeps its status and its money is refunded after the commit (see decision 0056).
  if (locked.status !== 'pending') return { ...settled, outcome: 'given_up' };
  await repository.confirmOrder(transaction, locked.id, now, addDays(now, row.package.durationDays));
  // An order of a custom offer accepts the offer here, with the payment: a declined card leaves it
  // pending. The team's word of the new order is then the offer's acceptance.
  const accepted = await offers.acceptPaidOffer(
    transaction,
    {
      packageId: row.package.id,
      orderId: locked.id,
      buyerUsername: row.buyerUsername,
      teamId: row.team.id,
      teamAdminId: row.team.adminId,
    },
    now,
  );
  const confirmed = await recordStep(transaction, {
    orderId: locked.id,
    type: 'confirmed',
    actorId: null,
    at: now,
    ...(accepted
      ? {}
      : {
          notify: {
            audience: ['team'],
            text: `New order from ${row.buyerUsername}: ${row.package.title}`,
          },
        }),
  });
  settled.notifications = accepted ? accepted.notifications : confirmed;
  settled.offerId = accepted?.offerId;
  await recordActivity(transaction, {
    userId: locked.buyerId,
    action: 'order.placed',
    description: `Ordered ${row.package.title} from ${row.team.name}`,
    metadata: { order_id: locked.id },
  });
  return settled;
}

/**
 * After the commit of a charge that confirmed an order: the team hears of the new order. A charge
 * for an order given up is refunded instead; should the provider fail, the money stays held and
 * recorded as such, for a general admin's refund (the order keeps its completed payment).
 */
export async function announceSettledCharge(context: OrdersContext, settled: SettledCharge | undefined) {
  if (settled?.outcome === 'given_up') {
    await payments
      .refundGivenUpCharge(context.db, context.provider, settled.chargeKey, context.clock())
      .catch(() => undefined);
    return;
  }
  if (settled?.outcome !== 'paid') return;
  if (settled.offerId !== undefined) await offers.announceOfferChange(context, settled.offerId);
  await announceStep(context, {
    orderId: settled.orderId,
    type: 'confirmed',
    status: 'confirmed',
    actorId: settled.buyerId,
    audience: ['team'],
    subject: `New order: ${settled.title}`,
    paragraphs: [
      `${settled.buyerUsername} bought ${settled.title} for $${(settled.totalCents / 100).toFixed(2)}.`,
      'The payment is confirmed; start the work when you are ready.',
    ],
    activityAction: 'order.received',
    notifications: settled.notifications,
  });
}

/** The reconciliation job's idea of "long ago": far beyond any provider call's timeout. */
export const STALE_CHARGE_MS = 10 * 60 * 1000;
/**
 * When a charge the provider does not know is taken as never made. Longer than a stale charge,
 * because a provider's search may lag behind its charges (Stripe's: up to an hour in an outage).
 */
export const INTERRUPTED_CHARGE_MS = 2 * 60 * 60 * 1000;
const RECONCILE_BATCH = 50;

/**
 * A crash between the provider call and transaction 2 leaves a pending payment behind. The job
 * asks the provider by the charge key and records its answer; a charge the provider still does not
 * know after INTERRUPTED_CHARGE_MS is recorded as interrupted (nothing was charged), and the pending
 * order then expires as a declined one does. Returns how many charges it recorded.
 */
export async function reconcileCharges(context: OrdersContext): Promise<number> {
  const now = context.clock();
  const stale = await payments.listStaleCharges(
    context.db,
    new Date(now.getTime() - STALE_CHARGE_MS),
    RECONCILE_BATCH,
  );
  let count = 0;
  for (const { chargeKey, placedAt } of stale) {
    const found = await context.provider.findCharge(chargeKey);
    if (!found && now.getTime() - placedAt.getTime() < INTERRUPTED_CHARGE_MS) continue;
    const result: FoundCharge = found ?? {
      outcome: 'declined',
      transactionId: null,
      message: payments.CHARGE_INTERRUPTED_MESSAGE,
      cardBrand: null,
      cardLastFour: null,
    };
    const settled = await context.db.transaction((transaction) =>
      settleCharge(transaction, chargeKey, result, context.clock()),
    );
    if (settled) count += 1;
    await announceSettledCharge(context, settled);
  }
  return count;
}

/**
 * The answer of a purchase whose charge is recorded: the order (201) or the decline (402), stored
 * once under its Idempotency-Key so that every repeat replays the same answer.
 */
async function purchaseAnswer(
  transaction: DatabaseOrTransaction,
  actor: Actor,
  orderId: number,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<OrderCreateResult | undefined> {
  if (idempotencyKey !== undefined) {
    // A concurrent repeat may have stored the answer already: it is the one to give.
    const stored = await repository.findIdempotencyKey(transaction, actor.id, idempotencyKey);
    if (stored && stored.outcome !== 'pending') return replayOf(stored, false);
  }
  const payment = await payments.latestPaymentOf(transaction, orderId);
  if (!payment || payment.status === 'pending') return undefined;
  const answer: OrderCreateResult =
    payment.status === 'failed'
      ? {
          outcome: 'declined',
          declined: {
            detail: payment.failureMessage ?? ORDER_TEXTS.cardDeclined,
            order_id: orderId,
            payment_status: 'failed',
          },
          replayed: false,
        }
      : { outcome: 'paid', order: await getOrder(transaction, actor, orderId, now), replayed: false };
  if (idempotencyKey === undefined) return answer;
  const stored = await repository.finalizeIdempotencyKey(
    transaction,
    actor.id,
    idempotencyKey,
    answer.outcome,
    answer.outcome === 'paid' ? answer.order : answer.declined,
  );
  return stored ? replayOf(stored, false) : answer;
}

function replayOf(
  stored: { outcome: 'paid' | 'declined' | 'pending'; responseBody: unknown },
  replayed: boolean,
): OrderCreateResult {
  return stored.outcome === 'paid'
    ? { outcome: 'paid', order: stored.responseBody as Order, replayed }
    : { outcome: 'declined', declined: stored.responseBody as PaymentDeclinedResponse, replayed };
}

/**
 * Two transactions with the provider call between them, so that no transaction waits on the
 * network: (1) the order `pending`, its payment `pending` with a charge key, and the
 * Idempotency-Key; then the provider is called under the charge key; (2) its answer is recorded. A
 * decline keeps a `pending` order with a `failed` payment (402); a success confirms the order
 * (201); details the provider refuses outright (422) take the order back out. A repeat with the same
 * Idempotency-Key replays a recorded answer, or, while the charge is still open (in flight, or left
 * by a crash), calls the provider again under the same charge key, which charges nothing twice.
 */
export async function createOrder(
  context: OrdersContext,
  actor: Actor,
  input: OrderCreateInput,
  idempotencyKey: string | undefined,
  clientAddress: string,
): Promise<OrderCreateResult> {
  if (!canPurchase(actor)) throw new AppError('forbidden', ORDER_TEXTS.cannotPurchase);
  const fingerprint = requestFingerprint(input);
  const attempt = await reservePaymentAttempt(context, actor, idempotencyKey, clientAddress);

  const started = await context.db.transaction(async (transaction) => {
    if (idempotencyKey !== undefined) {
      await repository.lockIdempotencyKey(transaction, actor.id, idempotencyKey);
      const earlier = await repository.findIdempotencyKey(transaction, actor.id, idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== fingerprint)
          throw new AppError('validation', ORDER_TEXTS.idempotencyKeyReused);
        if (earlier.outcome !== 'pending')
          return { kind: 'replay' as const, answer: replayOf(earlier, true) };
        const orderId = (earlier.responseBody as { order_id: number }).order_id;
        return {
          kind: 'resume' as const,
          orderId,
          pending: await payments.findOpenCharge(transaction, orderId),
        };
      }
    }

    // An offer is bought through its own package (never in the catalogue), after the offer's checks.
    const offer =
      input.offer_id === undefined
        ? undefined
        : await offers.lockOfferForPurchase(transaction, actor, input.offer_id, context.clock());
    const item = await repository.findPackageForPurchase(
      transaction,
      offer ? offer.packageId : input.service_package_id!,
    );
    if (!item || (!offer && item.status !== 'published'))
      throw new AppError('not_found', ORDER_TEXTS.packageNotFound);
    if (!item.teamIsActive) throw new AppError('conflict', ORDER_TEXTS.packageNotPurchasable);
    if (
      item.teamAdminId === actor.id ||
      (await repository.isTeamMember(transaction, item.teamId, actor.id))
    ) {
      throw new AppError('forbidden', ORDER_TEXTS.ownTeamPackage);
    }
    if (toCents(input.total_amount) !== item.priceCents) {
      const mismatch = offer ? OFFER_TEXTS.amountMismatch : ORDER_TEXTS.amountMismatch;
      throw new AppError('conflict', mismatch, [{ path: 'body.total_amount', message: mismatch }]);
    }

    const placedAt = context.clock();
    const orderId = await repository.insertOrder(transaction, {
      buyerId: actor.id,
      servicePackageId: item.id,
      teamId: item.teamId,
      status: 'pending',
      totalCents: item.priceCents,
      revisionsIncluded: item.revisions,
      createdAt: placedAt,
      updatedAt: placedAt,
    });
    await recordStep(transaction, { orderId, type: 'placed', actorId: actor.id, at: placedAt });
    const pending = await payments.startCharge(
      transaction,
      actor.id,
      { id: orderId, amountCents: item.priceCents },
      input,
      placedAt,
    );
    if (idempotencyKey !== undefined) {
      await repository.insertIdempotencyKey(transaction, {
        userId: actor.id,
        key: idempotencyKey,
        requestHash: fingerprint,
        outcome: 'pending',
        responseBody: { order_id: orderId },
      });
    }
    return { kind: 'new' as const, orderId, pending };
  });

  if (started.kind === 'replay') {
    await attempt?.reserved.release();
    return started.answer;
  }
  const replayed = started.kind === 'resume';
  let charged: { chargeKey: string; result: FoundCharge } | undefined;
  if (started.pending) {
    const { pending } = started;
    let result: ChargeResult;
    try {
      result = await payments.requestCharge(context.db, context.provider, actor.id, pending, input);
    } catch {
      // The outcome is unknown: the payment stays pending for a repeat of this purchase (same
      // Idempotency-Key), the webhook or the reconciliation job to record.
      throw new AppError('unavailable', ORDER_TEXTS.paymentUnconfirmed);
    }
    if (result.outcome === 'invalid') {
      await context.db.transaction(async (transaction) => {
        if (idempotencyKey !== undefined)
          await repository.deleteIdempotencyKey(transaction, actor.id, idempotencyKey);
        await repository.deleteUnpaidOrder(transaction, pending.orderId);
      });
      throw new AppError('validation', result.message, [
        { path: `body.${result.field}`, message: result.message },
      ]);
    }
    charged = { chargeKey: pending.chargeKey, result };
  }
  // Transaction 2: the outcome, and the answer every repeat of this purchase will replay.
  const { settled, answer } = await context.db.transaction(async (transaction) => {
    const now = context.clock();
    const recorded = charged
      ? await settleCharge(transaction, charged.chargeKey, charged.result, now)
      : undefined;
    return {
      settled: recorded,
      answer: await purchaseAnswer(transaction, actor, started.orderId, idempotencyKey, now),
    };
  });
  await announceSettledCharge(context, settled);
  // Without an answer the order is still open in the other process that holds its charge.
  if (!answer) throw new AppError('unavailable', ORDER_TEXTS.paymentUnconfirmed);
  const result = { ...answer, replayed: answer.replayed || replayed };
  if (result.outcome === 'declined' && attempt && !replayed) {
    // A decline counts twice: a card tester, who is declined most of the time, meets the limit at
    // half the attempts of a buyer whose card works.
    await context.limiter.reserve(attempt.counters.map((counter) => ({ ...counter, enforce: false })));
  }
  return result;
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
    if (target === 'cancelled' || target === 'refunded') {
      await payments.refundOrderPayment(transaction, context.provider, orderId);
    }
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
    return { audience, title: row.package.title, notifications };
  });

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

/** A retry comes within minutes; a key older than a day only holds the answer it replays. */
export function deleteIdempotencyKeysBefore(db: Database, before: Date): Promise<number> {
  return repository.deleteIdempotencyKeysBefore(db, before);
}
