import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

interface ModuleGraph {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
  } | null;
}

const WEB_SOURCE_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/**
 * What the entry (main.tsx) needs before the app shell, which it imports only later: Vite's helper for
 * dynamic imports and the modules main.tsx imports itself. In the shell they would pull it in at once.
 */
const ENTRY_SUPPORT_MODULE =
  /vite[\\/]preload-helper|[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/](early-requests|session-hint)|prerender[\\/]prerendered-pages)\.ts$/;
/** The root of the app shell: main.tsx imports it once the pre-rendered page is painted. */
const ENTRY_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]start\.tsx$/;
const LANDING_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]landing-page\.tsx$/;
const PACKAGE_DETAIL_MODULE =
  /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]packages[\\/]package-detail-page\.tsx$/;

/** Whether an app module is imported statically, through app modules, by a module matching `root`. */
function reachableFrom(root: RegExp) {
  // Only 'yes' is remembered: a 'no' found while walking a cycle may be a 'yes' from another start.
  const reachable = new Set<string>();
  const walk = (id: string, graph: ModuleGraph, visiting: Set<string>): boolean => {
    if (reachable.has(id) || root.test(id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const importers = (graph.getModuleInfo(id)?.importers ?? []).filter((importer) =>
      WEB_SOURCE_MODULE.test(importer),
    );
    const result = importers.some((importer) => walk(importer, graph, visiting));
    visiting.delete(id);
    if (result) reachable.add(id);
    return result;
  };
  return (id: string, graph: ModuleGraph) => walk(id, graph, new Set());
}

/**
 * One chunk for the app's own modules that the entry imports statically (and, through them, the
 * libraries they use). Left alone, the bundler splits this code by which lazy pages share it, and the
 * landing page pays for a dozen small downloads that compress worse than one. Reachability is followed
 * through the app's modules only: a package's barrel file would otherwise pull in all it re-exports.
 */
function appShellChunk() {
  const inShell = reachableFrom(ENTRY_MODULE);
  return (id: string, graph: ModuleGraph): string | null =>
    WEB_SOURCE_MODULE.test(id) && inShell(id, graph) ? 'app-shell' : null;
}

const LUCIDE_ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

/**
 * The app modules that use each lucide icon, by the icon's file name ('clock'), read from the sources:
 * in the module graph an icon's only importer is the package's barrel file.
 */
function lucideIconUsers(sourceDir: string): Map<string, string[]> {
  const lucideDir = dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'));
  const barrel = readFileSync(join(lucideDir, 'dist/esm/lucide-react.mjs'), 'utf8');
  const fileOfName = new Map<string, string>();
  for (const [, names = '', file = ''] of barrel.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g,
  )) {
    for (const name of names.matchAll(/default as (\w+)/g)) fileOfName.set(name[1] ?? '', file);
  }
  const users = new Map<string, string[]>();
  for (const entry of readdirSync(sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    for (const [, names = ''] of readFileSync(path, 'utf8').matchAll(
      /import \{([^}]*)\} from 'lucide-react'/g,
    )) {
      for (const imported of names.split(',')) {
        const name = imported.trim().split(/\s+as\s+/)[0] ?? '';
        const file = fileOfName.get(name);
        if (file) users.set(file, [...(users.get(file) ?? []), path]);
      }
    }
  }
  return users;
}

/**
 * One chunk for what the package detail page (pre-rendered, where strangers arrive) shares with other
 * pages: its dozen small helpers and icons would otherwise come as as many tiny chunks, each a round
 * trip and a kilobyte of headers on a phone's network. Nothing the shell or the landing page loads up
 * front goes in it (the landing page's budget is decision 0006).
 */
function packageDetailChunk(sourceDir: string) {
  const fromPage = reachableFrom(PACKAGE_DETAIL_MODULE);
  const fromShell = reachableFrom(ENTRY_MODULE);
  const fromLanding = reachableFrom(LANDING_MODULE);
  let iconUsers: Map<string, string[]> | undefined;
  /** Whether an app module imports, through app modules, one that the shell or the landing page loads. */
  const upFront = new Map<string, boolean>();
  const usesUpFront = (id: string, graph: ModuleGraph, visiting = new Set<string>()): boolean => {
    const known = upFront.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const imported = (graph.getModuleInfo(id)?.importedIds ?? []).filter((other) =>
      WEB_SOURCE_MODULE.test(other),
    );
    const result = imported.some(
      (other) => fromShell(other, graph) || fromLanding(other, graph) || usesUpFront(other, graph, visiting),
    );
    visiting.delete(id);
    // A 'no' found while walking a cycle may be a 'yes' from another start (as reachableFrom).
    if (result || visiting.size === 0) upFront.set(id, result);
    return result;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    const icon = LUCIDE_ICON_MODULE.exec(id)?.[1];
    if (icon) iconUsers ??= lucideIconUsers(sourceDir);
    const users = icon ? (iconUsers?.get(icon) ?? []) : WEB_SOURCE_MODULE.test(id) ? [id] : [];
    // A lazy page or component keeps a chunk of its own.
    if (users.length === 0 || (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
    if (!users.some((user) => fromPage(user, graph))) return null;
    if (users.some((user) => fromShell(user, graph) || fromLanding(user, graph))) return null;
    // The chunk takes the modules it captures with their dependencies: a module that uses one the
    // landing page loads (the package card's helpers, since the landing page shows popular packages)
    // would bring that one in, and the landing page would download this whole chunk for it.
    if (!icon && usesUpFront(id, graph)) return null;
    return 'package-detail';
  };
}

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
}

/**
 * The entry imports the app shell dynamically (see main.tsx), so the built index.html would only ask
 * for it once the entry has run: it is listed for download at once instead (modulepreload).
 */
function preloadAppShell(): Plugin {
  return {
    name: 'teamhire:preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk & typeof output => output.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const start = chunks.find((chunk) => chunk.moduleIds.some((id) => ENTRY_MODULE.test(id)));
        if (!start) throw new Error('the build has no chunk for src/app/start.tsx');
        const files = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(byName.get(imported));
        };
        visit(start);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The API's development port; `npm run dev` starts it next to this server. */
const DEV_API_ORIGIN = 'http://127.0.0.1:3001';

const proxy = {
  '/api': { target: DEV_API_ORIGIN },
  '/ws': { target: DEV_API_ORIGIN, ws: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadAppShell()],
  server: { proxy },
  preview: { proxy },
  build: isSsrBuild
    ? // The pre-render build (scripts/prerender.mjs): run once in Node at build time, never served.
      { emptyOutDir: true, minify: false }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // Read by the benchmark to add up the JavaScript a route loads, and by the pre-render.
        manifest: true,
        // Every browser the app supports knows modulepreload; the polyfill would only add to the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'entry-support', test: ENTRY_SUPPORT_MODULE, priority: 1 },
                // React DOM and React Router on their own: main.tsx has the browser run each in a task of
                // its own before the rest of the app.
                { name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
                {
                  name: 'react-router',
                  test: /node_modules[\\/]react-router[\\/]|[\\/]src[\\/]app[\\/]router-library\.ts$/,
                  priority: 1,
                },
                { name: appShellChunk() },
                { name: packageDetailChunk(join(import.meta.dirname, 'src')) },
              ],
            },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Waits inside a test may take up to 5 s each on a loaded machine (see src/test/setup.ts).
    testTimeout: 20_000,
  },
}));
