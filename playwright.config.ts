import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, debianChromium } from './scripts/chromium.mjs';
import { e2ePort, e2eServers } from './scripts/e2eServers.mjs';

// End-to-end tests in the machine's Chromium (Playwright downloads no browser here) against one
// server started from a fresh demo seed, plus a local OpenID Connect provider for the sign-in flow
// (scripts/e2eServers.mjs; E2E_PORT / E2E_OIDC_PORT move both). The browser is CHROMIUM_PATH (set
// by `npm test`, which finds or installs one) or Debian's (its headless shell when installed: see
// scripts/chromium.mjs).
const CI = !!process.env.CI;
// `npm test` starts the servers itself during its vitest step (scripts/test.mjs) and says so: they
// are then fresh, so Playwright uses them even in CI, where it otherwise insists on starting its own.
const serversStarted = process.env.E2E_SERVERS === 'started';

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || debianChromium() || DEBIAN_CHROMIUM,
    args: [...CHROMIUM_ARGS],
  },
};

export default defineConfig({
  testDir: 'e2e',
  // The demo build's test needs no server: playwright.demo.config.ts runs it.
  testIgnore: 'demo.spec.ts',
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
    baseURL: `http://127.0.0.1:${e2ePort()}`,
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
  webServer: e2eServers().map(({ command, url, timeout, env }) => ({
    command,
    url,
    timeout,
    env,
    reuseExistingServer: !CI || serversStarted,
    stdout: 'pipe' as const,
  })),
});
