#!/usr/bin/env node
// `npm test`: every check in order, continuing after failures, each step's output streamed live.
//
//   typecheck  tsc --noEmit -p tsconfig.json   (TypeScript 7, the native compiler, installed as the
//              `typescript-native` alias: about 4× faster than 5.9, which stays for typescript-eslint;
//              incremental: .tmp/cache/tsconfig.tsbuildinfo)
//   lint       eslint .   (cached in .tmp/cache/eslint)
//   format     prettier --check .   (cached; files listed in .prettierignore excepted; `npm run format` fixes)
//   build      vite build of the console the end-to-end step serves (with that step, or named)
//   (these four are single-threaded or short. When the vitest step follows, they run beside it, one
//   at a time at the lowest CPU priority (nice 19): they then use only what the test workers leave
//   idle, instead of holding both cores for ~25 s before the tests start; their output is printed
//   whole after the vitest step, and the end-to-end step waits for the build. Alone, they run side
//   by side, as many at once as the machine has cores. Each one's output is printed whole, in
//   this order.)
//   vitest     unit + backend integration (PGlite) + component tests, and the integration tests again
//              against PostgreSQL when TEST_DATABASE_URL is set: the projects of vitest.config.ts, in
//              one run (`--only=postgres` runs that project alone)
//   build-demo / e2e-demo   the demo build (npm run demo:static) and its test (playwright.demo.config.ts:
//              e2e/demo.spec.ts on a static server, no backend); with the e2e step, after it
//   e2e        Playwright in Chromium, against the servers of scripts/e2eServers.mjs. When the vitest
//              step runs first, this script starts them during it, as soon as the build is done (it
//              runs first of the background checks), at normal priority, their output going to
//              test-results/e2e-servers.log (printed after the end-to-end step); the end-to-end step
//              then waits until they answer and tells Playwright to use them (E2E_SERVERS=started)
//              instead of seeding its own for ~8 s while the cores idle. They are stopped after it.
//              If they do not answer, Playwright starts its own, as it does when run alone.
//
// Ends with one plain line `N passed, N failed` over all runners (typecheck, lint and format count
// as one test each; a flaky Playwright test that passed on retry counts as passed). Exit code 1 if
// any step failed.
//
// The end-to-end step needs a Chromium. Before any step runs, the script finds one: CHROMIUM_PATH,
// else Debian's /usr/bin/chromium, else a Chromium Playwright downloaded (`npx playwright install
// chromium`); the one found is handed to Playwright as CHROMIUM_PATH. With none, when running
// non-interactively (no terminal on stdin, or CI set) as root or with password-less sudo, it
// installs Debian's (`apt-get update && apt-get install -y chromium`); otherwise it stops before any
// test with one line naming the command to run.
//
// Options (local use):  --skip-e2e   --only=<step>[,<step>…]   (steps: typecheck, lint, format,
// vitest (alias unit), postgres (alias pg), e2e)   --help
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { e2eServers } from './e2eServers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
/** A command of node_modules/.bin, or a path inside node_modules (`typescript-native/bin/tsc`). */
const bin = (name) => path.join(root, 'node_modules', name.includes('/') ? '' : '.bin', name);

const vitestJson = 'test-results/vitest.json';
const postgresJson = 'test-results/vitest-postgres.json';
const e2eJson = 'test-results/e2e.json';

