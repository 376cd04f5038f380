// The reference for the full-stack benchmark: bare Fastify and raw pg running the same SQL as
// GET /api/service-categories, with none of our plugins, validation or serialisation.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get('/api/service-categories', async () => {
  const { rows } = await pool.query(
    'select id, name, description, is_active from service_categories where is_active order by id offset 0 limit 100',
  );
  return rows;
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
