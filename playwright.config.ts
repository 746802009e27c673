import { defineConfig, devices } from '@playwright/test';
import { DEBIAN_CHROMIUM, debianChromium } from './scripts/chromium.mjs';

// End-to-end tests in the machine's Chromium (Playwright downloads no browser here) against one
// server started from a fresh demo seed, plus a local OpenID Connect provider for the sign-in flow.
// The browser is CHROMIUM_PATH (set by `npm test`, which finds or installs one) or Debian's (its
// headless shell when installed: see scripts/chromium.mjs).
// E2E_PORT / E2E_OIDC_PORT move both servers, so several checkouts can run end-to-end tests at once.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8182);
const baseURL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;

export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${OIDC_PORT}`,
  clientId: 'aq-console-e2e',
  clientSecret: 'e2e-client-secret',
  allowedDomain: 'example.com',
} as const;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || debianChromium() || DEBIAN_CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its outputDir at start: keep it apart from test-results/*.json of other runners.
  outputDir: 'test-results/e2e-artifacts',
  // Two test files at once (each file's tests in order, in one worker): the machine has two cores,
  // and a test mostly waits for the page or the server, so two browsers keep both cores busy.
  fullyParallel: false,
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // A trace (DOM snapshots and screenshots of every step) only of a test that failed once and is
    // run again (CI retries once; locally `--trace on`): recording it for every test cost about a
    // third of the browsers' CPU and 36 s of the step's 200.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a user who asked the system for less motion: the console then runs no CSS animation or
    // transition (src/layout/theme.ts), so nothing waits for one and Chromium does not paint them.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'chromium', grepInvert: /@alone/, use: browser },
    // The tests tagged ALONE (e2e/support/login.ts) change what the others rely on: after all the
    // others, two files at once, so no two of them may change the same thing (users, sensors).
    // (`npx playwright test -g <title> --no-deps` runs one without the rest.)
    { name: 'alone', grep: /@alone/, dependencies: ['chromium'], use: browser },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/oidcServer.ts',
      url: `${E2E_OIDC.issuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: 'pipe',
    },
    {
      // The data dir is removed first so every run starts from a fresh demo seed.
      command: 'rm -rf .tmp/e2e-data && node scripts/start.mjs',
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: !CI,
      stdout: 'pipe',
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: '.tmp/e2e-data',
        DATABASE_URL: '', // always the embedded PGlite in DATA_DIR
        REDIS_URL: '',
        // The fleet simulator runs with a fast tick so a restart from Sensor Status visibly walks
        // RestartRequired → Pending → Ok within a few seconds; measurements still run once a minute.
        SIMULATOR: 'on',
        SIMULATOR_TICK_MS: '2000',
        SIMULATOR_SEED: '1',
        // Every test signs in at least once: cheaper password hashes (server/auth/password.ts).
        PASSWORD_SCRYPT_LOG2N: '10',
        SEED: 'demo',
        ADMIN_PASSWORD: 'admin-demo-pass',
        JWT_SECRET: 'e2e-secret-0123456789',
        OIDC_ISSUER: E2E_OIDC.issuer,
        OIDC_CLIENT_ID: E2E_OIDC.clientId,
        OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
        OIDC_ALLOWED_DOMAIN: E2E_OIDC.allowedDomain,
      },
    },
  ],
});
