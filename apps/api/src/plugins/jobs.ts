import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { OfferExpiry } from '../modules/offers/offers.service';
import type { OrderTimers } from '../modules/orders/order-timers';
import type { Payouts } from '../modules/payments/payouts.service';
import type { Retention } from '../modules/retention/retention.service';

/** The recurring sweeps and their queues; each runs every minute on whichever instance takes the job. */
export const TIMER_QUEUES = {
  'orders.auto-complete': 'autoComplete',
  'orders.expire-pending': 'expirePending',
  'orders.remind-due': 'remindDue',
  'payments.reconcile': 'reconcileCharges',
} as const satisfies Record<string, keyof OrderTimers>;
/** Deletes rows past their keeping time; hourly, as the shortest keeping time (a rate limit's window) is an hour. */
export const RETENTION_QUEUE = 'retention.sweep';
const RETENTION_SCHEDULE = '17 * * * *';
/** Transfers members' available money to their payout accounts, and retries failed transfers; every minute. */
const PAYOUTS_QUEUE = 'payments.payouts';
/**
 * Expires pending offers past their expiry time: a job is queued for each offer's expiry time, and a
 * sweep every minute catches up on any the runner missed (it was down, or the job was lost).
 */
export const OFFER_EXPIRY_QUEUE = 'offers.expire';
export type TimerQueue =
  keyof typeof TIMER_QUEUES | typeof RETENTION_QUEUE | typeof PAYOUTS_QUEUE | typeof OFFER_EXPIRY_QUEUE;

/**
 * Connections of pg-boss's own pool (fetching, completing and scheduling jobs; the sweeps themselves
 * use the app's pool), and how long its queries wait for one.
 */
const JOBS_POOL_MAX = 3;
const JOBS_POOL_CONNECT_TIMEOUT_MS = 60_000;

/** How often an idle worker looks for a job: a sent job waits at most this long. */
const WORKER_POLLING_SECONDS = 2;

export interface Jobs {
  /** Queues one run of a sweep now, as its schedule does. */
  send(queue: TimerQueue): Promise<string | null>;
  /** Queues one run of a sweep at a given time (by the database's clock). */
  sendAt(queue: TimerQueue, at: Date): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * The timers run through pg-boss: jobs and schedules live in PostgreSQL (schema `pgboss`), so they
 * survive restarts, and a job is fetched by one worker only (`for update skip locked`), so several
 * instances share the work instead of repeating it. pg-boss keeps its books on a small pool of its own,
 * opened with the app pool's settings: pg-boss 10 completes and fails a job without awaiting the
 * promise, so when a burst of requests held every connection of the app's pool past its 5 s wait
 * (the chat reconnect storm of the benchmark), that rejection went unhandled and ended the process.
 */
export async function startJobs(options: {
  pool: pg.Pool;
  timers: OrderTimers;
  retention: Retention;
  payouts: Payouts;
  offerExpiry: OfferExpiry;
  logger: FastifyBaseLogger;
}): Promise<Jobs> {
  const pool = new pg.Pool({
    ...options.pool.options,
    max: JOBS_POOL_MAX,
    connectionTimeoutMillis: JOBS_POOL_CONNECT_TIMEOUT_MS,
    application_name: 'teamhire-jobs',
  });
  // An idle connection lost (database restarted) is dropped; the next query opens another.
  pool.on('error', () => undefined);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    application_name: 'teamhire-jobs',
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job runner error'));
  await boss.start();
  for (const [queue, timer] of Object.entries(TIMER_QUEUES)) {
    await boss.createQueue(queue);
    await boss.schedule(queue, '* * * * *');
    await boss.work(queue, { pollingIntervalSeconds: WORKER_POLLING_SECONDS, batchSize: 1 }, async () => {
      const count = await options.timers[timer]();
      if (count > 0) options.logger.info({ queue, count }, 'timer sweep changed orders');
    });
  }
  await boss.createQueue(RETENTION_QUEUE);
  await boss.schedule(RETENTION_QUEUE, RETENTION_SCHEDULE);
  await boss.work(
    RETENTION_QUEUE,
    { pollingIntervalSeconds: WORKER_POLLING_SECONDS, batchSize: 1 },
    async () => {
      const deleted = await options.retention.sweep();
      options.logger.info({ queue: RETENTION_QUEUE, deleted }, 'retention sweep');
    },
  );
  await boss.createQueue(PAYOUTS_QUEUE);
  await boss.schedule(PAYOUTS_QUEUE, '* * * * *');
  await boss.work(
    PAYOUTS_QUEUE,
    { pollingIntervalSeconds: WORKER_POLLING_SECONDS, batchSize: 1 },
    async () => {
      const paid = await options.payouts.run();
      if (paid > 0) options.logger.info({ queue: PAYOUTS_QUEUE, paid }, 'payouts transferred');
    },
  );
  await boss.createQueue(OFFER_EXPIRY_QUEUE);
  await boss.schedule(OFFER_EXPIRY_QUEUE, '* * * * *');
  await boss.work(
    OFFER_EXPIRY_QUEUE,
    { pollingIntervalSeconds: WORKER_POLLING_SECONDS, batchSize: 1 },
    async () => {
      const expired = await options.offerExpiry.expireDue();
      if (expired > 0) options.logger.info({ queue: OFFER_EXPIRY_QUEUE, expired }, 'offers expired');
    },
  );
  return {
    send: (queue) => boss.send(queue, {}),
    sendAt: (queue, at) => boss.sendAfter(queue, {}, {}, at),
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool.end();
    },
  };
}
