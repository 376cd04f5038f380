import type { OrderEventType, OrderStatus } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { Clock } from '../../platform/deps';
import { recordActivity } from '../activity/activity.service';
import type { Mailer } from '../../platform/mail/mailer';
import { notificationEmail } from '../../platform/mail/templates';
import {
  createNotifications,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { findUserContact } from './orders.repository';
import { findOrderParties, insertOrderEvent } from './order-timeline.repository';

export interface StepContext {
  db: Database;
  mailer: Mailer;
  bus: RealtimeBus;
  clock: Clock;
  publicUrl: string;
}

/** Who hears of a step besides its actor: the buyer's side, the team's side, or both. */
export type Audience = 'buyer' | 'team';

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
 * After the change is committed: the other side gets an email (the buyer, or the team's admin) and a
 * line in their activity feed, the notifications `recordStep` wrote reach their owners' bells, and
 * every party's open pages hear `order_updated` on their own channel so they reload the order.
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
  await publishNotifications(context.bus, step.notifications);
  const parties = await findOrderParties(context.db, step.orderId);
  if (!parties) return;
  const recipients = new Set<number>();
  if (step.audience.includes('buyer')) recipients.add(parties.buyerId);
  if (step.audience.includes('team')) recipients.add(parties.teamAdminId);
  if (step.actorId !== null) recipients.delete(step.actorId);
  for (const userId of recipients) {
    const contact = await findUserContact(context.db, userId);
    if (!contact) continue;
    await context.mailer.send(
      notificationEmail(contact.email, contact.username, step.subject, step.paragraphs, {
        label: 'View the order',
        link: `${context.publicUrl}/orders/${step.orderId}`,
      }),
    );
    await recordActivity(context.db, {
      userId,
      action: step.activityAction,
      description: step.subject,
      metadata: { order_id: step.orderId },
    });
  }
  const everyone = new Set([parties.buyerId, parties.teamAdminId, ...parties.memberIds]);
  await Promise.all(
    [...everyone].map((userId) =>
      context.bus.publish(`user:${userId}`, {
        type: 'order_updated',
        order_id: step.orderId,
        status: step.status,
        event: step.type,
      }),
    ),
  );
}
