import {
  DELIVERY_TEXTS,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type Dispute,
  type DisputeList,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeStatus,
  type OrderStatus,
} from '@teamhire/shared';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import {
  actorsOf,
  announceStep,
  assertOrderReader,
  assertTransition,
  findDispute,
  listDisputes as listDisputeRows,
  moveOrder,
  recordStep,
  withLockedOrder,
  type Audience,
  type OrdersContext,
} from '../orders/orders.service';
import { recordCompletion } from '../payments/ledger.service';
import * as payments from '../payments/payments.service';
import { isGeneralAdmin } from '../../platform/auth/actor';
import * as repository from './disputes.repository';

const disputeNotFound = () => notFound(DELIVERY_TEXTS.disputeNotFound);
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The buyer or the team opens a dispute on an order in progress or delivered: the order becomes
 * disputed and the auto-complete timer stops until a general admin resolves it.
 */
export async function openDispute(
  context: OrdersContext,
  actor: Actor,
  orderId: number,
  input: { reason: DisputeReason; details: string },
): Promise<Dispute> {
  const opened = await withLockedOrder(
    context,
    actor,
    orderId,
    async (transaction, { order, row, viewer, now }) => {
      // A general admin decides disputes; they do not open them, even on an order they are part of.
      const parties = actorsOf(viewer).filter((party) => party !== 'admin');
      if (parties.length === 0)
        throw forbidden('Only the buyer or the team of this order can open a dispute');
      if (order.status === 'disputed') throw conflict(DELIVERY_TEXTS.disputeAlreadyOpen);
      const transition = assertTransition(order, 'open_dispute', parties, now);
      let disputeId: number;
      try {
        disputeId = await repository.insertDispute(transaction, {
          orderId,
          openedById: actor.id,
          previousStatus: order.status,
          reason: input.reason,
          details: input.details,
          createdAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(DELIVERY_TEXTS.disputeAlreadyOpen);
        throw error;
      }
      await moveOrder(transaction, orderId, 'disputed', now);
      const audience: Audience[] = transition.by === 'buyer' ? ['team'] : ['buyer'];
      const notifications = await recordStep(transaction, {
        orderId,
        type: 'dispute_opened',
        actorId: actor.id,
        message: `${DISPUTE_REASON_LABELS[input.reason]}: ${input.details}`,
        at: now,
        activity: { action: 'order.dispute_opened', description: `Opened a dispute on ${row.package.title}` },
        notify: {
          audience,
          text: `${actor.username} opened a dispute on ${row.package.title} (${DISPUTE_REASON_LABELS[input.reason]})`,
        },
      });
      return { disputeId, audience, title: row.package.title, notifications };
    },
  );
  await announceStep(context, {
    orderId,
    type: 'dispute_opened',
    status: 'disputed',
    actorId: actor.id,
    audience: opened.audience,
    subject: `Dispute opened on order ${orderId}: ${opened.title}`,
    paragraphs: [
      `${actor.username} opened a dispute (${DISPUTE_REASON_LABELS[input.reason]}):`,
      input.details,
      'A general admin will review it and decide. The order stays on hold until then.',
    ],
    activityAction: 'order.dispute_opened',
    notifications: opened.notifications,
  });
  return (await findDispute(context.db, opened.disputeId))!.dispute;
}

export async function listDisputes(
  context: Pick<OrdersContext, 'db'>,
  actor: Actor,
  query: { status?: DisputeStatus | undefined; skip: number; limit: number },
): Promise<DisputeList> {
  if (!isGeneralAdmin(actor)) throw forbidden('Only a general admin can list disputes');
  const { items, total } = await listDisputeRows(context.db, { status: query.status }, query);
  return { items, total, skip: query.skip, limit: query.limit };
}

/** The order's buyer and team and general admins read a dispute; anyone else gets 404. */
export async function getDispute(
  context: Pick<OrdersContext, 'db'>,
  actor: Actor,
  id: number,
): Promise<Dispute> {
  const found = await findDispute(context.db, id);
  if (!found) throw disputeNotFound();
  try {
    await assertOrderReader(context.db, actor, found.dispute.order_id);
  } catch {
    throw disputeNotFound();
  }
  return found.dispute;
}

const amountError = (message: string) =>
  new AppError('validation', message, [{ path: 'body.refund_amount', message }]);

/**
 * A general admin decides: `release` completes the order (the team is paid), `refund` refunds it all
 * through the provider, `partial_refund` completes it and returns `refund_amount` to the buyer.
 * Both sides read the message, in the dispute and on the order's timeline.
 */
export async function resolveDispute(
  context: OrdersContext,
  actor: Actor,
  id: number,
  input: { outcome: DisputeOutcome; refund_amount?: number | undefined; message: string },
): Promise<Dispute> {
  if (!isGeneralAdmin(actor)) throw forbidden(DELIVERY_TEXTS.onlyGeneralAdmin);
  const found = await findDispute(context.db, id);
  if (!found) throw disputeNotFound();
  const orderId = found.dispute.order_id;
  const resolved = await withLockedOrder(
    context,
    actor,
    orderId,
    async (transaction, { order, row, now }) => {
      if (found.dispute.status !== 'open') throw conflict(DELIVERY_TEXTS.disputeResolved);
      const target: OrderStatus = input.outcome === 'refund' ? 'refunded' : 'completed';
      assertTransition(order, 'resolve_dispute', ['admin'], now, target);
      let refundCents = 0;
      if (input.outcome === 'refund') refundCents = order.totalCents;
      if (input.outcome === 'partial_refund') {
        refundCents = Math.round((input.refund_amount ?? 0) * 100);
        if (refundCents <= 0 || refundCents >= order.totalCents)
          throw amountError(DELIVERY_TEXTS.refundAmountRange);
      }
      // Under the order's lock a second resolution waits, then finds the dispute resolved.
      const stillOpen = await repository.resolveDispute(transaction, id, {
        outcome: input.outcome,
        refundCents,
        resolutionMessage: input.message,
        resolvedById: actor.id,
        resolvedAt: now,
      });
      if (!stillOpen) throw conflict(DELIVERY_TEXTS.disputeResolved);
      await moveOrder(transaction, orderId, target, now);
      const refundId =
        input.outcome === 'refund'
          ? await payments.refundOrderPayment(transaction, orderId, now)
          : input.outcome === 'partial_refund'
            ? await payments.refundOrderPayment(transaction, orderId, now, refundCents)
            : undefined;
      // Released or partly refunded: what escrow still holds goes to the fee and the team.
      if (target === 'completed') {
        await recordCompletion(transaction, {
          orderId,
          platformFeePercent: context.platformFeePercent,
          at: now,
        });
      }
      const notifications = await recordStep(transaction, {
        orderId,
        type: 'dispute_resolved',
        actorId: actor.id,
        message: `${DISPUTE_OUTCOME_LABELS[input.outcome]}: ${input.message}`,
        at: now,
        activity: {
          action: 'order.dispute_resolved',
          description: `Resolved the dispute on order ${orderId} (${DISPUTE_OUTCOME_LABELS[input.outcome]})`,
        },
        notify: {
          audience: ['buyer', 'team'],
          text: `The dispute on ${row.package.title} was resolved: ${DISPUTE_OUTCOME_LABELS[input.outcome]}`,
        },
      });
      return { title: row.package.title, target, refundCents, notifications, refundId };
    },
  );
  // The money goes back through the provider only after the resolution is committed.
  await payments.sendRefund(context, resolved.refundId);
  const outcomeLine =
    input.outcome === 'release'
      ? 'The order is completed and the team is paid.'
      : input.outcome === 'refund'
        ? 'The order is refunded in full to the buyer.'
        : `The order is completed; $${(resolved.refundCents / 100).toFixed(2)} is refunded to the buyer and the team is paid the rest.`;
  await announceStep(context, {
    orderId,
    type: 'dispute_resolved',
    status: resolved.target,
    actorId: actor.id,
    audience: ['buyer', 'team'],
    subject: `Dispute on order ${orderId} resolved: ${resolved.title}`,
    paragraphs: [outcomeLine, input.message],
    activityAction: 'order.dispute_resolved',
    notifications: resolved.notifications,
  });
  return (await findDispute(context.db, id))!.dispute;
}
