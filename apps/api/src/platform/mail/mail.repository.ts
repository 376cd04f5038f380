import { eq, lt } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { emailOutbox } from '../../db/schema/index';

export async function insertOutboxMessage(
  db: DatabaseOrTransaction,
  message: { toAddress: string; subject: string; textBody: string; htmlBody: string },
) {
  const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function markOutboxMessage(
  db: DatabaseOrTransaction,
  id: number,
  outcome: { sentAt?: Date; error?: string },
) {
  await db.update(emailOutbox).set(outcome).where(eq(emailOutbox.id, id));
}

/** Removes whole messages written before `before`; returns how many went. */
export async function deleteOutboxBefore(db: DatabaseOrTransaction, before: Date) {
  const rows = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, before))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
