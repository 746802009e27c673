/**
 * Throughput (issue 27, P9): 20 concurrent keep-alive connections asking for the 25-row first page
 * of the installations list, against a bare Node `http` server in the same process that runs the
 * same SQL — the statements that request ran, recorded from the driver (`sqlRecorder`) — and
 * answers the rows of every statement as one JSON array, with nothing else (no routing, validation,
 * authentication, shaping, gating or schema). The load comes from a child process (undici, 20
 * connections), so the server process has the event loop to itself. Rounds alternate bare / app;
 * each line prints the median requests per second of BENCH_ROUNDS rounds (default 5) with the
 * spread, and the p50 / p99 latency of the median round. Each round also notes the server process's
 * CPU time per answered request (`process.cpuUsage`: the bare server and the app share this process,
 * one at a time), the steadier figure of what the app adds: requests per second move with whatever
 * else the two cores run. Beside it, each round prints the load client's CPU per request (its own
 * `process.cpuUsage` over the round) and, when PostgreSQL runs on this machine and its processes
 * can be read in /proc, PostgreSQL's (every `postgres` process's user + system time over the
 * round, on PostgreSQL at 127.0.0.1 or localhost): where the rest of each request's CPU goes.
 *
 *   npx tsx bench/throughput.ts                      # PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/throughput.ts
 *   BENCH_INSTALLATIONS=100000 BENCH_ROUNDS=5 BENCH_SECONDS=6 BENCH_CONNECTIONS=20 BENCH_ONLY=pglite|postgres …
 *   BENCH_PATH='/api/contractors?page=1&limit=25' …     # another list page
 *
 * Output: `name, value, unit, baseline, ratio` lines (req/s; ratio = app / bare, higher is better).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { fillFleet } from './fleet';
import { BENCH_PG_URL, benchMain, httpGet, listeningApp, onEachDatabase, sqlRecorder } from './support';
import type { Database } from '../server/db';

const N = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PATH = process.env.BENCH_PATH ?? '/api/installations?page=1&limit=25';
/** What the output lines call the page. */
const PAGE = process.env.BENCH_PATH ? PATH : '25-row installations page';

interface Load {
  /** The server process's CPU time per answered request, ms (set by `measured`). */
  cpuMs?: number;
  /** PostgreSQL's CPU time per answered request, ms, when its processes can be read (set by `measured`). */
  databaseMs?: number;
  /** The load client's CPU time per answered request, ms. */
  clientMs: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The load client (run in a child process): CONNECTIONS loops of GET for `seconds`. */
async function client(origin: string, path: string, token: string, seconds: number): Promise<Load> {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
          await res.body.arrayBuffer();
          if (res.statusCode !== 200) errors++;
          else latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    clientMs: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
  };
}

/** One round of load from a child process. */
function loadFrom(port: number, token: string, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--client',
        `http://127.0.0.1:${port}`,
        PATH,
        token,
        String(seconds),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as Load)
        : reject(new Error(`load client: exit ${code}`)),
    );
  });
}

