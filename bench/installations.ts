/**
 * Lists near their SQL (issue 27, P1): each list page over HTTP through the real app against the
 * exact SQL that request ran, replayed on the same driver in the same run. The statements are
 * recorded from the driver (`sqlRecorder`, bench/support.ts) during the request before the timed
 * runs — the session lookup, tag catalogue, page, tag values and count, whichever the route still
 * runs — and replayed one after another, as the route runs them. Runs alternate (HTTP, SQL, HTTP,
 * …), so load on the machine hits both alike; each line prints the medians with their spread
 * (min–max), the ratio HTTP / SQL and the difference in ms.
 *
 * Data: 100,000 installations with their sensors, 300 contractors, measurement summaries and two
 * tags on half the installations (bench/fleet.ts); the requests and deployments lists are empty.
 *
 *   npx tsx bench/installations.ts                      # fresh in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/installations.ts
 *                                                       # also PostgreSQL (a throwaway database)
 *   BENCH_INSTALLATIONS=20000 BENCH_RUNS=9 BENCH_ONLY=pglite|postgres …
 *
 * Output: `name, value, unit, baseline, ratio` lines, then the medians and spreads.
 */
import { fillFleet } from './fleet';
import { benchMain, httpGet, listeningApp, onEachDatabase, spread, sqlRecorder } from './support';
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db';

const N = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));

const q = (query: string) => encodeURIComponent(query);
const CASES = [
  { name: 'installations page 1 (100 rows)', path: '/api/installations?page=1&limit=100' },
  { name: 'installations page 1 (25 rows)', path: '/api/installations?page=1&limit=25' },
  {
    name: 'installations: status = Installed and city = Warsaw',
    path: `/api/installations?limit=100&query=${q('status = Installed and city = Warsaw')}`,
  },
  { name: 'installations sorted by city desc', path: '/api/installations?limit=100&sortBy=city&order=desc' },
  {
    name: 'installations deep page (offset 25,000)',
    path: `/api/installations?page=${Math.floor(Math.min(25_000, N - 100) / 100) + 1}&limit=100`,
  },
  {
    name: 'installations short page (83 rows)',
    path: `/api/installations?limit=100&query=${q('street = "Street 7" and contractorId = 8')}`,
  },
  { name: 'sensors page 1 (100 rows)', path: '/api/sensors?page=1&limit=100' },
  { name: 'contractors page 1 (25 rows)', path: '/api/contractors?page=1&limit=25' },
  { name: 'requests page 1 (empty)', path: '/api/installations/requests/?page=1&limit=25' },
  { name: 'GSM deployments page 1 (empty)', path: '/updater/gsm/deployments?page=1&limit=25' },
];

async function run(kind: string, database: Database) {
  const t0 = performance.now();
  await fillFleet(database.db, N, { spread: 'grid' });
  const fillSec = ((performance.now() - t0) / 1000).toFixed(1);
  const { app, port, token } = await listeningApp(database);
  const recorder = sqlRecorder(database);
  console.log(`\n${kind}: ${N.toLocaleString('en')} installations (filled in ${fillSec} s), ${RUNS} runs each`);
  const lines: string[] = [];
  for (const c of CASES) {
    const get = async () => {
      const res = await httpGet(port, c.path, token);
      if (res.status !== 200) throw new Error(`${c.name}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    };
    await get();
    const statements = await recorder.record(get);
    const http: number[] = [];
    const db: number[] = [];
    // Alternating, after one warm-up of each.
    for (let i = 0; i <= RUNS; i++) {
      let started = performance.now();
      await get();
      if (i > 0) http.push(performance.now() - started);
      started = performance.now();
      await recorder.replay(statements);
      if (i > 0) db.push(performance.now() - started);
    }
    const [h, s] = [stats(http), stats(db)];
    console.log(`${c.name}, ${h.median.toFixed(2)}, ms, ${s.median.toFixed(2)}, ${(h.median / s.median).toFixed(2)}`);
    lines.push(
      `  ${c.name.padEnd(52)} HTTP ${spread(h, 2).padEnd(26)} SQL ${spread(s, 2).padEnd(26)} ${`${(h.median / s.median).toFixed(2)}×`.padStart(6)} ${`+${(h.median - s.median).toFixed(2)} ms`.padStart(11)}   ${statements.length} statements`,
    );
  }
  console.log(`\n${kind}: medians (min–max) of ${RUNS} runs; SQL = the statements the request ran, replayed`);
  for (const line of lines) console.log(line);
  await app.close();
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

benchMain(() => onEachDatabase(run));
