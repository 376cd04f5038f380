import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { countRecentHits, deleteHitsBefore, insertHit } from './rate-limit.repository';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  /** Counted per client address (scaled by ADDRESS_RATE_LIMIT_SCALE), not per account or email. */
  perAddress?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function tooMany(rule: RateLimitRule): AppError {
  const minutes = Math.ceil(rule.windowMs / 60_000);
  return new AppError('rate_limited', `Too many attempts. Please try again in ${minutes} minutes.`);
}

/**
 * Limits that must hold across every instance (login failures, emails sent on request) are counted
 * in PostgreSQL; per-route limits for anonymous traffic use @fastify/rate-limit instead.
 */
export function createRateLimiter(db: Database, options: { addressScale?: number } = {}) {
  const limitOf = (rule: RateLimitRule) =>
    rule.perAddress ? rule.limit * (options.addressScale ?? 1) : rule.limit;
  return {
    /** Refuses with 429 when the key already reached the limit; does not count this call. */
    async assertBelow(rule: RateLimitRule, key: string): Promise<void> {
      const since = new Date(Date.now() - rule.windowMs);
      if ((await countRecentHits(db, rule.bucket, key, since)) >= limitOf(rule)) throw tooMany(rule);
    },
    async record(rule: RateLimitRule, key: string): Promise<void> {
      await insertHit(db, rule.bucket, key);
      // Old rows are useless; an occasional sweep keeps the table small without a scheduler.
      if (Math.random() < 0.01) await deleteHitsBefore(db, new Date(Date.now() - DAY_MS));
    },
    /** Counts this call and refuses it when the limit is passed. */
    async hit(rule: RateLimitRule, key: string): Promise<void> {
      await this.assertBelow(rule, key);
      await this.record(rule, key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
