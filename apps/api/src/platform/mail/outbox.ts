import type { Database } from '../../db/database';
import { deleteOutboxBefore } from './mail.repository';

/**
 * Emails carry password-reset and verification links: the outbox keeps them a week for support and
 * debugging, then the whole message (address, subject, bodies) goes.
 */
export function deleteEmailsBefore(db: Database, before: Date): Promise<number> {
  return deleteOutboxBefore(db, before);
}
