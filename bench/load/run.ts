/**
 * `npm run load`: staff sessions against 1 and 2 backend processes on PostgreSQL + Redis, with the
 * fleet simulator running over 10,000 sensors. Loopback only, bounded in time.
 *
 * Each session signs in once (password), then loops over what staff do: the installations list,
 * an advanced query, one installation, the sensors list and a query on it, a tag value edit, the
 * admin audit log, and every 20th round (over all sessions) starts with a CSV export of a query's installations. Two phases per
 * process count:
 *
 * 1. think time: LOAD_SESSIONS sessions (default 50), LOAD_THINK_MS (1,000 ms) between requests,
 *    for LOAD_SECONDS (30 s);
 * 2. saturation: no think time, LOAD_LEVELS concurrent sessions (default 5,10,25,50), each level for
 *    LOAD_SECONDS / 2.
 *
 * Prints per step: requests, errors (any non-2xx answer or failed request), p50 / p95 / p99 in ms;
 * per phase the rate held and the p99 of the interactive steps (sign-in and exports aside); and the
 * highest rate held with p99 ≤ 1 s. Sessions go round-robin over the processes.
 *
 *   npm run load                                   # 1 and 2 processes, defaults above
 *   npm run load -- --processes=2 --seconds=60 --sessions=50 --levels=10,50 --sensors=10000
 *
 * Needs PostgreSQL (LOAD_DATABASE_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test:
 * a scratch database is created beside it and dropped) and Redis (REDIS_URL, default
 * redis://127.0.0.1:6379). Backends listen on LOAD_PORT.. (default 8273); their output goes to
 * .tmp/load-backends.log. The simulator runs in the first process only (tick LOAD_SIM_TICK_MS,
 * 10 s; measurements every LOAD_SIM_MEASURE_MS, 60 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { QUERY_EXAMPLES } from '../../common/query';
import { launchBackends, type Backends } from './backends';
import { DEMO_PASSWORD, preparedDatabase } from './database';
import { setting } from './settings';
import pg from 'pg';

const SESSIONS = Number(setting('sessions', 'LOAD_SESSIONS', '50'));
const THINK_MS = Number(setting('think', 'LOAD_THINK_MS', '1000'));
const SECONDS = Number(setting('seconds', 'LOAD_SECONDS', '30'));
const LEVELS = setting('levels', 'LOAD_LEVELS', '5,10,25,50').split(',').map(Number);
const PROCESSES = setting('processes', 'LOAD_PROCESSES', '1,2').split(',').map(Number);
const SENSORS = Number(setting('sensors', 'LOAD_SENSORS', '10000'));
const PORT = Number(setting('port', 'LOAD_PORT', '8273'));
const DATABASE_URL = setting(
  'database',
  'LOAD_DATABASE_URL',
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
);
const REDIS_URL = setting('redis', 'REDIS_URL', 'redis://127.0.0.1:6379');

/** Steps that are not interactive: left out of the interactive p99. */
const NOT_INTERACTIVE = new Set(['sign-in', 'export']);

class Stats {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];
  add(step: string, ms: number, ok: boolean, detail?: string) {
    let list = this.times.get(step);
    if (!list) this.times.set(step, (list = []));
    list.push(ms);
    if (!ok) {
      this.errors.set(step, (this.errors.get(step) ?? 0) + 1);
      if (this.samples.length < 5 && detail) this.samples.push(`${step}: ${detail}`);
    }
  }
  interactive(): number[] {
    return [...this.times].filter(([s]) => !NOT_INTERACTIVE.has(s)).flatMap(([, t]) => t);
  }
  count(filter: (step: string) => boolean = () => true) {
    return [...this.times].filter(([s]) => filter(s)).reduce((n, [, t]) => n + t.length, 0);
  }
  errorCount() {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

function pct(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : Math.round(n).toString());

function printSteps(stats: Stats) {
  console.log(
    `    ${'step'.padEnd(20)}${'requests'.padStart(9)}${'errors'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}  ms`,
  );
  for (const [step, times] of stats.times) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `    ${step.padEnd(20)}${String(times.length).padStart(9)}${String(stats.errors.get(step) ?? 0).padStart(8)}` +
        `${fmt(pct(sorted, 50)).padStart(8)}${fmt(pct(sorted, 95)).padStart(8)}${fmt(pct(sorted, 99)).padStart(8)}`,
    );
  }
}

interface Target {
  installationIds: number[];
  sensorIds: number[];
  tagId: number;
}

/** One signed-in staff session against one process. */
class Session {
  /** Rounds started by every session of the run. */
  static rounds = 0;
  token = '';
  round = 0;
  constructor(
    readonly base: string,
    readonly stats: Stats,
    readonly target: Target,
    readonly index: number,
  ) {}

