import type { AppDeps } from '../../platform/deps';
import { deleteExpiredRefreshTokens } from '../accounts/accounts.service';
import { deleteEndedGuests } from '../chat/chat-files.service';
import { deleteEmailsBefore } from '../../platform/mail/outbox';
import { deleteIdempotencyKeysBefore } from '../checkout/checkout.service';
import { deleteUnattachedOrderFiles, UNATTACHED_FILE_KEEP_MS } from '../orders/order-files.service';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long rows holding secrets or personal data are kept; the job deletes them after that. */
export const RETENTION = {
  /** Reset and verification links expire within a day; a week is left for support questions. */
  emailsMs: 7 * DAY_MS,
  /** A retry of a purchase comes within minutes. */
  idempotencyKeysMs: DAY_MS,
  /** A file uploaded to an order that no delivery names after a week is not part of the work. */
  unattachedOrderFilesMs: UNATTACHED_FILE_KEEP_MS,
} as const;

/** How many rows each part of a sweep deleted. */
export interface RetentionReport {
  emails: number;
  idempotencyKeys: number;
  rateLimitHits: number;
  guests: number;
  refreshTokens: number;
  /** Files uploaded to orders that no delivery named within their keeping time (rows and objects). */
  orderFiles: number;
}

export interface Retention {
  sweep(): Promise<RetentionReport>;
}

/**
 * One sweep deletes, by the app's clock, what is past its keeping time in each module's tables.
 * Each delete stands alone: a sweep that stops half-way (the process ends) leaves only rows the next
 * sweep deletes, and two instances sweeping at once delete each row once.
 */
export function createRetention({ db, clock, limiter, storage }: AppDeps): Retention {
  return {
    async sweep() {
      const now = clock();
      return {
        emails: await deleteEmailsBefore(db, new Date(now.getTime() - RETENTION.emailsMs)),
        idempotencyKeys: await deleteIdempotencyKeysBefore(
          db,
          new Date(now.getTime() - RETENTION.idempotencyKeysMs),
        ),
        rateLimitHits: await limiter.deleteExpired(now),
        guests: await deleteEndedGuests(db, storage, now),
        refreshTokens: await deleteExpiredRefreshTokens(db, now),
        orderFiles: await deleteUnattachedOrderFiles(
          db,
          storage,
          new Date(now.getTime() - RETENTION.unattachedOrderFilesMs),
        ),
      };
    },
  };
}
