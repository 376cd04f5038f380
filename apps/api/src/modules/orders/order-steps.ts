import type { OrderEventType, OrderStatus } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { Clock } from '../../platform/deps';
import { recordActivity } from '../activity/activity.service';
import type { Audience, EventBus, PendingNotification, StepRecipient } from '../../platform/events';
import { createNotifications } from '../notifications/notifications.service';
import { findUserContact } from './orders.repository';
import { findOrderParties, insertOrderEvent } from './order-timeline.repository';

export interface StepContext {
  db: Database;
  clock: Clock;
  events: EventBus;
}

export type { Audience };

/**
 * A step on the order's timeline, in its actor's activity feed and in the bell of every user on the
 * `notify` side (the buyer; the team's admin and members), the actor excepted. All are written in
 * the transaction of the change they record, so none tells of a step that did not happen. The
 * notifications it returns are announced after commit by `announceStep`.
 */
export async function recordStep(
  transaction: DatabaseOrTransaction,
  step: {
    orderId: number;
    type: OrderEventType;
    actorId: number | null;
    message?: string | null;
    at: Date;
    activity?: { action: string; description: string };
    notify?: { audience: readonly Audience[]; text: string };
  },
): Promise<PendingNotification[]> {
  await insertOrderEvent(transaction, {
    orderId: step.orderId,
    type: step.type,
    actorId: step.actorId,
    message: step.message ?? null,
    createdAt: step.at,
  });
  if (step.actorId !== null && step.activity) {
    await recordActivity(transaction, {
      userId: step.actorId,
      action: step.activity.action,
      description: step.activity.description,
      metadata: { order_id: step.orderId },
    });
  }
  if (!step.notify) return [];
  const parties = await findOrderParties(transaction, step.orderId);
  if (!parties) return [];
  const recipients = new Set<number>();
  if (step.notify.audience.includes('buyer')) recipients.add(parties.buyerId);
  if (step.notify.audience.includes('team')) {
    recipients.add(parties.teamAdminId);
    for (const memberId of parties.memberIds) recipients.add(memberId);
  }
  if (step.actorId !== null) recipients.delete(step.actorId);
  return createNotifications(transaction, {
    userIds: recipients,
    kind: step.type,
    orderId: step.orderId,
    text: step.notify.text,
    at: step.at,
  });
}

/**
 * After the change is committed: the step is announced as `order.step_committed` with who is to hear
 * of it (decision 0075). Its subscribers, wired in app.ts, email the other side (the buyer, or the
 * team's admin) and add a line to their activity feed, push the notifications `recordStep` wrote to
 * their owners' bells, and tell every party's open pages `order_updated` so they reload the order.
 */
export async function announceStep(
  context: StepContext,
  step: {
    orderId: number;
    type: OrderEventType;
    status: OrderStatus;
    actorId: number | null;
    audience: readonly Audience[];
    subject: string;
    paragraphs: string[];
    activityAction: string;
    notifications: readonly PendingNotification[];
  },
): Promise<void> {
  const parties = await findOrderParties(context.db, step.orderId);
  const recipients: StepRecipient[] = [];
  if (parties) {
    const told = new Set<number>();
    if (step.audience.includes('buyer')) told.add(parties.buyerId);
    if (step.audience.includes('team')) told.add(parties.teamAdminId);
    if (step.actorId !== null) told.delete(step.actorId);
    for (const userId of told) {
      const contact = await findUserContact(context.db, userId);
      if (contact) recipients.push({ userId, email: contact.email, username: contact.username });
    }
  }
  const { audience: _audience, ...announced } = step;
  await context.events.emit('order.step_committed', {
    ...announced,
    recipients,
    watchers: parties ? [...new Set([parties.buyerId, parties.teamAdminId, ...parties.memberIds])] : [],
  });
}