/** A bare server: the recorded statements, one after another, and their rows as JSON. */
async function bareServer(replay: () => Promise<unknown>) {
  const server = http.createServer((req, res) => {
    replay().then(
      (rows) => {
        const body = JSON.stringify(rows);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

/** A round's CPU per request: the server's, PostgreSQL's (when read) and the load client's. */
const cpuText = (l: Load) =>
  `${l.cpuMs!.toFixed(2)} ms CPU/request${l.databaseMs === undefined ? '' : `, PostgreSQL ${l.databaseMs.toFixed(2)}`}, client ${l.clientMs.toFixed(2)}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(kind: string, database: Database) {
  await fillFleet(database.db, N, { spread: 'grid' });
  const { app, port, token } = await listeningApp(database);
  const recorder = sqlRecorder(database);
  const ok = await httpGet(port, PATH, token);
  if (ok.status !== 200) throw new Error(`HTTP ${ok.status}`);
  const statements = await recorder.record(() => httpGet(port, PATH, token));
  const { original } = recorder;
  // Every statement's rows, the page's among them (not only the last statement's: that is the
  // page's tag values, a few hundred bytes against the page's ~18 KB of rows).
  const bare = await bareServer(async () => {
    const rows: unknown[] = [];
    for (const s of statements) rows.push(((await original(...s)) as { rows: unknown }).rows);
    return rows;
  });
  console.log(
    `\n${kind}: ${N.toLocaleString('en')} installations, ${CONNECTIONS} connections, GET ${PATH}, ${ROUNDS} rounds of ${SECONDS} s; the request runs ${statements.length} statements`,
  );
  // PostgreSQL's CPU is read from /proc only when it runs on this machine.
  const localPostgres = kind === 'PostgreSQL' && /@(127\.0\.0\.1|localhost|\[::1\])(:|\/)/.test(BENCH_PG_URL ?? '');
  // Warm-up of both.
  await loadFrom(bare.port, token, 1);
  await loadFrom(port, token, 1);
  const rounds: { bare: Load; app: Load }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const b = await measured(() => loadFrom(bare.port, token, SECONDS), localPostgres);
    const a = await measured(() => loadFrom(port, token, SECONDS), localPostgres);
    rounds.push({ bare: b, app: a });
    console.log(
      `  round ${i + 1}: bare ${b.rps.toFixed(1)} req/s (p99 ${b.p99.toFixed(0)} ms, ${cpuText(b)}), app ${a.rps.toFixed(1)} req/s (p99 ${a.p99.toFixed(0)} ms, ${cpuText(a)}), ${(a.rps / b.rps).toFixed(2)}×${a.errors + b.errors ? `, ${a.errors + b.errors} errors` : ''}`,
    );
  }
  const ratios = rounds.map((r) => r.app.rps / r.bare.rps);
  const appRps = rounds.map((r) => r.app.rps);
  const bareRps = rounds.map((r) => r.bare.rps);
  const mid = rounds.find((r) => r.app.rps === median(appRps))!;
  console.log(
    `${kind} 20 connections ${PAGE}, ${median(appRps).toFixed(1)}, req/s, ${median(bareRps).toFixed(1)}, ${median(ratios).toFixed(2)}`,
  );
  console.log(
    `  app ${median(appRps).toFixed(1)} req/s (${Math.min(...appRps).toFixed(1)}–${Math.max(...appRps).toFixed(1)}), p50 ${mid.app.p50.toFixed(0)} ms, p99 ${mid.app.p99.toFixed(0)} ms; bare ${median(bareRps).toFixed(1)} req/s (${Math.min(...bareRps).toFixed(1)}–${Math.max(...bareRps).toFixed(1)}); app / bare ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
  const cpu = (side: 'app' | 'bare') => median(rounds.map((r) => r[side].cpuMs!));
  console.log(
    `${kind} server CPU per request, ${PAGE}, ${cpu('app').toFixed(3)}, ms, ${cpu('bare').toFixed(3)}, ${(cpu('app') / cpu('bare')).toFixed(2)}`,
  );
  const client = (side: 'app' | 'bare') => median(rounds.map((r) => r[side].clientMs));
  console.log(
    `${kind} load client CPU per request, ${PAGE}, ${client('app').toFixed(3)}, ms, ${client('bare').toFixed(3)}, ${(client('app') / client('bare')).toFixed(2)}`,
  );
  if (rounds.every((r) => r.app.databaseMs !== undefined && r.bare.databaseMs !== undefined)) {
    const database = (side: 'app' | 'bare') => median(rounds.map((r) => r[side].databaseMs!));
    console.log(
      `${kind} database CPU per request, ${PAGE}, ${database('app').toFixed(3)}, ms, ${database('bare').toFixed(3)}, ${(database('app') / database('bare')).toFixed(2)}`,
    );
  }
  await bare.close();
  await app.close();
}

/** A round of load with this process's, and PostgreSQL's, CPU time per answered request. */
async function measured(round: () => Promise<Load>, database: boolean): Promise<Load> {
  const before = process.cpuUsage();
  const databaseBefore = database ? postgresCpuMs() : undefined;
  const load = await round();
  const used = process.cpuUsage(before);
  const databaseAfter = database ? postgresCpuMs() : undefined;
  const per = (ms: number) => ms / Math.max(1, load.requests);
  return {
    ...load,
    cpuMs: per((used.user + used.system) / 1000),
    ...(databaseBefore !== undefined && databaseAfter !== undefined
      ? { databaseMs: per(databaseAfter - databaseBefore) }
      : {}),
  };
}

/**
 * The user + system CPU time of every `postgres` process on this machine, ms (Linux /proc; the
 * clock ticks are 100 a second there), or undefined when none can be read (another OS, PostgreSQL
 * elsewhere). Backends that end during a round take their time with them: the pool keeps its
 * connections open for the whole bench.
 */
function postgresCpuMs(): number | undefined {
  let total = 0;
  let seen = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
      seen++;
    } catch {
      // The process ended while being read.
    }
  }
  return seen > 0 ? total : undefined;
}

if (process.argv[2] === '--client') {
  const [origin, path, token, seconds] = process.argv.slice(3) as [string, string, string, string];
  void client(origin, path, token, Number(seconds)).then((r) => console.log(JSON.stringify(r)));
} else benchMain(() => onEachDatabase(run));
