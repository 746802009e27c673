import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: `unit` (unit + backend integration tests, in Node) and `component` (React, in jsdom).
// Integration tests open PGlite databases (hundreds of MB each) and, when TEST_DATABASE_URL is set,
// a real PostgreSQL: at most two test files run at once, so two cores are not oversubscribed.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One worker runs many files, as in the component project below: node_modules (PGlite's
          // WebAssembly, pg, Fastify, zod) are loaded once per worker instead of once per file;
          // freshModules.ts gives each file its own copy of the app's modules.
          isolate: false,
          setupFiles: ['tests/support/freshModules.ts'],
          // Migrates and seeds the integration tests' database once per run (PGlite dump or PostgreSQL template).
          globalSetup: ['tests/support/dbTemplates.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // One worker runs many files (no new process, jsdom and import of react-admin / MUI per
          // file: half the CPU time of the project). Each file still gets its own modules and mocks:
          // tests/support/freshModules.ts, run first, resets the module registry (node_modules stay
          // loaded by Node); setup.ts then resets what the shared window keeps (storage, URL, timers,
          // stubs, emotion's styles).
          isolate: false,
          setupFiles: ['tests/support/freshModules.ts', 'tests/component/setup.ts'],
          sequence: { setupFiles: 'list' },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
