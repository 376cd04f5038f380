// The references for the full-stack benchmarks: bare Fastify and raw pg running the same SQL as our
// routes (copied from what drizzle sends), with none of our plugins, hooks, validation or
// serialisation; and a hello-world route for the no-database comparison.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/**
 * The columns packages.repository.ts selects, the joins and the page: its list and detail queries.
 * Rows as arrays, as drizzle asks pg for them (the joined tables repeat column names), and named
 * prepared statements, as the repository sends them (parsed and planned once per connection).
 */
const PACKAGE_SELECT = `select "service_packages"."id", "service_packages"."team_id", "service_packages"."title",
  "service_packages"."description", "service_packages"."price_cents", "service_packages"."duration_days",
  "service_packages"."tags", "service_packages"."requirements", "service_packages"."deliverables",
  "service_packages"."status", "service_packages"."created_at", "service_packages"."updated_at",
  "teams"."id", "teams"."name", "teams"."description", "teams"."member_count", "teams"."max_members",
  "teams"."is_active", "teams"."created_at", "teams"."admin_id", "package_team_admin"."username"
  from "service_packages"
  inner join "teams" on "teams"."id" = "service_packages"."team_id"
  inner join "users" "package_team_admin" on "package_team_admin"."id" = "teams"."admin_id"`;
// The list brings its total in the same statement, as the last column of every row.
const PACKAGE_LIST = PACKAGE_SELECT.replace(
  '"package_team_admin"."username"',
  `"package_team_admin"."username", (select count(*) from service_packages where status = 'published')`,
).concat(` where "service_packages"."status" = $1
  order by "service_packages"."created_at" desc, "service_packages"."id" desc limit $2 offset $3`);
const PACKAGE_DETAIL = `${PACKAGE_SELECT} where "service_packages"."id" = $1`;

const app = Fastify();
app.get('/api/service-categories', async () => {
  // As catalogue.repository.ts sends it: a named prepared statement, the flag and the page as values.
  const { rows } = await pool.query({
    name: 'catalogue_categories_active',
    text: 'select "id", "name", "description", "is_active" from "service_categories" where "service_categories"."is_active" = $1 order by "service_categories"."id" asc limit $2 offset $3',
    values: [true, 100, 0],
  });
  return rows;
});
app.get('/api/service-packages', async () => {
  const { rows } = await pool.query({
    name: 'package_list',
    text: PACKAGE_LIST,
    values: ['published', 20, 0],
    rowMode: 'array',
  });
  return { items: rows, total: Number(rows[0]?.at(-1) ?? 0), skip: 0, limit: 20 };
});
app.get('/api/service-packages/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'package_by_id',
    text: PACKAGE_DETAIL,
    values: [Number(request.params.id)],
    rowMode: 'array',
  });
  return rows[0] ?? reply.status(404).send({ detail: 'Not found' });
});
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
