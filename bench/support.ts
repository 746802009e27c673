/** What the HTTP benchmarks share: the real app on a filled database, listening, with an admin token. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db';
import { roles, staffUsers } from '../server/db/schema';
import { createContext } from '../server/start';

export async function listeningApp(database: Database) {
  const config = {
    ...loadConfig({ ...process.env, SEED: 'none' }),
    jwtSecret: 'bench-secret-0123456789abcdef',
    consoleDir: '/nonexistent',
    simulator: false,
  };
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.name} = 'admin'`);
  const [user] = await ctx.db
    .insert(staffUsers)
    .values({ name: `bench-${crypto.randomBytes(3).toString('hex')}`, roleId: role!.id })
    .returning({ id: staffUsers.id });
  const token = (await ctx.sessions.startSession(ctx.db, user!.id)).tokens.accessToken;
  return { ctx, app, port, token };
}

/** A throwaway PostgreSQL database next to `adminUrl`'s, migrated by openDatabase, dropped by `drop()` (kept with BENCH_KEEP). */
export async function scratchPostgres(
  adminUrl: string,
): Promise<{ database: Database; name: string; drop(): Promise<void> }> {
  const name = `aq_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async <T>(body: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await body(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    name,
    async drop() {
      await database.close();
      if (process.env.BENCH_KEEP) return console.log(`kept database ${name}`);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** PostgreSQL for the benchmarks, when one is named (TEST_DATABASE_URL or BENCH_DATABASE_URL). */
export const BENCH_PG_URL = process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL;

/**
 * Runs `body` on an in-memory PGlite, then on a scratch PostgreSQL database when BENCH_PG_URL is set;
 * BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one of them.
 */
export async function onEachDatabase(body: (kind: 'PGlite' | 'PostgreSQL', database: Database) => Promise<void>) {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  if (only !== 'postgres') {
    const lite = await openDatabase({});
    try {
      await body('PGlite', lite);
    } finally {
      await lite.close();
    }
  }
  if (only === 'pglite') return;
  if (!BENCH_PG_URL) return console.log('\n(set TEST_DATABASE_URL to also run on PostgreSQL)');
  const scratch = await scratchPostgres(BENCH_PG_URL);
  try {
    await body('PostgreSQL', scratch.database);
  } finally {
    await scratch.drop();
  }
}

/** Median wall time of `runs` runs of `body`, after one warm-up run. */
export async function medianMs(runs: number, body: () => unknown): Promise<number> {
  return (await timed(runs, body)).median;
}

/** GET with the bearer token; the status and the whole body. */
export function httpGet(port: number, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** A benchmark's entry point: prints the error and exits 1 when it fails. */
export function benchMain(main: () => Promise<void>) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/** The password of the demo admin the console benchmarks sign in as. */
export const DEMO_ADMIN_PASSWORD = 'admin-demo-pass';

/**
 * The built console (`dist`) and the demo network on an in-memory PGlite, listening on a free
 * loopback port, as the browser benchmarks (wire.ts, signin.ts) use it; `close()` stops it and
 * removes its data directory.
 */
export async function demoConsoleServer(dist: string, dataDirPrefix: string) {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`No console build in ${dist}: run \`npx vite build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const config = {
    ...loadConfig({ ...process.env, SEED: 'demo', ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD, SOURCE_MAPS: '' }),
    dataDir,
    jwtSecret: 'bench-secret-0123456789abcdef',
    consoleDir: dist,
    simulator: false,
  };
  console.log('Seeding the demo network (in-memory PGlite)…');
  const { ctx, database } = await createContext(config, await openDatabase({}));
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    port,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One statement as the app sent it to the driver: `client.query`'s arguments. */
type Statement = unknown[];

/**
 * Records the statements the app sends to the database driver (PGlite's or the pg Pool's `query`,
 * which drizzle calls for every statement) while `record` runs, and replays them on the same driver:
 * the exact SQL a route runs, with its parameters and row mode, and nothing of the app around it.
 * It also notes which statements had answered when each one was sent, so that a replay can overlap
 * them as the route did (`replayOverlapped`: a count sent beside the page runs beside it again).
 */
export function sqlRecorder(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query.bind(client);
  let recording: Statement[] | undefined;
  /** Each recorded statement → the recorded statements (by position) that had answered when it was sent. */
  const waitedFor = new WeakMap<Statement, number[]>();
  /** Positions of the statements of the recording that have answered. */
  const answered = new Set<number>();
  client.query = (...args: unknown[]) => {
    const answer = original(...args);
    if (recording) {
      const into = recording;
      const index = into.length;
      waitedFor.set(args, [...answered]);
      into.push(args);
      const done = () => {
        if (recording === into) answered.add(index);
      };
      answer.then(done, done);
    }
    return answer;
  };
  return {
    /** The driver's own `query`, unrecorded. */
    original,
    /** The statements run while `body` runs (nothing else may use the database meanwhile). */
    async record(body: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      answered.clear();
      try {
        await body();
        return recording;
      } finally {
        recording = undefined;
      }
    },
    /** Runs the statements one after another (the SQL's own time, none of it overlapped). */
    async replay(statements: readonly Statement[]): Promise<void> {
      for (const s of statements) await original(...s);
    },
    /**
     * Runs the statements overlapped as the route ran them: each is sent once the statements that
     * had answered before the route sent it have answered again.
     */
    async replayOverlapped(statements: readonly Statement[]): Promise<void> {
      const answers: Promise<unknown>[] = [];
      for (const s of statements) {
        const after = (waitedFor.get(s) ?? answers.map((_, i) => i)).map((i) => answers[i]);
        answers.push(Promise.all(after).then(() => original(...s)));
      }
      await Promise.all(answers);
    },
    /** Whether the route overlapped any of the statements (replayOverlapped differs from replay). */
    overlaps: (statements: readonly Statement[]) => statements.some((s, i) => (waitedFor.get(s)?.length ?? i) < i),
    /** The SQL text of a recorded statement (for printing). */
    text: (s: Statement) => (typeof s[0] === 'string' ? s[0] : (s[0] as { text: string }).text),
  };
}

/** Median, min and max of `runs` timed runs of `body` after one warm-up run, in ms. */
export async function timed(runs: number, body: () => unknown): Promise<{ median: number; min: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    await body();
    if (i > 0) times.push(performance.now() - started);
  }
  return medianSpread(times);
}

/** A timing as the benchmarks print it: the median and the spread. */
export const spread = (t: { median: number; min: number; max: number }, digits = 1) =>
  `${t.median.toFixed(digits)} ms (${t.min.toFixed(digits)}–${t.max.toFixed(digits)})`;

/** Each case of `againstItsSql` runs at least `runs` times and, for short requests, on until this long has passed. */
const CASE_MS = Number(process.env.BENCH_CASE_MS ?? 3000);
const MAX_RUNS = 400;

/** How `againstItsSql` repeats a case, for a benchmark's heading. */
export const casePlan = (runs: number) => `${runs}–${MAX_RUNS} runs a case (${CASE_MS} ms or ${runs} runs)`;

/** The median of timings, with the fastest and slowest (for `spread`). */
export const medianSpread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
};

/**
 * One list request over HTTP against the exact statements it ran (recorded from the driver by
 * `recorder`), replayed one after another and, where the route overlapped them, with the same
 * overlap. Runs alternate (HTTP, SQL, overlapped SQL, HTTP, …) after a warm-up of each, so load on the
 * machine hits all alike. Prints a `name, value, unit, baseline, ratio` line per baseline and returns
 * the summary lines (medians with their spread, the ratio and the difference in ms).
 */
export async function againstItsSql(
  recorder: ReturnType<typeof sqlRecorder>,
  port: number,
  token: string,
  c: { name: string; path: string },
  { runs }: { runs: number },
): Promise<string[]> {
  const get = async () => {
    const res = await httpGet(port, c.path, token);
    if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  };
  await get();
  const statements = await recorder.record(get);
  const overlapped = recorder.overlaps(statements);
  const http: number[] = [];
  const db: number[] = [];
  const dbOverlapped: number[] = [];
  const caseStarted = performance.now();
  for (let i = 0; i <= runs || (performance.now() - caseStarted < CASE_MS && i <= MAX_RUNS); i++) {
    let started = performance.now();
    await get();
    if (i > 0) http.push(performance.now() - started);
    started = performance.now();
    await recorder.replay(statements);
    if (i > 0) db.push(performance.now() - started);
    if (!overlapped) continue;
    started = performance.now();
    await recorder.replayOverlapped(statements);
    if (i > 0) dbOverlapped.push(performance.now() - started);
  }
  const h = medianSpread(http);
  const lines: string[] = [];
  const line = (name: string, s: ReturnType<typeof medianSpread>, note: string) => {
    console.log(`${name}, ${h.median.toFixed(2)}, ms, ${s.median.toFixed(2)}, ${(h.median / s.median).toFixed(2)}`);
    lines.push(
      `  ${name.padEnd(52)} HTTP ${spread(h, 2).padEnd(26)} SQL ${spread(s, 2).padEnd(26)} ${`${(h.median / s.median).toFixed(2)}×`.padStart(6)} ${`+${(h.median - s.median).toFixed(2)} ms`.padStart(11)}   ${note}`,
    );
  };
  line(c.name, medianSpread(db), `${statements.length} statements, ${http.length} runs`);
  if (overlapped) line(`${c.name}, overlapped SQL`, medianSpread(dbOverlapped), "replayed with the route's overlap");
  return lines;
}

/**
 * A list benchmark on one database: `fill` it, start the app, run each case against its SQL
 * (`againstItsSql`), then `extra` (further summary lines), and print the summary.
 */
export async function listCases(
  kind: string,
  database: Database,
  opts: {
    what: string;
    fill: () => Promise<unknown>;
    cases: readonly { name: string; path: string }[];
    runs: number;
    extra?: (port: number, token: string) => Promise<string>;
  },
) {
  const t0 = performance.now();
  await opts.fill();
  const fillSec = ((performance.now() - t0) / 1000).toFixed(1);
  const { app, port, token } = await listeningApp(database);
  const recorder = sqlRecorder(database);
  console.log(`\n${kind}: ${opts.what} (filled in ${fillSec} s)`);
  const lines: string[] = [];
  for (const c of opts.cases) lines.push(...(await againstItsSql(recorder, port, token, c, { runs: opts.runs })));
  if (opts.extra) lines.push(await opts.extra(port, token));
  console.log(`\n${kind}: medians (min–max) of ${casePlan(opts.runs)}; SQL = the statements the request ran, replayed`);
  for (const line of lines) console.log(line);
  await app.close();
}
