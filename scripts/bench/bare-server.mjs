// The references for the full-stack benchmarks: bare Fastify and raw pg running the same SQL as our
// routes (copied from what drizzle sends), with none of our plugins, hooks, validation or
// serialisation; and a hello-world route for the no-database comparison. It logs as production does
// (`info`, one line per answered request through Fastify's own request logger), as our server does.
import Fastify, { LogController } from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/**
 * The columns packages.repository.ts selects, the joins and the page: its list and detail queries,
 * character for character. Rows as arrays, as drizzle asks pg for them (the joined tables repeat column
 * names), and named prepared statements, as the repository sends them (parsed and planned once per
 * connection).
 */
const PACKAGE_COLUMNS = `select "service_packages"."id", "service_packages"."team_id", "service_packages"."title", "service_packages"."description", "service_packages"."price_cents", "service_packages"."duration_days", "service_packages"."tags", "service_packages"."requirements", "service_packages"."deliverables", "service_packages"."status", "service_packages"."created_at", "service_packages"."updated_at", "service_packages"."revisions", "teams"."id", "teams"."name", "teams"."description", "teams"."member_count", "teams"."max_members", "teams"."is_active", "teams"."created_at", "teams"."admin_id", "package_team_admin"."username"`;
const PACKAGE_JOINS = ` from "service_packages" inner join "teams" on "teams"."id" = "service_packages"."team_id" inner join "users" "package_team_admin" on "package_team_admin"."id" = "teams"."admin_id"`;
/**
 * The list brings its total and the catalogue's version as the last two columns of every row. As ours
 * (decision 0045), it passes the version and total it last saw, and PostgreSQL counts again only when
 * the catalogue changed since.
 */
const PACKAGE_LIST = `${PACKAGE_COLUMNS}, case when (select version from service_package_catalogue_version where id = 1) = $1::bigint
    then $2::bigint else (select count(*) from service_packages where status = 'published') end, (select version from service_package_catalogue_version where id = 1)${PACKAGE_JOINS} where "service_packages"."status" = $3 order by "service_packages"."created_at" desc, "service_packages"."id" desc limit $4 offset $5`;
const PACKAGE_DETAIL = `${PACKAGE_COLUMNS}${PACKAGE_JOINS} where "service_packages"."id" = $1`;

/** One line per answered request, as ours writes it: the request id comes from the request's logger. */
class OneLinePerRequest extends LogController {
  incomingRequest() {}

  requestCompleted(error, request, reply, metadata) {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    const query = request.url.indexOf('?');
    reply.log.info(
      {
        method: request.method,
        path: query === -1 ? request.url : request.url.slice(0, query),
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
      },
      'request completed',
    );
  }
}

const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  logController: new OneLinePerRequest(),
});
app.get('/api/service-categories', async () => {
  // As catalogue.repository.ts sends it: a named prepared statement, the flag and the page as values.
  const { rows } = await pool.query({
    name: 'catalogue_categories_active',
    text: 'select "id", "name", "description", "is_active" from "service_categories" where "service_categories"."is_active" = $1 order by "service_categories"."id" asc limit $2 offset $3',
    values: [true, 100, 0],
    rowMode: 'array',
  });
  return rows;
});
let known = { version: -1, total: 0 };
app.get('/api/service-packages', async () => {
  const { rows } = await pool.query({
    name: 'package_list',
    text: PACKAGE_LIST,
    values: [known.version, known.total, 'published', 20, 0],
    rowMode: 'array',
  });
  const first = rows[0];
  if (first) known = { version: Number(first.at(-1)), total: Number(first.at(-2)) };
  return { items: rows, total: known.total, skip: 0, limit: 20 };
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
