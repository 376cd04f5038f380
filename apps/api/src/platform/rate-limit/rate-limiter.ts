import type { Database } from '../../db/database';
import { AppError } from '../errors';
import {
  countRecentHits,
  deleteHits,
  deleteHitsBefore,
  insertHit,
  lockCounter,
} from './rate-limit.repository';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  /** Counted per client address (scaled by ADDRESS_RATE_LIMIT_SCALE), not per account or email. */
  perAddress?: boolean;
}

/** One counter to reserve: `enforce: false` counts the attempt without ever refusing it. */
export interface Reservation {
  rule: RateLimitRule;
  key: string;
  enforce?: boolean;
}

export interface Reserved {
  /** Gives the reserved attempts back: the attempt turned out not to count (a right password). */
  release(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * No limit counts over a longer window, so a hit older than this counts for nothing and the
 * retention job deletes it; `reserve` refuses a rule with a longer window.
 */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;
/** Facts kept for longer than any limit's window (an address that signed in to an account). */
const REMEMBERED_BUCKET = 'remembered';
const REMEMBERED_MS = 30 * DAY_MS;

function tooMany(rule: RateLimitRule): AppError {
  const minutes = Math.ceil(rule.windowMs / 60_000);
  return new AppError(
    'rate_limited',
    `Too many attempts. Please try again in ${minutes} minutes.`,
    undefined,
    { retryAfterSeconds: Math.ceil(rule.windowMs / 1000) },
  );
}

/**
 * Limits that must hold across every instance (login failures, emails sent on request) are counted
 * in PostgreSQL; per-route limits for anonymous traffic use @fastify/rate-limit instead.
 *
 * An attempt is reserved (counted) before the slow work it limits, under a per-counter lock, so that
 * N requests arriving at once are counted one after the other and at most `limit` of them pass;
 * counting only after the work let every parallel request see the same, too low, count.
 */
export function createRateLimiter(db: Database, options: { addressScale?: number } = {}) {
  const limitOf = (rule: RateLimitRule) =>
    rule.perAddress ? rule.limit * (options.addressScale ?? 1) : rule.limit;

  const sweep = async () => {
    // Old rows are useless; an occasional sweep keeps the table small without a scheduler.
    if (Math.random() < 0.01) {
      await deleteHitsBefore(db, new Date(Date.now() - DAY_MS), {
        bucket: REMEMBERED_BUCKET,
        before: new Date(Date.now() - REMEMBERED_MS),
      });
    }
  };

  return {
    /**
     * Counts this attempt on every counter at once, or on none: refuses with 429 when any enforced
     * counter already reached its limit.
     */
    async reserve(reservations: Reservation[]): Promise<Reserved> {
      // Locks are always taken in the same order, so two requests sharing counters cannot deadlock.
      const ordered = [...reservations].sort((left, right) =>
        `${left.rule.bucket}\n${left.key}` < `${right.rule.bucket}\n${right.key}` ? -1 : 1,
      );
      for (const { rule } of reservations) {
        if (rule.windowMs > LONGEST_WINDOW_MS) {
          throw new Error(`The window of ${rule.bucket} is longer than the hits are kept`);
        }
      }
      const ids = await db.transaction(async (transaction) => {
        const inserted: number[] = [];
        for (const { rule, key, enforce = true } of ordered) {
          await lockCounter(transaction, rule.bucket, key);
          if (enforce) {
            const since = new Date(Date.now() - rule.windowMs);
            if ((await countRecentHits(transaction, rule.bucket, key, since)) >= limitOf(rule)) {
              throw tooMany(rule);
            }
          }
          inserted.push(await insertHit(transaction, rule.bucket, key));
        }
        return inserted;
      });
      await sweep();
      return { release: () => deleteHits(db, ids) };
    },
    /** Counts this call and refuses it when the limit is passed. */
    async hit(rule: RateLimitRule, key: string): Promise<void> {
      await this.reserve([{ rule, key }]);
    },
    /**
     * Deletes the hits that no window reaches any more at `now`, and remembered facts older than 30
     * days; returns how many rows went.
     */
    async deleteExpired(now: Date): Promise<number> {
      return deleteHitsBefore(db, new Date(now.getTime() - LONGEST_WINDOW_MS), {
        bucket: REMEMBERED_BUCKET,
        before: new Date(now.getTime() - REMEMBERED_MS),
      });
    },
    /** Remembers a fact about a key for 30 days (e.g. an address the account's owner signed in from). */
    async remember(key: string): Promise<void> {
      if (!(await this.isRemembered(key, DAY_MS))) await insertHit(db, REMEMBERED_BUCKET, key);
    },
    async isRemembered(key: string, withinMs = REMEMBERED_MS): Promise<boolean> {
      return (await countRecentHits(db, REMEMBERED_BUCKET, key, new Date(Date.now() - withinMs))) > 0;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
