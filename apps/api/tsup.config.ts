import { defineConfig } from 'tsup';

export default defineConfig({
  // The embedded-database starter is also its own entry, for scripts (the benchmark) that need a database.
  entry: { server: 'src/server.ts', 'embedded-postgres': 'src/db/embedded-postgres.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source; it is compiled into the bundle, dependencies are not.
  noExternal: [/^@teamhire\//],
});
