import type { OrderEventType, OrderStatus } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { Clock } from '../../deps';
import { recordActivity } from '../activity/activity.service';
import type { Mailer } from '../mail/mailer';
import { notificationEmail } from '../mail/templates';
import type { RealtimeBus } from '../realtime/realtime-bus';
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
 * A step on the order's timeline and in its actor's activity feed, written in the transaction of
 * the change it records so the timeline never shows a step that did not happen.
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
  },
): Promise<void> {
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
}

/**
 * After the change is committed: the other side gets an email (the buyer, or the team's admin) and a
 * line in their activity feed, and every party's open pages hear `order_updated` on their own
 * channel so they reload the order.
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
  },
): Promise<void> {
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
