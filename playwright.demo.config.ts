import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, debianChromium } from './scripts/chromium.mjs';

// The demo's end-to-end test (e2e/demo.spec.ts) against dist-demo/ on a plain static server the test
// starts itself: no backend server (the backend runs in the browser), so none of the main config's
// web servers. Build first: `npm run demo:static` (`npm test` does, step build-demo).
export default defineConfig({
  testDir: 'e2e',
  testMatch: 'demo.spec.ts',
  outputDir: 'test-results/e2e-demo-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-demo.json' }]],
  use: { trace: 'on-first-retry', screenshot: 'only-on-failure', reducedMotion: 'reduce' },
  projects: [
    {
      name: 'demo',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || debianChromium() || DEBIAN_CHROMIUM,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
});
