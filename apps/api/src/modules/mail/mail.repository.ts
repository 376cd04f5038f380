import { eq } from 'drizzle-orm';
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
