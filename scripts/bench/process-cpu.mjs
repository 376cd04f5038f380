// CPU time of a server process, for the CPU-per-request figures: user + system time from
// /proc/{pid}/stat (all of the process's threads: the event loop, libuv's pool, the garbage collector),
// in clock ticks of `getconf CLK_TCK` (100 per second on Linux).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/**
 * utime and stime of a /proc/{pid}/stat line, in clock ticks. They are fields 14 and 15; the second
 * field is the command name in parentheses, which may itself hold spaces and parentheses, so the
 * fields are counted from the last `)`.
 */
export function parseProcessStat(text) {
  const end = text.lastIndexOf(')');
  if (end === -1) throw new Error(`not a /proc/{pid}/stat line: ${text.slice(0, 80)}`);
  // After the name: field 3 (state) is at index 0, so field n is at index n - 3.
  const fields = text
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const userTicks = Number(fields[14 - 3]);
  const systemTicks = Number(fields[15 - 3]);
  if (!Number.isInteger(userTicks) || !Number.isInteger(systemTicks)) {
    throw new Error(`no utime/stime in /proc/{pid}/stat: ${text.slice(0, 80)}`);
  }
  return { userTicks, systemTicks };
}

/** User + system clock ticks the process has used so far. */
export async function processCpuTicks(pid) {
  const { userTicks, systemTicks } = parseProcessStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  return userTicks + systemTicks;
}

/**
 * The PostgreSQL client backends serving a database, other than the one asking; with
 * `applicationNames`, only the sessions of those pools (each server's pool names its sessions).
 */
export async function databaseBackends(databaseUrl, applicationNames) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and ($1::text[] is null or application_name = any($1::text[]))`,
      [applicationNames ?? null],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

let ticksPerSecond;
export function clockTicksPerSecond() {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  if (!(ticksPerSecond > 0)) throw new Error('getconf CLK_TCK gave no number');
  return ticksPerSecond;
}

/** Microseconds of CPU per request, from the ticks a process used over a window and the requests served. */
export function cpuMicrosecondsPerRequest(ticks, requests, perSecond = clockTicksPerSecond()) {
  return requests > 0 ? ((ticks / perSecond) * 1e6) / requests : undefined;
}
