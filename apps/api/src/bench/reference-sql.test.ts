import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

/** The bench's bare reference (scripts/bench/bare-server.mjs) sends these texts as its named statements. */
const benchScripts = join(import.meta.dirname, '../../../../scripts/bench');

/**
 * Issue 20: the bare reference of `npm run bench` runs the same SQL as ours, so that the CPU figures
 * compare the stacks and not the statements. Every statement our routes send for the compared
 * requests is captured at the driver and must be the reference's text, character for character; a
 * change of our SQL without the reference's fails here.
 */
describe('the bench reference sends our SQL', () => {
  let context: TestContext;
  const sent: { name?: string; text: string }[] = [];

  beforeAll(async () => {
    context = await createTestApp();
    // The bench's own packages (the list and detail run on them there).
    const { seedPackages } = (await import(join(benchScripts, 'package-search.mjs'))) as {
      seedPackages(databaseUrl: string, count: number): Promise<unknown>;
    };
    await seedPackages(context.connectionString, 30);
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: Parameters<typeof query>
    ) {
      const [config] = args as unknown as [string | { name?: string; text: string }];
      if (typeof config === 'object' && config !== null && 'text' in config)
        sent.push({ name: config.name, text: config.text });
      return query.apply(this, args) as ReturnType<typeof query>;
    } as typeof query);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await context.close();
  });

  async function statementsOf(url: string) {
    sent.length = 0;
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return sent.map(({ name, text }) => ({ name, text }));
  }

  it('the categories, the package list and a package detail', async () => {
    const { REFERENCE_STATEMENTS } = (await import(join(benchScripts, 'reference-sql.mjs'))) as {
      REFERENCE_STATEMENTS: Record<string, string>;
    };
    const [first] = (
      await context.database.pool.query<{ id: number }>(
        `select id from service_packages where status = 'published' order by id limit 1`,
      )
    ).rows;
    const captured = [
      ...(await statementsOf('/api/service-categories')),
      ...(await statementsOf('/api/service-packages')),
      ...(await statementsOf(`/api/service-packages/${first!.id}`)),
    ];
    expect(captured).toEqual(Object.entries(REFERENCE_STATEMENTS).map(([name, text]) => ({ name, text })));
  });
});
