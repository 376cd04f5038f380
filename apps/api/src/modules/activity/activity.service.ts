import type { ActivityList } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { EventBus } from '../../platform/events';
import { insertActivity, listActivity, type ActivityRecord } from './activity.repository';

/** Every feature that changes something a user cares about appends a line here, so the user's history is complete. */
export function recordActivity(db: DatabaseOrTransaction, record: ActivityRecord): Promise<void> {
  return insertActivity(db, record);
}

/** Subscribes the activity feed to committed order steps: each told user gets a line about it. */
export function subscribeActivityToOrderSteps(events: EventBus, db: Database): void {
  events.on('order.step_committed', async (step) => {
    for (const recipient of step.recipients) {
      await recordActivity(db, {
        userId: recipient.userId,
        action: step.activityAction,
        description: step.subject,
        metadata: { order_id: step.orderId },
      });
    }
  });
}

export async function listOwnActivity(
  db: DatabaseOrTransaction,
  actor: { id: number },
  window: { skip: number; limit: number },
): Promise<ActivityList> {
  const { items, total } = await listActivity(db, actor.id, window);
  return {
    items: items.map((item) => ({
      id: item.id,
      action: item.action,
      description: item.description,
      created_at: item.createdAt.toISOString(),
    })),
    total,
    skip: window.skip,
    limit: window.limit,
  };
}
