#!/usr/bin/env node
/**
 * Lighthouse's accessibility score of console screens, signed in (issue 29: /installations ≥ 98).
 * Not part of `npm test` (Lighthouse is about 200 packages): install it beside the project without
 * saving it, start the console, then run this script.
 *
 *   npm install --no-save lighthouse@12        # or LIGHTHOUSE_MODULE=/path/to/node_modules/lighthouse
 *   npm start                                  # or any running console (CONSOLE_URL)
 *   node scripts/lighthouse-a11y.mjs [/installations …]
 *
 * It opens Chromium (CHROMIUM_PATH or Debian's) with remote debugging, signs in as the demo admin
 * through the password form (USERNAME / PASSWORD), and has Lighthouse audit each path in that
 * browser, keeping its storage (the session). Prints each path's score and the audits that failed.
 */
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, debianChromium } from './chromium.mjs';

const base = process.env.CONSOLE_URL ?? 'http://127.0.0.1:8080';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/installations'];
const port = Number(process.env.DEBUG_PORT ?? 9333);

const lighthouseEntry = process.env.LIGHTHOUSE_MODULE
  ? path.join(process.env.LIGHTHOUSE_MODULE, 'core/index.js')
  : createRequire(import.meta.url).resolve('lighthouse');
const { default: lighthouse } = await import(pathToFileURL(lighthouseEntry).href);

const context = await chromium.launchPersistentContext('', {
  executablePath: process.env.CHROMIUM_PATH || debianChromium() || DEBIAN_CHROMIUM,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  viewport: { width: 1350, height: 940 },
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Password login' }).click();
  await page.locator('input[name=username]').fill(process.env.USERNAME_DEMO ?? 'admin');
  await page.locator('input[name=password]').fill(process.env.PASSWORD ?? 'admin-demo-pass');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/(installations|sensors)/);
  for (const p of paths) {
    const result = await lighthouse(`${base}${p}`, {
      port,
      onlyCategories: ['accessibility'],
      disableStorageReset: true,
      formFactor: 'desktop',
      screenEmulation: { disabled: true },
      output: 'json',
      logLevel: 'error',
    });
    const { categories, audits } = result.lhr;
    const failed = Object.values(audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary');
    console.log(`${p}: accessibility ${Math.round(categories.accessibility.score * 100)}`);
    for (const a of failed) {
      console.log(`  ✗ ${a.id} — ${a.title} (${a.details?.items?.length ?? 0} elements)`);
      // Which elements: their HTML as Lighthouse quotes it.
      for (const item of a.details?.items ?? []) if (item.node?.snippet) console.log(`      ${item.node.snippet}`);
    }
  }
} finally {
  await context.close();
}
