import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract is TypeScript source; it is compiled into the bundle, dependencies are not.
  noExternal: [/^@teamhire\//],
});