  async request(step: string, pathAndQuery: string, init: RequestInit = {}) {
    const started = performance.now();
    try {
      const res = await fetch(this.base + pathAndQuery, {
        ...init,
        headers: { authorization: `Bearer ${this.token}`, ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(60_000),
      });
      const body = await res.arrayBuffer();
      this.stats.add(
        step,
        performance.now() - started,
        res.ok,
        `${res.status} ${Buffer.from(body).toString('utf8', 0, 120)}`,
      );
      return res;
    } catch (err) {
      this.stats.add(step, performance.now() - started, false, (err as Error).message);
      return undefined;
    }
  }

  async signIn() {
    const started = performance.now();
    const basic = Buffer.from(`admin:${DEMO_PASSWORD}`).toString('base64');
    try {
      const res = await fetch(`${this.base}/api/login/basic`, { headers: { authorization: `Basic ${basic}` } });
      const body = (await res.json()) as { tokens?: { accessToken: string } };
      this.stats.add('sign-in', performance.now() - started, res.ok, `${res.status}`);
      if (!body.tokens) throw new Error(`sign-in failed: ${res.status}`);
      this.token = body.tokens.accessToken;
    } catch (err) {
      this.stats.add('sign-in', performance.now() - started, false, (err as Error).message);
      throw err;
    }
  }

  /** The steps of one round, in order. */
  steps(): [string, () => Promise<unknown>][] {
    const r = this.round++;
    const pick = <T>(list: readonly T[]) => list[(this.index * 7919 + r * 104729) % list.length]!;
    const q = (s: string) => encodeURIComponent(s);
    const instQuery = pick(QUERY_EXAMPLES.installations).query;
    const sensorQuery = pick(QUERY_EXAMPLES.sensors).query;
    const installation = pick(this.target.installationIds);
    const steps: [string, () => Promise<unknown>][] = [
      ['installations', () => this.request('installations', `/api/installations?page=${1 + (r % 5)}&limit=25`)],
      [
        'installations-query',
        () => this.request('installations-query', `/api/installations?limit=25&query=${q(instQuery)}`),
      ],
      ['installation', () => this.request('installation', `/api/installations/${installation}`)],
      ['sensors', () => this.request('sensors', `/api/sensors?page=${1 + (r % 5)}&limit=25`)],
      ['sensors-query', () => this.request('sensors-query', `/api/sensors?limit=25&query=${q(sensorQuery)}`)],
      [
        'tag-edit',
        () =>
          this.request('tag-edit', `/api/installations/${installation}/tags/${this.target.tagId}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ value: `load ${this.index}.${r}` }),
          }),
      ],
      ['audit', () => this.request('audit', `/api/audit/logs/admin?page=1&limit=25`)],
    ];
    // Every 20th round started by any session begins with an export, so exports run from the first
    // rounds on however few rounds each session gets through.
    if (Session.rounds++ % 20 === 19)
      steps.unshift([
        'export',
        () => this.request('export', `/api/installations/export?query=${q('status = Installed')}`),
      ]);
    return steps;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signInAll(backends: Backends, stats: Stats, target: Target, count: number) {
  const sessions = Array.from(
    { length: count },
    (_, i) => new Session(backends.urls[i % backends.urls.length]!, stats, target, i),
  );
  // All at once: attempts beyond the sign-in throttle's budget wait for those in flight (server/auth/throttle.ts).
  await Promise.all(sessions.map((s) => s.signIn()));
  return sessions;
}

/** Runs the sessions for `seconds`, `thinkMs` between requests; returns the stats of the run. */
async function drive(sessions: Session[], stats: Stats, seconds: number, thinkMs: number) {
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    sessions.map(async (s, i) => {
      // Spread the sessions' first requests over the think time.
      if (thinkMs) await sleep((thinkMs * i) / sessions.length);
      while (Date.now() < until) {
        for (const [, step] of s.steps()) {
          if (Date.now() >= until) return;
          await step();
          if (thinkMs) await sleep(thinkMs);
        }
      }
    }),
  );
  return stats;
}

async function targetOf(databaseUrl: string): Promise<Target> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const inst = await c.query<{ id: number }>(
      `SELECT installation_id AS id FROM installations WHERE removed_at IS NULL ORDER BY id LIMIT 2000`,
    );
    const sens = await c.query<{ id: number }>(`SELECT id FROM sensors ORDER BY id LIMIT 2000`);
    let tag = await c.query<{ id: number }>(
      `SELECT id FROM tags WHERE context = 'installations' AND type = 'STRING' ORDER BY id LIMIT 1`,
    );
    if (!tag.rows.length)
      tag = await c.query<{ id: number }>(
        `INSERT INTO tags (context, name, type, values) VALUES ('installations', 'Load note', 'STRING', '[]') RETURNING id`,
      );
    return {
      installationIds: inst.rows.map((r) => r.id),
      sensorIds: sens.rows.map((r) => r.id),
      tagId: tag.rows[0]!.id,
    };
  } finally {
    await c.end();
  }
}

interface PhaseResult {
  label: string;
  rate: number;
  p99: number;
  errors: number;
}

function summarise(label: string, stats: Stats, seconds: number): PhaseResult {
  const interactive = stats.interactive().sort((a, b) => a - b);
  const rate = stats.count((s) => s !== 'sign-in') / seconds;
  const result = { label, rate, p99: pct(interactive, 99), errors: stats.errorCount() };
  console.log(
    `  ${label}: ${stats.count()} requests, ${result.errors} errors, ${rate.toFixed(1)} req/s; interactive p50 ${fmt(pct(interactive, 50))} / p95 ${fmt(pct(interactive, 95))} / p99 ${fmt(result.p99)} ms`,
  );
  printSteps(stats);
  for (const s of stats.samples) console.log(`    error sample: ${s}`);
  return result;
}

async function runFor(processes: number, databaseUrl: string, target: Target, logFile: string) {
  const runId = `${Date.now()}-${processes}`;
  console.log(
    `\n== ${processes} process${processes > 1 ? 'es' : ''} (PostgreSQL + Redis, simulator over ${SENSORS} sensors in process 0)`,
  );
  const backends = await launchBackends({
    processes,
    basePort: PORT,
    logFile,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REALTIME_REDIS_CHANNEL: `aq-load:${runId}:realtime`,
      API_RATE_LIMIT_REDIS_PREFIX: `aq-load:${runId}:ratelimit`,
      JWT_SECRET: 'load-suite-signing-key-0123456789abcdef',
      SEED: 'none',
      CONSOLE_DIR: '/nonexistent',
    },
    envOf: (i): Record<string, string> =>
      i === 0
        ? {
            SIMULATOR: 'on',
            SIMULATOR_TICK_MS: process.env.LOAD_SIM_TICK_MS ?? '10000',
            SIMULATOR_MEASURE_MS: process.env.LOAD_SIM_MEASURE_MS ?? '60000',
          }
        : { SIMULATOR: 'off' },
  });
  const results: PhaseResult[] = [];
  try {
    const thinkStats = new Stats();
    const sessions = await signInAll(backends, thinkStats, target, SESSIONS);
    await drive(sessions, thinkStats, SECONDS, THINK_MS);
    results.push(summarise(`${SESSIONS} sessions, think ${THINK_MS} ms, ${SECONDS} s`, thinkStats, SECONDS));
    for (const level of LEVELS) {
      const stats = new Stats();
      const active = sessions
        .slice(0, level)
        .map((s) => Object.assign(new Session(s.base, stats, target, s.index), { token: s.token }));
      if (active.length < level) active.push(...(await signInAll(backends, stats, target, level - active.length)));
      const seconds = Math.max(5, Math.round(SECONDS / 2));
      await drive(active, stats, seconds, 0);
      results.push(summarise(`saturation, ${level} sessions, no think time, ${seconds} s`, stats, seconds));
    }
  } finally {
    await backends.stop();
  }
  const held = results.slice(1).filter((r) => r.p99 <= 1000 && r.errors === 0);
  const best = held.sort((a, b) => b.rate - a.rate)[0];
  console.log(
    `  highest rate held with p99 ≤ 1 s: ${best ? `${best.rate.toFixed(1)} req/s (${best.label})` : 'none of the levels'}`,
  );
  return { processes, think: results[0]!, best };
}

async function main() {
  if (!/^(postgres|postgresql):\/\/[^/]*(127\.0\.0\.1|localhost|\[::1\])/.test(DATABASE_URL))
    throw new Error('the load suite runs on loopback only: LOAD_DATABASE_URL must point at 127.0.0.1');
  const logFile = path.resolve('.tmp/load-backends.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, '');
  console.log(
    `load suite: ${SESSIONS} sessions, think ${THINK_MS} ms, ${SECONDS} s per phase, saturation levels ${LEVELS.join(', ')}, ` +
      `processes ${PROCESSES.join(' and ')}, ${SENSORS} sensors; backends' output in ${path.relative('.', logFile)}`,
  );
  const t0 = Date.now();
  const scratch = await preparedDatabase(DATABASE_URL, 'load', SENSORS);
  console.log(
    `database ${scratch.name} seeded and grown to ${SENSORS} sensors in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const summary: Awaited<ReturnType<typeof runFor>>[] = [];
  try {
    const target = await targetOf(scratch.url);
    for (const n of PROCESSES) summary.push(await runFor(n, scratch.url, target, logFile));
  } finally {
    await scratch.drop();
  }
  console.log('\n== summary');
  const base = summary[0];
  for (const s of summary) {
    const ratio =
      base?.best && s.best ? ` (${(s.best.rate / base.best.rate).toFixed(2)}× ${base.processes} process)` : '';
    console.log(
      `  ${s.processes} process${s.processes > 1 ? 'es' : ''}: think-time run ${s.think.rate.toFixed(1)} req/s, ${s.think.errors} errors, ` +
        `interactive p99 ${fmt(s.think.p99)} ms; saturation: ${s.best ? `${s.best.rate.toFixed(1)} req/s held with p99 ≤ 1 s${ratio}` : 'no level held p99 ≤ 1 s'}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
