import pg from 'pg';

/** Direct access to the journeys' database, to set up rows and to check what the page stored. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set; run through playwright.config.ts');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
