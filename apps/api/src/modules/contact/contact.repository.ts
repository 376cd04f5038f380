import type { DatabaseOrTransaction } from '../../db/database';
import { contactMessages } from '../../db/schema/index';

export async function insertContactMessage(
  db: DatabaseOrTransaction,
  message: { name: string; email: string; company: string | null; message: string },
) {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}
