import pg from 'pg';

/** One statement on a connection of its own, closed again: for databases no app of the test holds. */
export async function queryOnce<Row extends object>(
  connectionString: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<Row & Record<string, unknown>>(text, values)).rows;
  } finally {
    await client.end();
  }
}
