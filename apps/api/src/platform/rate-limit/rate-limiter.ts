import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/database';
import { AppError } from '../errors';
import {
  countCounter,
  countRecentHits,
  deleteHits,
  deleteHitsBefore,
  insertHit,
  lockCounter,
  moveHits,
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
  /**
   * The most this attempt can count (1 unless given): a purchase reserves a decline's 2 before the
   * provider answers. The units past the first are provisional until `keep` says how many it used.
   */
  weight?: number;
}

export interface Reserved {
  /** Gives the reserved attempts back: the attempt turned out not to count (a right password). */
  release(): Promise<void>;
  /**
   * Once the outcome is known: `units` of each counter's reserved weight count from now on, the rest
   * go back (0 is `release`). Only the first call does anything.
   */
  keep(units: number): Promise<void>;
}

/** The hits one reservation holds on one counter. */
interface Held {
  bucket: string;
  first: number;
  provisional: number[];
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
/**
 * A provisional unit older than this counts as used: its attempt waited on something longer than
 * any call lasts (Stripe: 30 s, tried 3 times), so it crashed and its outcome never came.
 */
const PROVISIONAL_MS = 3 * 60 * 1000;
/** How long an attempt waits for the outcomes that decide it, before it is refused. */
const WAIT_MS = 10_000;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 250;

const provisionalBucket = (bucket: string) => `${bucket}:provisional`;

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
 * Limits that must hold across every instance (login failures, emails sent on request, purchase
 * attempts) are counted in PostgreSQL; per-route limits for anonymous traffic use @fastify/rate-limit
 * instead.
 *
 * An attempt is reserved (counted) before the slow work it limits, under a per-counter lock, so that
 * N requests arriving at once are counted one after the other and at most `limit` of them pass;
 * counting only after the work let every parallel request see the same, too low, count.
 *
 * An attempt whose weight depends on the work's outcome (a declined purchase counts twice) reserves
 * the most it can count: its first unit for good, the others provisionally, until `keep` says how
 * many it used. A new attempt passes while the used units are below the limit, as one after another:
 * - used and provisional units together below the limit: it passes whatever the outcomes;
 * - used units alone at the limit: it is refused whatever the outcomes;
 * - in between, the outcomes in flight decide, and it waits for them (at most WAIT_MS, then it is
 *   refused), so attempts sent at once pass exactly as often as one after another.
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

  /**
   * One try under the counters' locks: the hits reserved, `undecided` with the rule whose outcomes
   * in flight decide, or a 429 thrown.
   */
  const tryReserve = (ordered: Reservation[]) =>
    db.transaction(async (transaction): Promise<Held[] | { undecided: RateLimitRule }> => {
      let undecided: RateLimitRule | undefined;
      for (const { rule, key, enforce = true } of ordered) {
        await lockCounter(transaction, rule.bucket, key);
        if (!enforce) continue;
        const now = Date.now();
        const { used, provisional } = await countCounter(
          transaction,
          { bucket: rule.bucket, provisionalBucket: provisionalBucket(rule.bucket), key },
          new Date(now - rule.windowMs),
          new Date(now - PROVISIONAL_MS),
        );
        if (used >= limitOf(rule)) throw tooMany(rule);
        if (used + provisional >= limitOf(rule)) undecided ??= rule;
      }
      if (undecided) return { undecided };
      const held: Held[] = [];
      for (const { rule, key, weight = 1 } of ordered) {
        const first = await insertHit(transaction, rule.bucket, key);
        const provisional: number[] = [];
        for (let unit = 1; unit < weight; unit += 1) {
          provisional.push(await insertHit(transaction, provisionalBucket(rule.bucket), key));
        }
        held.push({ bucket: rule.bucket, first, provisional });
      }
      return held;
    });

  const reservedOf = (reserved: Held[]): Reserved => {
    let held: Held[] | undefined = reserved;
    const keep = async (units: number) => {
      if (!held) return;
      const settling = held;
      held = undefined;
      const gone = settling.flatMap(({ first, provisional }) =>
        units >= 1 ? provisional.slice(units - 1) : [first, ...provisional],
      );
      const kept = settling
        .map(({ bucket, provisional }) => ({ bucket, ids: provisional.slice(0, Math.max(units - 1, 0)) }))
        .filter(({ ids }) => ids.length > 0);
      if (kept.length === 0) return deleteHits(db, gone);
      await db.transaction(async (transaction) => {
        for (const { bucket, ids } of kept) await moveHits(transaction, ids, bucket);
        await deleteHits(transaction, gone);
      });
    };
    return { release: () => keep(0), keep };
  };

  return {
    /**
     * Counts this attempt on every counter at once, or on none: refuses with 429 when any enforced
     * counter already reached its limit, and waits while outcomes in flight decide (see above).
     */
    async reserve(reservations: Reservation[]): Promise<Reserved> {
      // Locks are always taken in the same order, so two requests sharing counters cannot deadlock.
      const ordered = [...reservations].sort((left, right) =>
        `${left.rule.bucket}\n${left.key}` < `${right.rule.bucket}\n${right.key}` ? -1 : 1,
      );
      for (const { rule, weight = 1 } of reservations) {
        if (rule.windowMs > LONGEST_WINDOW_MS) {
          throw new Error(`The window of ${rule.bucket} is longer than the hits are kept`);
        }
        if (!Number.isInteger(weight) || weight < 1) {
          throw new Error(`The weight of ${rule.bucket} must be a whole number of at least 1`);
        }
      }
      const deadline = Date.now() + WAIT_MS;
      for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
        const tried = await tryReserve(ordered);
        if (Array.isArray(tried)) {
          await sweep();
          return reservedOf(tried);
        }
        // Waiting holds no lock and no connection: the attempts in flight need both to settle.
        if (Date.now() + pause > deadline) throw tooMany(tried.undecided);
        await sleep(pause / 2 + Math.random() * (pause / 2));
      }
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
