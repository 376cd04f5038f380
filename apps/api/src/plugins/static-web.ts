import { access } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app: content-hashed assets cached for a year (precompressed .br/.gz when
 * the client accepts them), and index.html, never cached, for every client-side route (see the not-found handler in errors.ts).
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = join(distDir, 'index.html');
  const built = await access(indexFile).then(
    () => true,
    () => false,
  );
  if (!built) {
    app.log.warn({ distDir }, 'the web app is not built; only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      const immutable = path.includes(`${join(distDir, 'assets')}`);
      reply.header(
        'cache-control',
        immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });

  return true;
}
