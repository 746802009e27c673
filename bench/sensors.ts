/**
 * Sensors list and CSV export on 100,000 sensors: time and peak RSS of
 *   - the list's first page (the baseline),
 *   - a deep page (offset 99,990),
 *   - a filtered, sorted query,
 *   - the full CSV export (GET /sensors/export) streamed to /dev/null, and the export of a tenth of
 *     the rows (if the export streams, its memory does not grow with the rows),
 * each through the real app over HTTP (a listening server in this process), with ratios against the
 * first page of the same run. The sensors come from generate_series (with contractors, tag values and
 * factors, so every export column has data).
 *
 *   npx tsx bench/sensors.ts                                  # fresh in-memory PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sensors.ts
 *                                                             # also PostgreSQL: a throwaway database there
 *   BENCH_SENSORS=20000 BENCH_RUNS=5 …                        # smaller fill, more repetitions
 *
 * PGlite runs inside this process, so its memory is part of the RSS; the figures that matter are the
 * ratios and the growth during a case ("+RSS"), not the absolute numbers.
 */
import { benchMain, listeningApp, onEachDatabase } from './support';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db';
import { PERMISSIONS, PermissionSet } from '../common/permissions';
import { exportCsv, planExport } from '../server/services/main/sensorRoutes';

const SENSORS = Number(process.env.BENCH_SENSORS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILTER = 'communication in (GSM, NBIOT) and status in (Installed, Suspended) and contractorId != null';

interface Case {
  name: string;
  path: string;
}

const CASES: Case[] = [
  { name: 'list, first page (baseline)', path: '/api/sensors?page=1&limit=10' },
  {
    name: `list, deep page (offset ${Math.min(99_990, SENSORS - 10)})`,
    path: `/api/sensors?page=${Math.floor(Math.min(99_990, SENSORS - 10) / 10) + 1}&limit=10`,
  },
  {
    name: 'list, filtered and sorted',
    path: `/api/sensors?limit=100&sortBy=contractorName&order=desc&query=${encodeURIComponent(FILTER)}`,
  },
  {
    name: `export, ${SENSORS / 10} rows (id <= ${SENSORS / 10})`,
    path: `/api/sensors/export?query=${encodeURIComponent(`id <= ${SENSORS / 10}`)}`,
  },
  { name: `export, all ${SENSORS} rows`, path: '/api/sensors/export' },
  { name: `export, all ${SENSORS} rows by status desc`, path: '/api/sensors/export?sortBy=status&order=desc' },
];

async function exec(db: Db, statement: string) {
  await db.execute(sql.raw(statement));
}

async function fill(db: Db) {
  const statuses = `(array['InProduction','Ready','Installed','Installed','Installed','Installed','Suspended','ServiceRequired','InRepair','Lost','Retired'])`;
  const comms = `(array['GSM','GSM','WIFI','WIFI','NBIOT','LORA','OTHER'])`;
  await exec(
    db,
    `INSERT INTO contractors (name, type) SELECT 'Contractor ' || g, (array['INDIVIDUAL','ACTION','AMBASSADOR','SMOGFIGHTER'])[1 + g % 4] FROM generate_series(1, 500) g`,
  );
  await exec(
    db,
    `INSERT INTO tags (context, name, type, values) VALUES
       ('sensors', 'Production batch', 'STRING', '[]'), ('sensors', 'Enclosure', 'ENUM', '["Compact","Rooftop","Standard"]'),
       ('sensors', 'Heated inlet', 'BOOLEAN', '[]'), ('sensors', 'PM sensor drift', 'FLOAT', '[]')`,
  );
  const chunk = 50_000;
  for (let from = 1; from <= SENSORS; from += chunk) {
    const to = Math.min(SENSORS, from + chunk - 1);
    await exec(
      db,
      `INSERT INTO sensors (id, sensor_token, communication, status, measured, contractor_id, factors, firmware_version, created_at, last_measurement_at)
       SELECT g, md5('token' || g), ${comms}[1 + (g * 7) % 7], ${statuses}[1 + (g * 13) % 11],
              case when g % 4 = 0 then '["pm1","pm25","pm10","no2","temperature","humidity","pressure"]'::jsonb
                   else '["pm1","pm25","pm10","temperature","humidity","pressure"]'::jsonb end,
              case when g % 10 < 7 then 1 + (g * 31) % 500 end,
              case when g % 3 = 0 then jsonb_build_object('pm25', jsonb_build_object('A', -1.5, 'B', 0.95, 'C', 0.001)) else '{}'::jsonb end,
              '4.' || (g % 4) || '.0.' || (g % 9),
              now() - (g || ' minutes')::interval,
              case when g % 5 <> 0 then now() - ((g % 120) || ' minutes')::interval end
       FROM generate_series(${from}, ${to}) g`,
    );
  }
  await exec(db, `SELECT setval(pg_get_serial_sequence('sensors', 'id'), ${SENSORS})`);
  await exec(
    db,
    `INSERT INTO sensor_tag_values (sensor_id, tag_id, value)
     SELECT g, t.id, case t.name when 'Production batch' then to_jsonb('B' || (g % 97) || '; lot "' || (g % 7) || '"')
                                 when 'Enclosure' then to_jsonb((array['Compact','Rooftop','Standard'])[1 + g % 3])
                                 when 'Heated inlet' then to_jsonb(g % 2 = 0)
                                 else to_jsonb((g % 50) / 10.0) end
     FROM generate_series(1, ${SENSORS}) g JOIN tags t ON t.context = 'sensors'
     WHERE (g + t.id) % 3 = 0`,
  );
  await exec(db, 'ANALYZE');
}

/** GET through the listening server; the body goes to /dev/null. */
function fetchToNull(port: number, path: string, token: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      const sink = fs.createWriteStream('/dev/null');
      res.on('data', (b: Buffer) => (bytes += b.length));
      res.pipe(sink);
      sink.on('finish', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Result {
  name: string;
  ms: number;
  peakRss: number;
  growth: number;
  bytes: number;
}

function measure(port: number, token: string, c: Case): Promise<Result> {
  return measureWith(c.name, async () => {
    const res = await fetchToNull(port, c.path, token);
    if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status}`);
    return res.bytes;
  });
}

async function measureWith(name: string, body: () => Promise<number>): Promise<Result> {
  const times: number[] = [];
  let peakRss = 0;
  let growth = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const started = performance.now();
    const size = await body();
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    if (i === 0) continue; // warm-up
    times.push(ms);
    peakRss = Math.max(peakRss, peak);
    growth = Math.max(growth, peak - before);
    bytes = size;
  }
  times.sort((a, b) => a - b);
  return { name, ms: times[Math.floor(times.length / 2)]!, peakRss, growth, bytes };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function run(kind: 'PGlite' | 'PostgreSQL', database: Database) {
  const t0 = performance.now();
  await fill(database.db);
  const fillSec = ((performance.now() - t0) / 1000).toFixed(1);
  const { ctx, app, port, token } = await listeningApp(database);
  const results: Result[] = [];
  for (const c of CASES) results.push(await measure(port, token, c));
  // The same export without HTTP: the generator drained in-process (where the time goes).
  const perms = new PermissionSet(PERMISSIONS);
  results.push(
    await measureWith(`export, all ${SENSORS} rows, no HTTP`, async () => {
      let bytes = 0;
      for await (const chunk of exportCsv(ctx.db, await planExport(ctx.db, {}, perms)))
        bytes += Buffer.byteLength(chunk);
      return bytes;
    }),
  );
  // PGlite has one connection: the export must leave room for other requests between its batches.
  const during: number[] = [];
  const exporting = fetchToNull(port, '/api/sensors/export', token);
  let done = false;
  void exporting.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetchToNull(port, CASES[0]!.path, token);
    if (!done) during.push(performance.now() - started);
  }
  await exporting;
  await app.close();
  during.sort((a, b) => a - b);
  const p = (q: number) => during[Math.min(during.length - 1, Math.floor(q * during.length))]!.toFixed(1);

  const base = results[0]!;
  console.log(
    `\n${kind}: ${SENSORS.toLocaleString('en')} sensors (filled in ${fillSec} s), median of ${RUNS} runs after a warm-up`,
  );
  console.log(
    `${'case'.padEnd(46)} ${'time'.padStart(10)} ${'× first'.padStart(9)} ${'peak RSS'.padStart(9)} ${'× first'.padStart(8)} ${'+RSS'.padStart(8)} ${'body'.padStart(9)}`,
  );
  for (const r of results)
    console.log(
      `${r.name.padEnd(46)} ${`${r.ms.toFixed(1)} ms`.padStart(10)} ${(r.ms / base.ms).toFixed(1).padStart(9)} ${mb(r.peakRss).padStart(9)} ${(r.peakRss / base.peakRss).toFixed(2).padStart(8)} ${mb(r.growth).padStart(8)} ${`${(r.bytes / 1024 / 1024).toFixed(1)} MB`.padStart(9)}`,
    );
  if (during.length)
    console.log(
      `first page while a full export streams: ${during.length} requests, median ${p(0.5)} ms, p90 ${p(0.9)} ms, max ${p(1)} ms`,
    );
}

async function main() {
  console.log(
    `Node ${process.version}; RSS sampled every 5 ms during each request${(globalThis as { gc?: unknown }).gc ? ', GC before each' : ' (run with --expose-gc for a GC before each)'}`,
  );
  await onEachDatabase(run);
}

benchMain(main);
