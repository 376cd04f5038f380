import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Every minute, for sweeps that catch up on whatever came due. */
export const EVERY_MINUTE = '* * * * *';

/**
 * One recurring job: its queue, its cron schedule, and the sweep it runs, which answers how many
 * things it changed (or a report). The table of them is the composition root's (`job-table.ts`): the platform
 * runs jobs and knows no module.
 */
export interface JobDefinition {
  queue: string;
  schedule: string;
  run: () => Promise<unknown>;
  /** The log line of a run that changed something (`always`: of every run). */
  log: { message: string; countName: string; always?: boolean };
}

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
  send(queue: string): Promise<string | null>;
  /** Queues one run of a sweep at a given time (by the database's clock). */
  sendAt(queue: string, at: Date): Promise<string | null>;
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
  jobs: readonly JobDefinition[];
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
  for (const job of options.jobs) {
    await boss.createQueue(job.queue);
    await boss.schedule(job.queue, job.schedule);
    await boss.work(job.queue, { pollingIntervalSeconds: WORKER_POLLING_SECONDS, batchSize: 1 }, async () => {
      const result = await job.run();
      if (job.log.always || (typeof result === 'number' && result > 0)) {
        options.logger.info({ queue: job.queue, [job.log.countName]: result }, job.log.message);
      }
    });
  }
  return {
    send: (queue) => boss.send(queue, {}),
    sendAt: (queue, at) => boss.sendAfter(queue, {}, {}, at),
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool.end();
    },
  };
}
