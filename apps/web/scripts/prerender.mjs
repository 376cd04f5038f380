// Runs after `vite build`: builds the app once more for Node, renders the pages listed in
// src/prerender/prerendered-pages.ts the way a first-time visitor sees them before any data, and writes
// them to dist/prerendered/, with pages.json telling the server which paths get which file.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrOut = join(webRoot, 'node_modules/.cache/prerender');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/prerender/render-page.tsx', outDir: ssrOut },
});
const { renderPage, prerenderedPageHtml, PRERENDERED_PAGES } = await import(
  pathToFileURL(join(ssrOut, 'render-page.js')).href
);

const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk of a module and every chunk it imports statically, as served paths. */
function chunkPaths(key, paths = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (paths.has(`/${chunk.file}`)) return paths;
  paths.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunkPaths(imported, paths);
  return paths;
}

const stylesheets = new Map();
for (const [, href] of template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
  stylesheets.set(href, await readFile(join(dist, href), 'utf8'));
}

await mkdir(join(dist, 'prerendered'), { recursive: true });
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryScripts = [...chunkPaths(entryKey)];
const pages = [];
for (const page of PRERENDERED_PAGES) {
  const html = prerenderedPageHtml(template, {
    markup: await renderPage(page.url),
    entryScripts,
    scripts: [...chunkPaths(page.routeModule)],
    chunksAfterPaint: page.chunksAfterPaint === true,
    stylesheets,
  });
  const file = `prerendered/${page.name}.html`;
  await writeFile(join(dist, file), html);
  pages.push({ pattern: page.pattern, file, ...(page.withoutQuery ? { withoutQuery: true } : {}) });
}
await writeFile(join(dist, 'prerendered/pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`pre-rendered ${pages.length} pages in ${join(dist, 'prerendered')}`);
