// The references for the full-stack benchmarks: bare Fastify and raw pg giving the product's answers
// with none of our plugins, hooks, validation or serialisation. Each does the same outside work as ours:
// the same SQL (reference-sql.mjs, which a test checks against what ours sends), the same log line
// (`info`, one line per answered request through Fastify's own request logger, written as Fastify does
// by default), and the same response headers (the security headers and request id every answer of
// ours carries, handed over by the bench in BENCH_RESPONSE_HEADERS as ours sent them). The no-database
// comparison is the product's JSON 404 for an unknown /api path. Decision 0066.
import Fastify, { LogController } from 'fastify';
import pg from 'pg';
import { REFERENCE_STATEMENTS } from './reference-sql.mjs';

// The session settings ours runs with (apps/api/src/db/database.ts): no JIT compilation.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });

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

/** The headers every answer of ours carries besides the request id (JSON, from the bench). */
const RESPONSE_HEADERS = JSON.parse(process.env.BENCH_RESPONSE_HEADERS ?? '{}');
const withHeaders = (request, reply) => reply.headers(RESPONSE_HEADERS).header('x-request-id', request.id);

const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  logController: new OneLinePerRequest(),
});
app.get('/api/service-categories', async (request, reply) => {
  withHeaders(request, reply);
  // As ours sends them (reference-sql.mjs): named prepared statements, rows as arrays (drizzle asks pg
  // for arrays: the joined tables repeat column names), and the same values.
  const { rows } = await pool.query({
    name: 'catalogue_categories_active',
    text: REFERENCE_STATEMENTS.catalogue_categories_active,
    values: [true, 100, 0],
    rowMode: 'array',
  });
  return rows;
});
let known = { version: -1, total: 0 };
app.get('/api/service-packages', async (request, reply) => {
  withHeaders(request, reply);
  const { rows } = await pool.query({
    name: 'package_list',
    text: REFERENCE_STATEMENTS.package_list,
    values: [known.version, known.total, 'published', 20, 0],
    rowMode: 'array',
  });
  const first = rows[0];
  if (first) known = { version: Number(first.at(-1)), total: Number(first.at(-2)) };
  return { items: rows, total: known.total, skip: 0, limit: 20 };
});
app.get('/api/service-packages/:id', async (request, reply) => {
  withHeaders(request, reply);
  const { rows } = await pool.query({
    name: 'package_by_id',
    text: REFERENCE_STATEMENTS.package_by_id,
    // A custom offer's hidden package row is never a public package.
    values: [Number(request.params.id), false],
    rowMode: 'array',
  });
  return rows[0] ?? reply.status(404).send({ detail: 'Not found' });
});
app.setNotFoundHandler(async (request, reply) => {
  withHeaders(request, reply);
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  return reply.status(404).send({ detail: `Not found: ${request.method} ${path}` });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
