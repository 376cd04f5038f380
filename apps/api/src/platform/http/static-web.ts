import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 31_536_000;
const INDEX_FILE = 'index.html';
/** Written by the web build (apps/web/scripts/prerender.mjs): which paths have a pre-rendered page. */
const PRERENDERED_PAGES_FILE = 'prerendered/pages.json';

interface PrerenderedPage {
  pattern: RegExp;
  file: string;
  /** Served only for an address without a query string (the page's content follows the query). */
  withoutQuery: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTML file (relative to the web build) that answers a client route's path and query string. */
    webPageFor(path: string, query?: string): string;
  }
}

/**
 * The pre-rendered pages of a build, or none when it has none or the list is unreadable: every path
 * then gets index.html, which always works (the app renders itself), only later.
 */
export async function readPrerenderedPages(
  app: FastifyInstance,
  distDir: string,
): Promise<PrerenderedPage[]> {
  let text: string;
  try {
    text = await readFile(join(distDir, PRERENDERED_PAGES_FILE), 'utf8');
  } catch {
    return [];
  }
  try {
    const listed: unknown = JSON.parse(text);
    if (!Array.isArray(listed)) throw new Error('not a list');
    const pages: PrerenderedPage[] = [];
    for (const entry of listed as unknown[]) {
      const { pattern, file, withoutQuery } = (entry ?? {}) as {
        pattern?: unknown;
        file?: unknown;
        withoutQuery?: unknown;
      };
      if (
        typeof pattern !== 'string' ||
        typeof file !== 'string' ||
        file.includes('..') ||
        (withoutQuery !== undefined && typeof withoutQuery !== 'boolean')
      ) {
        throw new Error(`bad entry ${JSON.stringify(entry)}`);
      }
      await access(join(distDir, file));
      pages.push({ pattern: new RegExp(pattern), file, withoutQuery: withoutQuery === true });
    }
    return pages;
  } catch (error) {
    app.log.warn({ err: error, distDir }, 'ignoring the pre-rendered pages of the web build');
    return [];
  }
}

/**
 * The first pre-rendered page whose pattern matches the path (and that may be served with the query
 * string, if there is one: `query` is what follows the `?`), else index.html.
 */
export function pageForPath(pages: readonly PrerenderedPage[], path: string, query = ''): string {
  return (
    pages.find((page) => page.pattern.test(path) && (query === '' || !page.withoutQuery))?.file ?? INDEX_FILE
  );
}

/**
 * Serves the built web app: content-hashed assets cached for a year (precompressed .br/.gz when
 * the client accepts them), and index.html, never cached, for every client-side route (see the not-found
 * handler in errors.ts) - or, for the paths the build pre-rendered, that page's HTML, which shows the
 * page before the app's JavaScript has arrived.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = join(distDir, INDEX_FILE);
  const built = await access(indexFile).then(
    () => true,
    () => false,
  );
  if (!built) {
    app.log.warn({ distDir }, 'the web app is not built; only the API is served (run npm run build)');
    return false;
  }
  const pages = await readPrerenderedPages(app, distDir);
  app.decorate('webPageFor', (path: string, query?: string) => pageForPath(pages, path, query));
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
