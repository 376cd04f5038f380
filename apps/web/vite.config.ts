import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
