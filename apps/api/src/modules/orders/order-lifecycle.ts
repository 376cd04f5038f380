import {
  DELIVERY_TEXTS,
  ORDER_LIFECYCLE,
  ORDER_TEXTS,
  type OrderAction,
  type OrderParty,
  type OrderStatus,
  type OrderTransition,
  type OrderTransitionCondition,
} from '@teamhire/shared';
import { conflict, forbidden } from '../../platform/errors';

/** What the lifecycle needs of an order row to decide a transition. */
export interface LifecycleState {
  status: OrderStatus;
  dueAt: Date | null;
  revisionsIncluded: number;
  revisionsUsed: number;
}

/** The conditions of ORDER_LIFECYCLE that hold for the order at `now`. */
export function conditionsOf(order: LifecycleState, now: Date): OrderTransitionCondition[] {
  const conditions: OrderTransitionCondition[] = [];
  if (order.dueAt !== null && order.dueAt.getTime() < now.getTime()) conditions.push('late');
  if (order.revisionsUsed < order.revisionsIncluded) conditions.push('revisions_left');
  return conditions;
}

/** Why an action cannot be taken from the order's status, in the words the caller reads. */
const WRONG_STATUS: Record<OrderAction, (status: OrderStatus) => string> = {
  start_work: () => DELIVERY_TEXTS.notConfirmed,
  deliver: () => DELIVERY_TEXTS.notInProgress,
  accept: () => DELIVERY_TEXTS.notDelivered,
  request_revision: () => DELIVERY_TEXTS.notDelivered,
  auto_complete: () => DELIVERY_TEXTS.notDelivered,
  cancel: (status) => ORDER_TEXTS.transitionNotAllowed(status, 'cancelled'),
  open_dispute: () => DELIVERY_TEXTS.disputeNotAllowed,
  resolve_dispute: () => DELIVERY_TEXTS.disputeResolved,
  refund: (status) => ORDER_TEXTS.transitionNotAllowed(status, 'refunded'),
  expire: (status) => ORDER_TEXTS.transitionNotAllowed(status, 'cancelled'),
};
const UNMET: Record<OrderTransitionCondition, string> = {
  late: DELIVERY_TEXTS.notLate,
  revisions_left: DELIVERY_TEXTS.noRevisionsLeft,
};
const WRONG_PARTY: Record<OrderParty, string> = {
  buyer: DELIVERY_TEXTS.onlyBuyer,
  team: DELIVERY_TEXTS.onlyTeam,
  admin: DELIVERY_TEXTS.onlyGeneralAdmin,
  system: DELIVERY_TEXTS.onlyGeneralAdmin,
};

/**
 * The row of ORDER_LIFECYCLE that lets one of `parties` take `action` on the order now (narrowed to
 * `target` when the action has several outcomes). Call it on the row locked `for update`, in the
 * transaction that then writes the change, so two concurrent actions apply one after the other.
 * 403 when none of the parties may ever take the action; 409 with the reason when the status or a
 * condition is wrong.
 */
export function assertTransition(
  order: LifecycleState,
  action: OrderAction,
  parties: readonly OrderParty[],
  now: Date,
  target?: OrderStatus,
): OrderTransition {
  const rows = ORDER_LIFECYCLE.filter(
    (row) => row.action === action && (target === undefined || row.to === target),
  );
  const theirs = rows.filter((row) => parties.includes(row.by));
  if (theirs.length === 0) throw forbidden(WRONG_PARTY[rows[0]?.by ?? 'admin']);
  const fromHere = theirs.filter((row) => row.from === order.status);
  if (fromHere.length === 0) throw conflict(WRONG_STATUS[action](order.status));
  const conditions = conditionsOf(order, now);
  const allowed = fromHere.find((row) => row.when === undefined || conditions.includes(row.when));
  if (!allowed) throw conflict(UNMET[fromHere[0]!.when!]);
  return allowed;
}
