/**
 * The streamed CSV exports on 100,000 installations (with their 100,000 sensors, from bench/fleet.ts)
 * and 100,000 sensor models (a declared list): rows per second at the client and the server's
 * memory growth while an export runs, measured on a SPAWNED server (`server/index.ts`, its own
 * process), its RSS sampled from outside through /proc/<pid>/status every 10 ms.
 *
 * Each export runs once as warm-up, then BENCH_RUNS times (default 5); the lines print the median
 * and the spread (min–max). The baseline is the database alone in the same run: the same rows read
 * by one SELECT of the exported columns as text (in this process, on PGlite before the server opens
 * the data directory; on PostgreSQL through `pg`, beside the running server).
 *
 *   npx tsx bench/exports.ts                                       # PGlite in a temporary data directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/exports.ts   # and PostgreSQL
 *   BENCH_ROWS=20000 BENCH_RUNS=7 BENCH_ONLY=pglite|postgres BENCH_ENCODING=gzip BENCH_CASES=installations …
 *
 * Output: `name, value, unit, baseline, ratio` lines (ratio = value / baseline; for rows/s higher is
 * better), then the time to the first byte of each export with the encoding asked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db';
import { fillFleet } from './fleet';
import { benchMain, scratchPostgres } from './support';

const N = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL;
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const ENCODING = process.env.BENCH_ENCODING ?? 'identity';
const PORT = Number(process.env.BENCH_PORT ?? 8257);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { username: 'benchadmin', password: 'bench-export-pass-42' };

interface Case {
  name: string;
  path: string;
  rows: number;
  /** The same rows as one SELECT of text columns: the database alone. */
  baseline: string;
}

const ALL_CASES: Case[] = [
  {
    name: 'installations',
    path: '/api/installations/export',
    rows: N,
    baseline: `SELECT i.id::text, i.installation_id::text, i.sensor_id::text, s.sensor_token, i.installation_date::text,
                      s.communication, i.contractor_id::text, c.name, i.status, i.is_visible::text, i.latitude::text,
                      i.longitude::text, i.country, i.state, i.city, i.street, i.number, i.contact_full_name,
                      i.contact_email, i.measured::text, m.last_measurement_at::text, m.values::text, m.active_hours::text,
                      i.factors::text, (SELECT string_agg(tv.value::text, ',') FROM installation_tag_values tv WHERE tv.installation_id = i.id)
               FROM installations i
               LEFT JOIN sensors s ON s.id = i.sensor_id
               LEFT JOIN contractors c ON c.id = i.contractor_id
               LEFT JOIN measurement_summaries m ON m.sensor_id = i.sensor_id
               WHERE i.removed_at IS NULL ORDER BY i.installation_id, i.id`,
  },
  {
    name: 'sensors',
    path: '/api/sensors/export',
    rows: N,
    baseline: `SELECT s.id::text, s.current_installation_id::text, s.sensor_token, s.communication, s.contractor_id::text,
                      c.name, s.status, s.measured::text, s.factors::text
               FROM sensors s LEFT JOIN contractors c ON c.id = s.contractor_id ORDER BY s.id`,
  },
  {
    name: 'sensor-models (declared list)',
    path: '/api/sensor-models/export',
    rows: N,
    baseline: `SELECT id::text, name, manufacturer, communication, parameters, firmware_family, introduced_on::text,
                      in_production::text FROM sensor_models ORDER BY name, id`,
  },
];
/** BENCH_CASES=installations,sensors: only the cases whose names start so. */
const CASES = ALL_CASES.filter(
  (c) => !process.env.BENCH_CASES || process.env.BENCH_CASES.split(',').some((n) => c.name.startsWith(n.trim())),
);

async function fill(db: Db) {
  await fillFleet(db, N, { spread: 'grid' });
  await db.execute(sql.raw('DELETE FROM sensor_models'));
  await db.execute(
    sql.raw(`INSERT INTO sensor_models (name, manufacturer, communication, parameters, firmware_family, introduced_on, in_production)
             SELECT 'Model ' || g, 'Maker ' || (g % 50), (array['GSM','WIFI','NBIOT','LORA'])[1 + g % 4],
                    'pm1,pm25,pm10', 'family-' || (g % 7), date '2015-01-01' + (g % 3000), g % 3 <> 0
             FROM generate_series(1, ${N}) g`),
  );
  await db.execute(sql.raw('ANALYZE'));
}

const TICKS_MS = 1000 / 100; // USER_HZ: clock ticks of /proc/<pid>/stat, 100 a second on Linux

