import type { ActivityList } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { insertActivity, listActivity, type ActivityRecord } from './activity.repository';

/** Every feature that changes something a user cares about appends a line here, so the user's history is complete. */
export function recordActivity(db: DatabaseOrTransaction, record: ActivityRecord): Promise<void> {
  return insertActivity(db, record);
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
