/**
 * Sign-in to the first rows, in Chromium, on the built console (dist/, `npx vite build` first) and
 * the demo network (in-memory PGlite): the time from the click on 'Login' (password form) to the
 * first row of the installations list on screen, median of BENCH_RUNS runs (default 7, after one
 * warm-up) with the spread; each run is a fresh browser context (nothing cached but what the
 * sign-in screen itself loaded).
 *
 * Two cases:
 *   - "typed": the form is filled and the network is left idle before the click, as when a person
 *     types a username and password (a second or more): whatever the sign-in screen fetches in the
 *     meantime is done;
 *   - "at once": the click follows the filling at once (a password manager and a quick click).
 *
 * The baseline is the sign-in request itself (GET /api/login/basic, from the click's run: its start
 * to its answer, Resource Timing), so the ratio says how much longer than that round trip the
 * console takes to show rows. Beside it, where the rest goes: the click to the sign-in request,
 * the sign-in answer to the start of the first list request, that request, and its answer to the
 * rows on screen.
 *
 *   npx tsx bench/signin.ts      # CHROMIUM_PATH picks the browser (default: the e2e tests' one)
 *   BENCH_DIST=/tmp/old/dist …   # another build of the console
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, debianChromium } from '../scripts/chromium.mjs';
import { DEMO_ADMIN_PASSWORD, benchMain, demoConsoleServer } from './support';

/** The built console: dist/, or BENCH_DIST (another build, to compare two in one session). */
const DIST = path.resolve(process.env.BENCH_DIST || 'dist');
const PASSWORD = DEMO_ADMIN_PASSWORD;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** A data row of react-admin's DataTable (its loading skeleton rows have no class). */
const ROW = 'tbody tr.RaDataTable-row';

interface Run {
  /** Click on Login → first data row in the DOM, then painted (the next animation frame). */
  total: number;
  click2login: number;
  login: number;
  login2list: number;
  list: number;
  list2rows: number;
}

declare global {
  interface Window {
    __bench?: { click?: number; rows?: number; seen?: boolean };
  }
}

async function oneRun(browser: Browser, port: number, typed: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('button', { name: 'Password login' }).click();
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill(PASSWORD);
    if (typed) await page.waitForLoadState('networkidle');
    // A script as text: tsx would wrap named functions in a helper the page does not have.
    await page.evaluate(`(() => {
      const bench = (window.__bench = {});
      document.addEventListener('click', (e) => (bench.click ??= e.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (bench.seen || !document.querySelector(${JSON.stringify(ROW)})) return;
        bench.seen = true;
        observer.disconnect();
        requestAnimationFrame((t) => (bench.rows = t));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    })()`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForFunction(() => window.__bench?.rows !== undefined, null, { polling: 'raf', timeout: 30_000 });
    return await page.evaluate(() => {
      const { click, rows } = window.__bench!;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const login = entries.find((e) => e.name.includes('/api/login/basic') && e.startTime >= click!);
      const list = entries.find((e) => e.name.includes('/api/installations?') && e.startTime >= click!);
      if (!login || !list) throw new Error('no sign-in or list request seen');
      return {
        total: rows! - click!,
        click2login: login.startTime - click!,
        login: login.responseEnd - login.startTime,
        login2list: list.startTime - login.responseEnd,
        list: list.responseEnd - list.startTime,
        list2rows: rows! - list.responseEnd,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || debianChromium() || '/usr/bin/chromium-headless-shell';
  const server = await demoConsoleServer(DIST, 'aq-signin-');
  const { port } = server;
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  try {
    console.log(
      `\nSign-in click to the first installations row (Chromium ${executablePath}, ${RUNS} runs + 1 warm-up)`,
    );
    console.log('name, value, unit, baseline, ratio');
    // The two cases take turns, so a change in the machine's load weighs on both alike.
    const runsOf = new Map<boolean, Run[]>([
      [true, []],
      [false, []],
    ]);
    for (let i = 0; i <= RUNS; i++)
      for (const typed of [true, false]) {
        const run = await oneRun(browser, port, typed);
        if (i > 0) runsOf.get(typed)!.push(run);
      }
    for (const [typed, runs] of runsOf) {
      const m = (key: keyof Run) => median(runs.map((r) => r[key]));
      const totals = runs.map((r) => r.total);
      const label = typed ? 'typed' : 'at once';
      console.log(
        `sign-in to rows (${label}), ${m('total').toFixed(0)}, ms, ${m('login').toFixed(0)} ms sign-in request, ` +
          `${(m('total') / m('login')).toFixed(2)}  (spread ${Math.min(...totals).toFixed(0)}–${Math.max(...totals).toFixed(0)} ms)`,
      );
      console.log(
        `  medians: click → sign-in request ${m('click2login').toFixed(0)} ms, sign-in request ${m('login').toFixed(0)} ms, ` +
          `answer → list request ${m('login2list').toFixed(0)} ms, list request ${m('list').toFixed(0)} ms, ` +
          `list answer → rows painted ${m('list2rows').toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

benchMain(main);
