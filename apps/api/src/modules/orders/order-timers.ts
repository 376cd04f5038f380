import { ORDER_STATUS_LABELS } from '@teamhire/shared';
import { assertTransition } from './order-lifecycle';
import { announceStep, recordStep } from './order-steps';
import * as repository from './order-timers.repository';
import { addDays, completeOrder, moveOrder, type OrdersContext } from './orders.service';

/** A pending order whose payment never succeeded is given up after this long. */
export const PENDING_ORDER_TTL_MS = 60 * 60 * 1000;
/** Orders handled per sweep, so one sweep never holds a worker for long; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * The timers are sweeps: each run selects what is due by the app's clock and changes each row in a
 * transaction of its own under `for update skip locked`, so a sweep on another instance, or the buyer
 * acting at the same moment, never changes one order twice. A sweep that is late or missed (the
 * process was down) catches up on its next run.
 */
export interface OrderTimers {
  autoComplete(): Promise<number>;
  expirePending(): Promise<number>;
  remindDue(): Promise<number>;
}

export function createOrderTimers(context: OrdersContext): OrderTimers {
  return {
    async autoComplete() {
      let count = 0;
      while (count < SWEEP_BATCH) {
        const completed = await context.db.transaction(async (transaction) => {
          const now = context.clock();
          const due = await repository.lockNextAutoComplete(transaction, now);
          if (!due) return undefined;
          assertTransition(due.order, 'auto_complete', ['system'], now);
          return {
            ...due,
            notifications: await completeOrder(
              transaction,
              due.order.id,
              null,
              now,
              due.title,
              context.platformFeePercent,
            ),
          };
        });
        if (!completed) break;
        count += 1;
        await announceStep(context, {
          orderId: completed.order.id,
          type: 'auto_completed',
          status: 'completed',
          actorId: null,
          audience: ['buyer', 'team'],
          subject: `Order ${completed.order.id} completed: ${completed.title}`,
          paragraphs: [
            `The delivery of ${completed.title} was accepted automatically ${context.autoCompleteDays} days after it arrived, as nobody asked for changes.`,
          ],
          activityAction: 'order.completed',
          notifications: completed.notifications,
        });
      }
      return count;
    },

    async expirePending() {
      let count = 0;
      while (count < SWEEP_BATCH) {
        const expired = await context.db.transaction(async (transaction) => {
          const now = context.clock();
          const due = await repository.lockNextExpiredPending(
            transaction,
            new Date(now.getTime() - PENDING_ORDER_TTL_MS),
          );
          if (!due) return undefined;
          assertTransition(due.order, 'expire', ['system'], now);
          await moveOrder(transaction, due.order.id, 'cancelled', now);
          const notifications = await recordStep(transaction, {
            orderId: due.order.id,
            type: 'expired',
            actorId: null,
            at: now,
            notify: {
              audience: ['buyer'],
              text: `Your order for ${due.title} was cancelled: its payment never went through`,
            },
          });
          return { ...due, notifications };
        });
        if (!expired) break;
        count += 1;
        await announceStep(context, {
          orderId: expired.order.id,
          type: 'expired',
          status: 'cancelled',
          actorId: null,
          audience: ['buyer'],
          subject: `Order ${expired.order.id} ${ORDER_STATUS_LABELS.cancelled.toLowerCase()}: ${expired.title}`,
          paragraphs: [
            `The payment for ${expired.title} never went through, so the order was cancelled after an hour. Nothing was charged.`,
          ],
          activityAction: 'order.expired',
          notifications: expired.notifications,
        });
      }
      return count;
    },

    async remindDue() {
      const reminded = await context.db.transaction(async (transaction) => {
        const now = context.clock();
        const claimed = await repository.claimDueReminders(transaction, now, addDays(now, 1), SWEEP_BATCH);
        const withNotifications = [];
        for (const order of claimed) {
          const notifications = await recordStep(transaction, {
            orderId: order.id,
            type: 'due_reminder',
            actorId: null,
            at: now,
            notify: { audience: ['team'], text: `Order ${order.id} is due tomorrow` },
          });
          withNotifications.push({ order, notifications });
        }
        return withNotifications;
      });
      for (const { order, notifications } of reminded) {
        await announceStep(context, {
          orderId: order.id,
          type: 'due_reminder',
          status: order.status,
          actorId: null,
          audience: ['team'],
          subject: `Order ${order.id} is due tomorrow`,
          paragraphs: [
            `Order ${order.id} is due on ${order.dueAt!.toISOString().slice(0, 10)}. Deliver it in time.`,
          ],
          activityAction: 'order.due_reminder',
          notifications,
        });
      }
      return reminded.length;
    },
  };
}
