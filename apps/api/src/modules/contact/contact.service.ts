import type { ContactResponse } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { insertContactMessage } from './contact.repository';

export async function submitContactMessage(
  db: Database,
  input: { name: string; email: string; company?: string | null | undefined; message: string },
): Promise<ContactResponse> {
  const row = await insertContactMessage(db, {
    name: input.name,
    email: input.email.toLowerCase(),
    // The form sends null for an empty company; a blank string means the same.
    company: input.company ? input.company : null,
    message: input.message,
  });
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}