const STEPS = [
  // The caches live in this checkout's .tmp/cache (not node_modules/.cache: node_modules may be shared
  // by several checkouts); a clean clone starts without them and gets the full run.
  {
    name: 'typecheck',
    kind: 'single',
    group: 'static',
    // Both TypeScript packages have a `tsc`; node_modules/.bin may link either, so the path is named.
    cmd: 'typescript-native/bin/tsc',
    args: ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', '.tmp/cache/tsconfig.tsbuildinfo'],
  },
  {
    name: 'lint',
    kind: 'single',
    group: 'static',
    cmd: 'eslint',
    args: ['.', '--cache', '--cache-strategy', 'content', '--cache-location', '.tmp/cache/eslint'],
  },
  {
    name: 'format',
    aliases: ['format', 'prettier'],
    kind: 'single',
    group: 'static',
    cmd: 'prettier',
    args: ['--check', '.', '--cache', '--cache-location', '.tmp/cache/prettier'],
  },
  {
    // The console the end-to-end step's server serves (scripts/start.mjs builds only when dist/ is
    // older than the sources): built here, beside the static checks, instead of inside that step.
    name: 'build',
    named: true,
    kind: 'single',
    group: 'static',
    // In the background (beside the vitest step) it runs first: the end-to-end servers wait for it.
    first: true,
    cmd: 'vite',
    args: ['build', '--logLevel', 'warn'],
  },
  {
    // The demo build (backend in the browser) its end-to-end test serves from a static server.
    name: 'build-demo',
    named: true,
    kind: 'single',
    group: 'static',
    cmd: 'tsx',
    args: ['scripts/demo.mjs', 'build'],
  },
  {
    name: 'vitest',
    aliases: ['unit', 'vitest'],
    kind: 'vitest',
    json: vitestJson,
    cmd: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`],
  },
  {
    // Only with --only=postgres: in a full run the vitest step runs the `postgres` project with the others.
    name: 'postgres',
    named: true,
    aliases: ['pg', 'postgres', 'integration-postgres'],
    kind: 'vitest',
    json: postgresJson,
    cmd: 'vitest',
    args: ['run', '--project=postgres', '--reporter=default', '--reporter=json', `--outputFile=${postgresJson}`],
    skip: () => (process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set'),
  },
  { name: 'e2e', aliases: ['e2e', 'playwright'], kind: 'playwright', json: e2eJson, cmd: 'playwright', args: ['test'] },
  {
    // e2e/demo.spec.ts: no server of scripts/e2eServers.mjs (playwright.demo.config.ts).
    name: 'e2e-demo',
    kind: 'playwright',
    json: 'test-results/e2e-demo.json',
    cmd: 'playwright',
    args: ['test', '-c', 'playwright.demo.config.ts'],
  },
];

// ---- arguments ------------------------------------------------------------------------------------

let only = null;
let skipE2e = false;
for (const arg of process.argv.slice(2)) {
  if (arg === '--skip-e2e') skipE2e = true;
  else if (arg.startsWith('--only=')) only = arg.slice('--only='.length).split(',').filter(Boolean);
  else if (arg === '--help' || arg === '-h') {
    console.log(
      'usage: node scripts/test.mjs [--skip-e2e] [--only=<step>[,<step>…]]\nsteps: ' +
        STEPS.map((s) => s.name).join(', '),
    );
    process.exit(0);
  } else {
    console.error(`unknown argument: ${arg} (try --help)`);
    process.exit(2);
  }
}
const stepOf = (name) => STEPS.find((s) => s.name === name || (s.aliases ?? []).includes(name));
if (only) {
  const unknown = only.filter((n) => !stepOf(n));
  if (unknown.length) {
    console.error(`unknown step(s): ${unknown.join(', ')}; steps are ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
}
// Steps marked `named` run only when --only names them (build also with the end-to-end step).
const wanted = new Set(only ? only.map((n) => stepOf(n).name) : STEPS.filter((s) => !s.named).map((s) => s.name));
// The console the end-to-end step serves is built beside the static checks, not inside that step.
if (wanted.has('e2e') && !skipE2e) wanted.add('build');
if (wanted.has('e2e-demo') && !skipE2e) wanted.add('build-demo');

// ---- running ----------------------------------------------------------------------------------------

const children = new Set();
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
    stopE2eServers();
    if (children.size) for (const child of children) child.kill(signal);
    else process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/**
 * Runs one command. Its output goes straight to the terminal, or with `capture` into `output`
 * (standard output and error interleaved as they came), for steps that run side by side.
 */
function run(cmd, args, env, capture, niceness = 0) {
  return new Promise((resolve) => {
    let child;
    const stdio = capture ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    // Through nice(1), so the priority is set before the command starts: every thread and process
    // it starts inherits it (os.setPriority after the spawn would reach only its main thread).
    const [file, argv] = niceness ? ['nice', ['-n', String(niceness), bin(cmd), ...args]] : [bin(cmd), args];
    try {
      child = spawn(file, argv, { cwd: root, stdio, env: { ...process.env, ...env } });
    } catch (err) {
      console.error(`cannot start ${cmd}: ${err.message}`);
      resolve(127);
      return;
    }
    children.add(child);
    if (capture) {
      child.stdout.on('data', (chunk) => capture.push(chunk));
      child.stderr.on('data', (chunk) => capture.push(chunk));
    }
    let done = false;
    const finish = (code) => {
      if (done) return;
      done = true;
      children.delete(child);
      resolve(code);
    };
    child.on('error', (err) => {
      console.error(`cannot start ${cmd}: ${err.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return null;
  }
}

function counts(step, exitCode) {
  const ok = exitCode === 0;
  if (step.kind === 'single') return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  let passed = 0;
  let failed = 0;
  const report = readJson(step.json);
  if (report && step.kind === 'vitest') {
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
  } else if (report && step.kind === 'playwright') {
    const s = report.stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
  }
  // The runner failed outside any test (config error, a file that does not load, server did not start…).
  if (!ok && failed === 0) failed = 1;
  return { passed, failed };
}

function duration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  return `${m}m ${(s - m * 60).toFixed(1).padStart(4, '0')}s`;
}

// Before any test: the end-to-end step must not be the one that finds out there is no browser.
if (wanted.has('e2e') && !skipE2e) {
  const chromium = await ensureChromium({ cwd: root });
  if (!chromium) process.exit(1);
  process.env.CHROMIUM_PATH = chromium;
}

fs.mkdirSync(resultsDir, { recursive: true });
const results = [];
const started = Date.now();
const planned = STEPS.filter((s) => wanted.has(s.name));
const skipReason = (step) =>
  interrupted
    ? `interrupted (${interrupted})`
    : (step.name === 'e2e' || step.name === 'e2e-demo') && skipE2e
      ? '--skip-e2e'
      : (step.skip?.() ?? null);
const titleOf = (step) => `[${planned.indexOf(step) + 1}/${planned.length}] ${step.name}`;
const commandLine = (step) =>
  Object.entries(step.env ?? {})
    .map(([k, v]) => `${k}=${v} `)
    .join('') + `${step.cmd} ${step.args.join(' ')}`;

/** Runs a step (its output live, or captured) and records its result; returns the printed end line. */
async function runStep(step, capture, niceness) {
  if (step.json) fs.rmSync(path.join(root, step.json), { force: true });
  const t0 = Date.now();
  const code = await run(step.cmd, step.args, step.env, capture, niceness);
  const ms = Date.now() - t0;
  const status = code === 0 ? 'passed' : 'failed';
  return {
    result: { step, status, ms, ...counts(step, code) },
    end: `<== ${titleOf(step)}: ${status} (exit ${code}) in ${duration(ms)}`,
  };
}

/**
 * The steps of a group side by side, at most `cores` at once, or in the background (one at a time,
 * nice 19); returns a function that prints each one's output whole, in order, and records results.
 */
async function runGroup(steps, background = false) {
  const cores = background ? 1 : Math.max(1, Math.min(os.availableParallelism(), steps.length));
  const outputs = steps.map(() => []);
  const runs = new Array(steps.length);
  // Indexes in running order: in the background, steps marked `first` (the build) before the others.
  const order = steps.map((_, i) => i).sort((a, b) => (background ? !!steps[b].first - !!steps[a].first : 0));
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const i = order[next++];
      runs[i] = await runStep(steps[i], outputs[i], background ? 19 : 0);
      if (background && steps[i].name === 'build' && runs[i].result.status === 'passed')
        e2eServersStarting = startE2eServers();
    }
  };
  console.log(
    `\n==> ${steps.map((s) => s.name).join(', ')}: ` +
      (background ? 'in the background at low priority, one at a time' : `side by side, ${cores} at a time`),
  );
  await Promise.all(Array.from({ length: cores }, worker));
  return () => printGroup(steps, outputs, runs);
}

function printGroup(steps, outputs, runs) {
  steps.forEach((step, i) => {
    console.log(`\n==> ${titleOf(step)}: ${commandLine(step)}\n`);
    process.stdout.write(Buffer.concat(outputs[i]));
    console.log(`\n${runs[i].end}`);
    results.push(runs[i].result);
  });
}

// ---- the end-to-end servers, started during the vitest step -------------------------------------

/** The servers this script started ({server, child, exited}), while they run. */
const servers = [];
/** startE2eServers() once the build has passed: the end-to-end step waits for it before looking at `servers`. */
let e2eServersStarting = null;
const serversLog = path.join(resultsDir, 'e2e-servers.log');
let serversStartedAt = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the servers of scripts/e2eServers.mjs, each in a process group of its own (its shell
 * command starts more processes), unless the end-to-end step will not run or one of their URLs
 * already answers (then Playwright decides, as when it runs alone).
 */
async function startE2eServers() {
  if (!wanted.has('e2e') || skipE2e || interrupted) return;
  const list = e2eServers();
  for (const server of list) if (await answers(server.url)) return;
  const log = fs.openSync(serversLog, 'w');
  serversStartedAt = Date.now();
  for (const server of list) {
    const child = spawn('sh', ['-c', server.command], {
      cwd: root,
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, ...server.env },
    });
    const entry = { server, child, exited: false };
    child.on('error', () => (entry.exited = true));
    child.on('exit', () => (entry.exited = true));
    servers.push(entry);
  }
  fs.closeSync(log);
}

/** Whether the servers started here answer, waiting for each up to its timeout. */
async function e2eServersReady() {
  for (const entry of servers) {
    while (!(await answers(entry.server.url))) {
      if (entry.exited || Date.now() - serversStartedAt > entry.server.timeout) return false;
      await sleep(250);
    }
  }
  return true;
}

function stopE2eServers() {
  for (const { child, exited } of servers.splice(0)) {
    if (exited) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// Never leave them behind, even when this script ends on an error.
process.on('exit', stopE2eServers);

/** The static group running beside the vitest step: its printer, once it has ended. */
let background = null;
const awaitBackground = async () => {
  if (background) (await background)();
  background = null;
};
for (let i = 0; i < planned.length;) {
  const step = planned[i];
  const group = step.group ? planned.slice(i).filter((s) => s.group === step.group) : [step];
  i += group.length;
  const runnable = [];
  for (const s of group) {
    const reason = skipReason(s);
    if (reason) {
      console.log(`\n==> ${titleOf(s)}: skipped (${reason})`);
      results.push({ step: s, status: 'skipped', reason });
    } else runnable.push(s);
  }
  if (runnable.length > 1 && planned[i]?.kind === 'vitest' && !skipReason(planned[i])) {
    // Beside the vitest step; printed after it, and awaited before anything else runs.
    background = runGroup(runnable, true);
    continue;
  }
  if (runnable.length > 1) (await runGroup(runnable))();
  else if (runnable.length === 1) {
    const single = runnable[0];
    if (single.kind === 'playwright') await e2eServersStarting;
    const e2e = single.kind === 'playwright' && servers.length > 0;
    if (e2e) {
      if (await e2eServersReady()) single.env = { ...single.env, E2E_SERVERS: 'started' };
      else {
        console.log(
          `\nThe end-to-end servers started during the vitest step did not answer: Playwright starts its own.`,
        );
        stopE2eServers();
      }
    }
    console.log(`\n==> ${titleOf(single)}: ${commandLine(single)}\n`);
    const { result, end } = await runStep(single);
    if (e2e) {
      stopE2eServers();
      console.log(`\n==> the end-to-end servers' output (${path.relative(root, serversLog)}):\n`);
      process.stdout.write(fs.readFileSync(serversLog));
    }
    console.log(`\n${end}`);
    results.push(result);
  }
  await awaitBackground();
}
results.sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step));

// ---- summary ----------------------------------------------------------------------------------------

const width = Math.max(...STEPS.map((s) => s.name.length));
console.log('\n==> summary');
for (const r of results) {
  const name = r.step.name.padEnd(width);
  if (r.status === 'skipped') {
    console.log(`  ${name}  skipped  (${r.reason})`);
    continue;
  }
  const detail = r.step.kind === 'single' ? '' : `  (${r.passed} passed, ${r.failed} failed)`;
  console.log(`  ${name}  ${r.status.padEnd(7)}  ${duration(r.ms).padStart(9)}${detail}`);
}
console.log(`  ${'total'.padEnd(width)}           ${duration(Date.now() - started).padStart(9)}`);
const passed = results.reduce((n, r) => n + (r.passed ?? 0), 0);
const failed = results.reduce((n, r) => n + (r.failed ?? 0), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = results.some((r) => r.status === 'failed') || interrupted ? 1 : 0;