/** A process's CPU time (user + system) in ms, from /proc/<pid>/stat; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICKS_MS;
  } catch {
    return 0;
  }
}

/** The CPU time of every PostgreSQL process on this machine (the export's backend among them), in ms. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The server's resident set size in bytes, read from outside the process. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

function request(
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; firstByteMs: number; ms: number; lines: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: pathname, headers }, (res) => {
        let firstByteMs = -1;
        let lines = 0;
        const keep: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          if (res.headers['content-encoding']) return; // compressed: counted after the end
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          if (keep.length < 1) keep.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(keep),
            firstByteMs,
            ms: performance.now() - started,
            lines,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'none',
      SIMULATOR: 'off',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await request('/healthz', {}).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function login(): Promise<string> {
  const basic = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  const res = await request('/api/login/basic', { authorization: `Basic ${basic}` });
  if (res.status !== 200) throw new Error(`login: HTTP ${res.status}`);
  return (JSON.parse(res.body.toString('utf8')) as { tokens: { accessToken: string } }).tokens.accessToken;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });

function line(name: string, value: number, unit: string, baseline: number | undefined, spread?: [number, number]) {
  const ratio = baseline ? (value / baseline).toFixed(2) : '-';
  const range = spread ? ` (${fmt(spread[0])}–${fmt(spread[1])})` : '';
  console.log(`${name}, ${fmt(value)}${range}, ${unit}, ${baseline === undefined ? '-' : fmt(baseline)}, ${ratio}`);
}

async function measureExports(kind: string, pid: number, token: string, baselines: Map<string, number>) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': ENCODING };
  for (const c of CASES) {
    const rates: number[] = [];
    const growths: number[] = [];
    const firstBytes: number[] = [];
    const serverCpu: number[] = [];
    const databaseCpu: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const cpuBefore = [cpuMsOf(pid), kind === 'PostgreSQL' ? postgresCpuMs() : 0];
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
      const res = await request(c.path, headers);
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      const cpuAfter = [cpuMsOf(pid), kind === 'PostgreSQL' ? postgresCpuMs() : 0];
      if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status}`);
      if (ENCODING === 'identity' && res.lines !== c.rows + 1)
        throw new Error(`${c.name}: ${res.lines} lines for ${c.rows} rows`);
      if (run === 0) continue; // warm-up
      rates.push(c.rows / (res.ms / 1000));
      growths.push((peak - before) / 2 ** 20);
      firstBytes.push(res.firstByteMs);
      serverCpu.push(cpuAfter[0]! - cpuBefore[0]!);
      databaseCpu.push(cpuAfter[1]! - cpuBefore[1]!);
    }
    const rate = median(rates);
    line(`${kind} ${c.name} export`, rate, 'rows/s', baselines.get(c.name), [Math.min(...rates), Math.max(...rates)]);
    line(`${kind} ${c.name} export RSS growth`, median(growths), 'MiB', 64, [
      Math.min(...growths),
      Math.max(...growths),
    ]);
    line(`${kind} ${c.name} export first byte (${ENCODING})`, median(firstBytes), 'ms', undefined, [
      Math.min(...firstBytes),
      Math.max(...firstBytes),
    ]);
    // Where the time goes: CPU a row of the server process and (PostgreSQL) of the database's processes.
    const perThousand = (ms: number[]) => ms.map((x) => (x / c.rows) * 1000); // ms per 1,000 rows = µs a row
    const cpuLine = (what: string, ms: number[]) =>
      line(`${kind} ${c.name} export ${what} CPU`, median(perThousand(ms)), 'µs/row', undefined, [
        Math.min(...perThousand(ms)),
        Math.max(...perThousand(ms)),
      ]);
    cpuLine('server', serverCpu);
    if (kind === 'PostgreSQL') cpuLine('database', databaseCpu);
  }
}

/** Rows per second of each baseline SELECT (median of RUNS after a warm-up). */
async function baselineRates(query: (text: string) => Promise<number>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const c of CASES) {
    const rates: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const rows = await query(c.baseline);
      if (rows !== c.rows) throw new Error(`${c.name} baseline: ${rows} rows`);
      if (run > 0) rates.push(rows / ((performance.now() - started) / 1000));
    }
    out.set(c.name, median(rates));
  }
  return out;
}

async function onPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-bench-exports-'));
  try {
    const t0 = performance.now();
    const database = await openDatabase({ dataDir });
    let baselines: Map<string, number>;
    try {
      await fill(database.db);
      baselines = await baselineRates(async (text) => (await database.pglite!.query(text)).rows.length);
    } finally {
      await database.close();
    }
    console.log(`\nPGlite: ${fmt(N)} rows each (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await measureExports('PGlite', server.pid!, await login(), baselines);
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string) {
  const t0 = performance.now();
  const scratch = await scratchPostgres(adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch.name}`;
  try {
    await fill(scratch.database.db);
    console.log(`\nPostgreSQL: ${fmt(N)} rows each (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let baselines: Map<string, number>;
    try {
      baselines = await baselineRates(async (text) => (await client.query({ text, rowMode: 'array' })).rows.length);
    } finally {
      await client.end();
    }
    const server = await startServer({
      DATABASE_URL: url.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'aq-bench-pgdata-')),
    });
    try {
      await measureExports('PostgreSQL', server.pid!, await login(), baselines);
    } finally {
      await stopServer(server);
    }
  } finally {
    await scratch.drop();
  }
}

async function main() {
  console.log(
    `Node ${process.version}; ${RUNS} runs after a warm-up, median (min–max); Accept-Encoding: ${ENCODING}; RSS of the spawned server from /proc every 10 ms`,
  );
  console.log('name, value, unit, baseline, ratio');
  if (ONLY !== 'postgres') await onPglite();
  if (ONLY === 'pglite') return;
  if (!PG_URL) return console.log('\n(set BENCH_DATABASE_URL to also run on PostgreSQL)');
  await onPostgres(PG_URL);
}

benchMain(main);
