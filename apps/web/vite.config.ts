import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const WEB_SOURCE_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const ENTRY_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;

/**
 * One chunk for the app's own modules that the entry imports statically (and, through them, the
 * libraries they use). Left alone, the bundler splits this code by which lazy pages share it, and the
 * landing page pays for a dozen small downloads that compress worse than one. Reachability is followed
 * through the app's modules only: a package's barrel file would otherwise pull in all it re-exports.
 */
function appShellChunk() {
  // Only 'yes' is remembered: a 'no' found while walking a cycle may be a 'yes' from another start.
  const reachable = new Set<string>();
  const importedByEntry = (id: string, graph: ModuleGraph, visiting: Set<string>): boolean => {
    if (reachable.has(id) || ENTRY_MODULE.test(id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const importers = (graph.getModuleInfo(id)?.importers ?? []).filter((importer) =>
      WEB_SOURCE_MODULE.test(importer),
    );
    const result = importers.some((importer) => importedByEntry(importer, graph, visiting));
    visiting.delete(id);
    if (result) reachable.add(id);
    return result;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    if (WEB_SOURCE_MODULE.test(id) && importedByEntry(id, graph, new Set())) return 'app-shell';
    return null;
  };
}

/** The API's development port; `npm run dev` starts it next to this server. */
const DEV_API_ORIGIN = 'http://127.0.0.1:3001';

const proxy = {
  '/api': { target: DEV_API_ORIGIN },
  '/ws': { target: DEV_API_ORIGIN, ws: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Read by the benchmark to add up the JavaScript a route loads.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: appShellChunk() }] } },
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
});
