/**
 * `npx tsx bench/startup.ts`: `npm start` (node scripts/start.mjs) to the first 200 of `/healthz`
 * on an existing data directory (PGlite) and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on
 * an existing PostgreSQL database; idle and with another process burning one core the whole time.
 * Each case is run ROUNDS times (default 5) after one warm-up start; prints the median, the spread
 * and the ratio of loaded to idle. The console must be built already (`npx vite build`), so the
 * figure is the server's own start.
 *
 * Two commands, started in turn in each round: `npm start`'s (node scripts/start.mjs, which runs the
 * compiled server) and the baseline, the sources run with tsx as `npm start` did before
 * (`node --import tsx server/index.ts`); the ratio is compiled / tsx in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8271);
const root = path.resolve(import.meta.dirname, '..');
const COMMANDS: Record<string, string[]> = {
  'npm start (compiled)': ['node', 'scripts/start.mjs'],
  'tsx (baseline)': ['node', '--import', 'tsx', 'server/index.ts'],
};
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    SIMULATOR: 'off',
    REDIS_URL: '',
    WORKERS: '1',
    JWT_SECRET: 'bench-startup-secret-0123456789',
    ...extra,
  };
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** One start: milliseconds from spawn to the first 200 of /healthz, then a SIGTERM and its exit. */
async function once(command: string[], extra: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env: env(extra), stdio: 'ignore' });
  let elapsed = -1;
  for (let i = 0; i < 6000; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await healthy()) {
      elapsed = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill('SIGTERM');
  await exited(child);
  if (elapsed < 0) throw new Error('no /healthz within 60 s');
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Each command started ROUNDS times, in turn; prints `name, median, ms, baseline, ratio` per command. */
async function measure(name: string, extra: Record<string, string>): Promise<void> {
  const names = Object.keys(COMMANDS);
  for (const n of names) await once(COMMANDS[n]!, extra); // warm-up (the seed of the data dir, the server build)
  const times = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let i = 0; i < ROUNDS; i++) for (const n of names) times.get(n)!.push(await once(COMMANDS[n]!, extra));
  const baseline = median(times.get('tsx (baseline)')!);
  for (const n of names) {
    const xs = times.get(n)!;
    const m = median(xs);
    console.log(
      `${name} ${n}, ${m.toFixed(0)}, ms, ${baseline.toFixed(0)}, ${(m / baseline).toFixed(2)}` +
        `  (min ${Math.min(...xs).toFixed(0)} max ${Math.max(...xs).toFixed(0)} of ${ROUNDS})`,
    );
  }
}

function burner(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-startup-'));
  const cases: [string, Record<string, string>][] = [['pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }]];
  if (databaseUrl) cases.push(['postgres', { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }]);
  console.log(
    `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; name, median, unit, baseline, ratio`,
  );
  try {
    for (const [name, extra] of cases) {
      await measure(`start to /healthz, ${name}, idle:`, extra);
      const burn = burner();
      try {
        await measure(`start to /healthz, ${name}, one core burnt:`, extra);
      } finally {
        burn.kill('SIGKILL');
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
