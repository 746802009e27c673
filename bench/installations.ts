/**
 * Lists near their SQL (issue 27, P1): each list page over HTTP through the real app against the
 * exact SQL that request ran, replayed on the same driver in the same run. The statements are
 * recorded from the driver (`sqlRecorder`, bench/support.ts) during the request before the timed
 * runs — the session lookup, tag catalogue, page, tag values and count, whichever the route still
 * runs — and replayed one after another: the SQL's own time. Where the route overlaps statements
 * (on PostgreSQL a page that needed its count last time counts beside the page), a second line
 * compares HTTP with the statements replayed with the same overlap: what the app adds to its SQL
 * beyond the time overlapping saves. Runs alternate (HTTP, SQL, overlapped SQL, HTTP, …), so load on
 * the machine hits all alike; each line prints the medians with their spread (min–max), the ratio
 * HTTP / SQL and the difference in ms.
 *
 * Data: 100,000 installations with their sensors, 300 contractors, measurement summaries and two
 * tags on half the installations (bench/fleet.ts); the requests and deployments lists are empty.
 *
 *   npx tsx bench/installations.ts                      # fresh in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/installations.ts
 *                                                       # also PostgreSQL (a throwaway database)
 *   BENCH_INSTALLATIONS=20000 BENCH_RUNS=9 BENCH_CASE_MS=3000 BENCH_ONLY=pglite|postgres …
 *   BENCH_CASES=contractors,requests,GSM …             # only the cases whose names start so
 *
 * Output: `name, value, unit, baseline, ratio` lines, then the medians and spreads.
 */
import { fillFleet } from './fleet';
import { benchMain, httpGet, listCases, medianSpread, onEachDatabase, spread } from './support';
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db';

const N = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));

const q = (query: string) => encodeURIComponent(query);
const ALL_CASES = [
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
const CHOSEN = process.env.BENCH_CASES?.split(',').map((n) => n.trim());
const CASES = ALL_CASES.filter((c) => !CHOSEN || CHOSEN.some((n) => c.name.startsWith(n)));

const run = (kind: string, database: Database) =>
  listCases(kind, database, {
    what: `${N.toLocaleString('en')} installations`,
    fill: () => fillFleet(database.db, N, { spread: 'grid' }),
    cases: CASES,
    runs: RUNS,
    // The deep page by cursor, unless BENCH_CASES leaves the deep page out.
    extra: CASES.some((c) => c.name.startsWith('installations deep')) ? deepByCursor : undefined,
  });

/**
 * The same deep page (rows 25,001–25,100) by offset (`page=`) and by keyset (`after=` the previous
 * page's meta.next), alternating in the same run; the baseline column is the offset page.
 */
async function deepByCursor(port: number, token: string): Promise<string> {
  const page = Math.floor(Math.min(25_000, N - 100) / 100) + 1;
  const before = await httpGet(port, `/api/installations?page=${page - 1}&limit=100&after=`, token);
  const next = (JSON.parse(before.body) as { meta: { next?: string } }).meta.next;
  if (!next) throw new Error('the page before the deep page has no meta.next');
  const byOffset = `/api/installations?page=${page}&limit=100`;
  const byAfter = `/api/installations?limit=100&after=${next}`;
  const ids = async (path: string) => {
    const res = await httpGet(port, path, token);
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    return (JSON.parse(res.body) as { data: { installations: { id: number }[] } }).data.installations.map((r) => r.id);
  };
  if ((await ids(byOffset)).join() !== (await ids(byAfter)).join()) throw new Error('after and page differ');
  const offset: number[] = [];
  const after: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    let started = performance.now();
    await ids(byOffset);
    if (i > 0) offset.push(performance.now() - started);
    started = performance.now();
    await ids(byAfter);
    if (i > 0) after.push(performance.now() - started);
  }
  const [a, o] = [medianSpread(after), medianSpread(offset)];
  const name = `installations deep page by after (offset ${(page - 1) * 100})`;
  console.log(`${name}, ${a.median.toFixed(2)}, ms, ${o.median.toFixed(2)}, ${(a.median / o.median).toFixed(2)}`);
  return `  ${name.padEnd(52)} after ${spread(a, 2).padEnd(25)} page= ${spread(o, 2).padEnd(25)} ${`${(a.median / o.median).toFixed(2)}×`.padStart(6)}`;
}

benchMain(() => onEachDatabase(run));
