/**
 * The installations list (the landing page) on 100,000 installations: time of a 100-row page
 * through the real app over HTTP — first page in the default order, a deep page, a sort on an
 * address column, an advanced query, two short pages (fewer rows than the limit: the page tells
 * the total, no count runs) — against the raw SQL of the same first page in the same run (the
 * baseline: what the database alone costs) and the raw count(*) a short page no longer runs, and
 * the map view's feed of every point. The installations, their sensors, contractors, measurement
 * summaries and tag values come from generate_series.
 *
 *   npx tsx bench/installations.ts                      # fresh in-memory PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/installations.ts
 *                                                       # also PostgreSQL (a throwaway database)
 *   BENCH_INSTALLATIONS=20000 BENCH_RUNS=9 …
 *   BENCH_EXPORT_ONLY=1 …                               # only the CSV export, BENCH_RUNS times (median)
 */
import { fillFleet } from './fleet';
import { benchMain, listeningApp, medianMs, onEachDatabase } from './support';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db';

const N = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPORT_ONLY = Boolean(process.env.BENCH_EXPORT_ONLY);

const CASES = [
  { name: 'first page, 100 rows (default order)', path: '/api/installations?page=1&limit=100' },
  {
    name: `deep page (offset ${Math.min(25_000, N - 100)})`,
    path: `/api/installations?page=${Math.floor(Math.min(25_000, N - 100) / 100) + 1}&limit=100`,
  },
  { name: 'sorted by city desc', path: '/api/installations?limit=100&sortBy=city&order=desc' },
  {
    name: 'advanced query',
    path: `/api/installations?limit=100&query=${encodeURIComponent('isVisible = true and city in (Krakow, Gdansk) and contractorId != null')}`,
  },
  // Short pages: fewer rows than the limit, so the page tells the total and no count runs.
  {
    name: 'short page: query matching 83 rows',
    path: `/api/installations?limit=100&query=${encodeURIComponent('street = "Street 7" and contractorId = 8')}`,
  },
  {
    name: 'short last page (limit 150)',
    path: `/api/installations?limit=150&page=${Math.ceil(N / 150)}`,
  },
  { name: `map feed, all ${N.toLocaleString('en')} points`, path: '/api/installations/points' },
];

function get(port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * One streamed CSV export: wall time, the process's CPU time (server, database and client all run in
 * it: steadier than wall time on a shared machine), lines received and peak RSS growth while it ran.
 */
function exportOnce(
  port: number,
  token: string,
): Promise<{ ms: number; cpuMs: number; lines: number; peakMb: number }> {
  const base = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: '/api/installations/export', headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let lines = 0;
          res.on('data', (chunk: Buffer) => {
            for (const byte of chunk) if (byte === 10) lines++;
          });
          res.on('end', () => {
            clearInterval(sampler);
            if (res.statusCode !== 200) return reject(new Error(`export: HTTP ${res.statusCode}`));
            const { user, system } = process.cpuUsage(cpu);
            resolve({
              ms: performance.now() - started,
              cpuMs: (user + system) / 1000,
              lines,
              peakMb: (peak - base) / 2 ** 20,
            });
          });
        },
      )
      .on('error', reject);
  });
}

const median = (body: () => Promise<unknown>) => medianMs(RUNS, body);

