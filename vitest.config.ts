import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, run together so the two workers stay busy from the first file to the last:
// - `unit`: unit and backend integration tests in Node, the integration tests on PGlite;
// - `postgres`: the integration tests again on the machine's PostgreSQL, when TEST_DATABASE_URL is
//   set (`.ci/run` sets it; tests/support/testApp.ts gives each test app its own database);
// - `component`: React components in jsdom.
// Integration tests open PGlite databases (hundreds of MB each): at most two test files run at
// once, so two cores are not oversubscribed.

// Password hashes of the tests' users cost 2^10 instead of 2^15 (server/auth/password.ts): the tests
// sign in hundreds of times. Set here, so the global setup's seeds and every worker see it.
process.env.PASSWORD_SCRYPT_LOG2N ??= '10';

/** Node tests: one worker runs many files (see `component`), each file with its own app modules. */
const node = {
  environment: 'node',
  pool: 'forks',
  // node_modules (PGlite's WebAssembly, pg, Fastify, zod) are loaded once per worker instead of
  // once per file; freshModules.ts gives each file its own copy of the app's modules.
  isolate: false,
  setupFiles: ['tests/support/freshModules.ts'],
  // Migrates and seeds the integration tests' databases once per run (a PGlite dump, or PostgreSQL
  // template databases), for the project's database (TEST_DB).
  globalSetup: ['tests/support/dbTemplates.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
} satisfies TestProjectInlineConfiguration['test'];

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      ...node,
      name: 'unit',
      include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
      env: { TEST_DB: 'pglite' },
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
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: { ...node, name: 'postgres', include: ['tests/integration/**/*.test.ts'], env: { TEST_DB: 'postgres' } },
  });
}

export default defineConfig({ test: { maxWorkers: 2, projects } });
