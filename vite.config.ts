/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

// One config for the client build and the three test projects.
// The dev server proxies /api and /hubs to the API server on 8080.
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/client',
    chunkSizeWarningLimit: 1500,
    // The first page's code (the entry and all it imports statically, rolldown's `$initial`)
    // in one chunk: left alone, the bundler cut it into ~20 chunks shared with the lazy
    // screens, and one file compresses better and costs one request (the sign-in page's
    // JavaScript: 238 -> 200 KiB). Lazy screens keep the automatic splitting.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
      '/hubs': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Component tests render react-admin screens: on a slow two-core machine under a
          // full run one took 6.9 s against the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