async function run(kind: string, database: Database) {
  const t0 = performance.now();
  await fillFleet(database.db, N, { spread: 'grid' });
  const fillSec = ((performance.now() - t0) / 1000).toFixed(1);
  const { ctx, app, port, token } = await listeningApp(database);

  const raw = await median(() =>
    ctx.db.execute(
      sql.raw(`SELECT i.*, m.values, m.active_hours, c.name AS contractor_name
               FROM installations i
               LEFT JOIN measurement_summaries m ON m.sensor_id = i.sensor_id
               LEFT JOIN contractors c ON c.id = i.contractor_id
               WHERE i.removed_at IS NULL ORDER BY i.installation_id LIMIT 100`),
    ),
  );
  console.log(`\n${kind}: ${N.toLocaleString('en')} installations (filled in ${fillSec} s), median of ${RUNS} runs`);
  console.log(`${'raw SQL, first 100 rows in-process (baseline)'.padEnd(48)} ${`${raw.toFixed(1)} ms`.padStart(10)}`);
  // The count the list ran beside every page before short pages told their total themselves.
  const rawCount = await median(() =>
    ctx.db.execute(
      sql.raw(`SELECT count(*) FROM installations i
               LEFT JOIN sensors s ON s.id = i.sensor_id
               LEFT JOIN contractors c ON c.id = i.contractor_id
               LEFT JOIN measurement_summaries m ON m.sensor_id = i.sensor_id
               WHERE i.removed_at IS NULL AND i.street = 'Street 7' AND i.contractor_id = 8`),
    ),
  );
  console.log(
    `${'raw SQL, count(*) of the 83-row query'.padEnd(48)} ${`${rawCount.toFixed(1)} ms`.padStart(10)} ${`${(rawCount / raw).toFixed(1)}× raw`.padStart(10)}`,
  );
  for (const c of EXPORT_ONLY ? [] : CASES) {
    const status = await get(port, c.path, token);
    if (status !== 200) throw new Error(`${c.name}: HTTP ${status}`);
    const ms = await median(() => get(port, c.path, token));
    console.log(
      `${`list over HTTP: ${c.name}`.padEnd(48)} ${`${ms.toFixed(1)} ms`.padStart(10)} ${`${(ms / raw).toFixed(1)}× raw`.padStart(10)}`,
    );
  }
  const exports = [];
  for (let i = 0; i < (EXPORT_ONLY ? RUNS : 1); i++) {
    const csv = await exportOnce(port, token);
    if (csv.lines !== N + 1) throw new Error(`export: ${csv.lines} lines for ${N} installations`);
    exports.push(csv);
  }
  // What reading every row the export writes costs the database and driver alone, in one query;
  // measured after the export, whose peak RSS it would otherwise inflate.
  const rawAll = await medianMs(Math.min(RUNS, 3), () =>
    ctx.db.execute(
      sql.raw(`SELECT i.*, s.sensor_token, s.communication, c.name, c.hs_id, c.hs_name, m.last_measurement_at, m.values,
                      m.active_hours, (SELECT jsonb_object_agg(tv.tag_id, tv.value) FROM installation_tag_values tv
                                       WHERE tv.installation_id = i.id) AS tags
               FROM installations i
               LEFT JOIN sensors s ON s.id = i.sensor_id
               LEFT JOIN contractors c ON c.id = i.contractor_id
               LEFT JOIN measurement_summaries m ON m.sensor_id = i.sensor_id
               WHERE i.removed_at IS NULL ORDER BY i.installation_id`),
    ),
  );
  console.log(
    `${`raw SQL, all ${N.toLocaleString('en')} rows in-process (export baseline)`.padEnd(48)} ${`${rawAll.toFixed(0)} ms`.padStart(10)}`,
  );
  const csv = exports.sort((a, b) => a.ms - b.ms)[Math.floor(exports.length / 2)]!;
  console.log(
    `${`CSV export, all ${N.toLocaleString('en')} rows (streamed${exports.length > 1 ? `, median of ${exports.length}` : ''})`.padEnd(48)} ${`${csv.ms.toFixed(0)} ms`.padStart(10)} ${`${(csv.ms / rawAll).toFixed(1)}× raw`.padStart(10)} ${`${csv.cpuMs.toFixed(0)} ms CPU`.padStart(14)} ${`+${Math.max(...exports.map((e) => e.peakMb)).toFixed(0)} MB peak RSS`.padStart(20)}`,
  );
  await app.close();
}

benchMain(() => onEachDatabase(run));
