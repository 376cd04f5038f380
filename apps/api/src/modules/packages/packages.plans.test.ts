import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';

const benchScripts = join(import.meta.dirname, '../../../../../scripts/bench');

/**
 * Decision 0070: a search with a term was planned again on every execution (about half of its
 * PostgreSQL time at a million packages), because a custom plan saw its `limit $n` and the generic
 * plan did not. Its page bounds are now unknown to both, so PostgreSQL keeps the generic plan.
 */
describe('the plans of the search statements', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    // The bench's packages: enough rows that the estimates of the two plans part.
    const { seedPackages } = (await import(join(benchScripts, 'package-search.mjs'))) as {
      seedPackages(databaseUrl: string, count: number): Promise<unknown>;
    };
    await seedPackages(context.connectionString, 5_000);
  }, 60_000);
  afterAll(async () => {
    await context.close();
  });

  /** The named statement the app sends for the search, with its values. */
  async function statementOf(body: object) {
    const sent: { name?: string; text: string; values?: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: Parameters<typeof query>
    ) {
      const [config, values] = args as unknown as [
        string | { name?: string; text: string; values?: unknown[] },
        unknown[] | undefined,
      ];
      if (typeof config === 'object' && config !== null && 'text' in config)
        sent.push({ name: config.name, text: config.text, values: config.values ?? values });
      return query.apply(this, args) as ReturnType<typeof query>;
    } as typeof query);
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/service-packages/search?skip=0&limit=50',
        payload: body,
      });
      expect(response.statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const statement = sent.find(({ name }) => name?.startsWith('package_search_'));
    expect(statement).toBeDefined();
    return statement!;
  }

  /** EXPLAIN EXECUTE takes no bound parameters: the values as literals. */
  function literalsOf(client: pg.Client, values: unknown[]) {
    return values
      .map((value) =>
        typeof value === 'number'
          ? String(value)
          : client.escapeLiteral(
              Array.isArray(value)
                ? `{${value.map((item) => JSON.stringify(item)).join(',')}}`
                : String(value),
            ),
      )
      .join(', ');
  }

  it.each([
    ['a term', { search_term: 'dashboard' }],
    ['a typo', { search_term: 'dashbord' }],
    ['a term with filters', { search_term: 'mobile', max_price: 2000, max_duration: 30, tags: ['react'] }],
  ])('%s is planned once and then runs on its generic plan', async (_name, body) => {
    const { name, text, values } = await statementOf(body);
    // A session of its own: the statement's plans there are this search's alone.
    const client = new pg.Client({ connectionString: context.connectionString });
    await client.connect();
    const plans = await (async () => {
      try {
        for (let run = 0; run < 10; run++) await client.query({ name: name!, text, values });
        const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
          `select generic_plans, custom_plans from pg_prepared_statements where name = $1`,
          [name],
        );
        // The custom plan for these values guesses the page bounds as the generic plan does: the same
        // number of rows at the top (the generic plan's cost is what PostgreSQL compares).
        const estimates: number[] = [];
        await client.query(`prepare shown as ${text}`);
        for (const mode of ['force_custom_plan', 'force_generic_plan']) {
          await client.query(`set plan_cache_mode = ${mode}`);
          const literals = literalsOf(client, values!);
          const { rows: plan } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
            `explain (format json) execute shown(${literals})`,
          );
          estimates.push(plan[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
        }
        expect(estimates[0]).toBe(estimates[1]);
        return rows[0];
      } finally {
        await client.end();
      }
    })();
    // PostgreSQL tries five custom plans before it compares them with the generic one.
    expect(Number(plans!.custom_plans)).toBe(5);
    expect(Number(plans!.generic_plans)).toBe(5);
  });

  it.each([
    ['a term', { search_term: 'dashboard' }],
    ['a term with filters', { search_term: 'mobile', max_price: 2000, max_duration: 30, tags: ['react'] }],
    ['tags only', { tags: ['seo', 'flutter'] }],
  ])('%s with a known page reads its rows and searches nothing (decision 0070)', async (_name, body) => {
    await statementOf(body);
    const { text, values } = await statementOf(body);
    const client = new pg.Client({ connectionString: context.connectionString });
    await client.connect();
    try {
      await client.query(`prepare shown as ${text}`);
      await client.query('set plan_cache_mode = force_generic_plan');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) execute shown(${literalsOf(client, values!)})`,
      );
      const searched: string[] = [];
      const visit = (node: PlanNode) => {
        const source = node['Index Name'] ?? node['Function Name'];
        if (source && source !== 'unnest' && node['Actual Loops'] > 0 && !/_pkey$|_package_idx$/.test(source))
          searched.push(source);
        node.Plans?.forEach(visit);
      };
      visit(rows[0]!['QUERY PLAN'][0].Plan);
      // Only primary keys (the rows and their teams) and the gallery and review look-ups ran.
      expect(searched).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

interface PlanNode {
  'Index Name'?: string;
  'Function Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
