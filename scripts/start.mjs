// `npm start`: build when needed, then serve the API and the built web app on one port.
import { buildIfStale, REPO_ROOT } from './build-if-stale.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

await buildIfStale();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(REPO_ROOT, 'apps/api/dist/server.js')).href);
