import type pg from 'pg';

/** Long enough for a loaded database, short enough that the banner reacts within a second. */
const PING_TIMEOUT_MS = 900;

export async function checkDatabase(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout(false), PING_TIMEOUT_MS);
  });
  const ping = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
