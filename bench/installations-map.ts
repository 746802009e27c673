/**
 * The installations map view on 100,000 installations: what stands between the toggle and the first
 * clustered markers — the points feed over HTTP (GET /api/installations/points, the real app), its
 * JSON size and parse time, the supercluster index build over the compact tuples, and the first
 * clustered query for a Poland-wide viewport at zoom 6 (plus a city at zoom 11 for contrast).
 * Then what that index costs the main thread: before, built there (`buildIndex` + the first query,
 * one synchronous block); after, in a worker — a Node worker thread running the very handler of
 * the browser's clusters.worker.ts, reached through the console's own client (clusterWorker.ts):
 * the synchronous part (pack the feed, post it with its buffer transferred, post the first view),
 * the event loop's busy time from there to the first markers (that plus reading the answers), and
 * the wall time to the first markers (the build, now in the worker). The worker is started once,
 * ahead (Node's start-up, with tsx compiling TypeScript, says nothing of a browser's: shown apart).
 * Figures and ratios only, no assertions. Installations are seeded as bench/installations.ts does
 * (generate_series), but spread as a fleet is: most around eight cities, the rest across Poland.
 *
 *   npx tsx bench/installations-map.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/installations-map.ts
 *   BENCH_INSTALLATIONS=250000 BENCH_RUNS=9 …
 */
import { performance } from 'node:perf_hooks';
import { Worker, type TransferListItem } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db';
import {
  buildIndex,
  markersIn,
  type InstallationPoint,
  type InstallationPoints,
} from '../src/resources/installations/map/clusters';
import type { ClusterAnswer } from '../src/resources/installations/map/clusterMessages';
import { openClusterIndex, type Connect } from '../src/resources/installations/map/clusterWorker';
import { fillFleet } from './fleet';
import { benchMain, httpGet as get, listeningApp, medianMs, onEachDatabase } from './support';

const N = Number(process.env.BENCH_INSTALLATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Poland at zoom 6: [west, south, east, north]. */
const POLAND: [number, number, number, number] = [14.0, 49.0, 24.2, 54.9];
/** Kraków's centre at zoom 11 on a 1440×800 screen. */
const KRAKOW: [number, number, number, number] = [19.69, 49.98, 20.19, 50.14];

const median = (body: () => unknown) => medianMs(RUNS, body);
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The browser's clusters.worker.ts in a worker thread: the same handler, loaded through tsx. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then(({ tsImport }) => tsImport(workerData.handler, workerData.parent))
  .then(({ createClusterHandler }) => {
    const handle = createClusterHandler();
    parentPort.on('message', (request) => parentPort.postMessage(handle(request)));
    parentPort.postMessage('started');
  });
`;

async function startClusterThread(): Promise<Worker> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      tsx: import.meta.resolve('tsx/esm/api'),
      handler: new URL('../src/resources/installations/map/clusterMessages.ts', import.meta.url).href,
      parent: import.meta.url,
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return worker;
}

/** The client's transport over a started worker thread; closing detaches it (the thread is reused). */
const connectThread =
  (worker: Worker): Connect =>
  (answer, fail) => {
    const onMessage = (a: ClusterAnswer) => answer(a);
    worker.on('message', onMessage);
    worker.on('error', fail);
    return {
      post: (request, transfer) => worker.postMessage(request, transfer as unknown as TransferListItem[]),
      close: () => {
        worker.off('message', onMessage);
        worker.off('error', fail);
      },
    };
  };

/**
 * One feed through the worker, as the map does it: open the index, ask for the first view, wait
 * for its markers. `sync` is the main thread's synchronous part; `busy` the event loop's active
 * time from the start to the markers (that, plus receiving and handling the answers); `wall` the
 * time to the markers.
 */
async function firstMarkersViaWorker(worker: Worker, points: readonly InstallationPoint[]) {
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  const index = openClusterIndex(points, connectThread(worker));
  const first = index.markersIn(POLAND, 6);
  const sync = performance.now() - t0;
  const markers = await first;
  const wall = performance.now() - t0;
  const busy = performance.eventLoopUtilization(elu).active;
  index.close();
  if (!markers?.length) throw new Error('the worker answered no markers');
  return { sync, busy, wall, markers: markers.length };
}

const row = (name: string, ms: number, extra = '') =>
  console.log(`${name.padEnd(52)} ${`${ms.toFixed(1)} ms`.padStart(10)} ${extra}`);

async function run(kind: string, database: Database) {
  const t0 = performance.now();
  await fillFleet(database.db, N, { spread: 'fleet' });
  const fillSec = ((performance.now() - t0) / 1000).toFixed(1);
  const { ctx, app, port, token } = await listeningApp(database);
  const path = '/api/installations/points';

  const first = await get(port, path, token);
  if (first.status !== 200) throw new Error(`points feed: HTTP ${first.status}`);
  const bytes = Buffer.byteLength(first.body);
  const gzipped = gzipSync(first.body).length;
  const feed = (JSON.parse(first.body) as { data: InstallationPoints }).data;
  const active = feed.points.filter((p) => p[3] === 1).length;

  const request = await median(() => get(port, path, token));
  // The baseline: the database alone, the feed's query without the HTTP layer, validation and JSON.
  const raw = await median(() =>
    ctx.db.execute(
      sql.raw(`SELECT i.installation_id, i.latitude, i.longitude,
                      (m.last_measurement_at >= now() - interval '20 minutes')::int AS a
               FROM installations i
               LEFT JOIN measurement_summaries m ON m.sensor_id = i.sensor_id AND i.removed_at IS NULL
               ORDER BY i.installation_id LIMIT 250001`),
    ),
  );
  const parse = await median(() => JSON.parse(first.body));
  const build = await median(() => buildIndex(feed.points));
  const index = buildIndex(feed.points);
  // "First" query: on a fresh index each time (supercluster keeps no query cache, but be fair).
  const fresh = Array.from({ length: RUNS + 1 }, () => buildIndex(feed.points));
  let k = 0;
  const poland = await median(() => markersIn(fresh[k++]!, POLAND, 6));
  const polandMarkers = markersIn(index, POLAND, 6);
  const city = await median(() => markersIn(index, KRAKOW, 11));
  const cityMarkers = markersIn(index, KRAKOW, 11);
  const firstRender = request + parse + build + poland;

  // Before: the index built on the main thread, and the first view, in one synchronous block.
  const blocking = await median(() => markersIn(buildIndex(feed.points), POLAND, 6));
  // After: the same in a worker thread, through the console's client.
  const s0 = performance.now();
  const worker = await startClusterThread();
  const startup = performance.now() - s0;
  const runs = [];
  for (let i = 0; i <= RUNS; i++) {
    const r = await firstMarkersViaWorker(worker, feed.points);
    if (i > 0) runs.push(r);
  }
  await worker.terminate();
  const sync = middle(runs.map((r) => r.sync));
  const busy = middle(runs.map((r) => r.busy));
  const wall = middle(runs.map((r) => r.wall));
  // What posting the tuples themselves would cost (structured clone of 100,000 small arrays).
  const cloned = await median(() => structuredClone(feed.points));

  console.log(
    `\n${kind}: ${feed.points.length.toLocaleString('en')} installations (${active.toLocaleString('en')} active, truncated: ${feed.truncated}; filled in ${fillSec} s), median of ${RUNS} runs`,
  );
  console.log(
    `${'points feed JSON size'.padEnd(52)} ${`${(bytes / 1024 / 1024).toFixed(2)} MB`.padStart(10)} ${(bytes / feed.points.length).toFixed(1)} B/installation, gzip ${(gzipped / 1024 / 1024).toFixed(2)} MB (${((100 * gzipped) / bytes).toFixed(0)} %)`,
  );
  row('raw SQL of the feed in-process (baseline)', raw);
  row('GET /api/installations/points over HTTP', request, `${(request / raw).toFixed(1)}× raw`);
  row('JSON.parse of the feed', parse, `${((100 * parse) / request).toFixed(0)} % of the request`);
  row('supercluster index build (buildIndex)', build, `${((100 * build) / request).toFixed(0)} % of the request`);
  row(
    'first clustered query, Poland at zoom 6',
    poland,
    `${polandMarkers.length} markers for ${feed.points.length.toLocaleString('en')} installations`,
  );
  row('clustered query, Kraków at zoom 11', city, `${cityMarkers.length} markers`);
  row(
    'feed + parse + index + first query (before DOM)',
    firstRender,
    `index build is ${((100 * build) / firstRender).toFixed(0)} % of it`,
  );
  console.log('main thread blocked by the index, up to the first markers of the map view:');
  row('  before: buildIndex + first query on the main thread', blocking, 'one synchronous block');
  row(
    '  after: pack + post the feed and the first view',
    sync,
    `synchronous; ${((100 * sync) / blocking).toFixed(1)} % of before`,
  );
  row(
    '  after: event loop busy until the first markers',
    busy,
    `the above + receiving ${runs[0]!.markers} markers; ${((100 * busy) / blocking).toFixed(1)} % of before`,
  );
  row('  after: wall time to the first markers', wall, `build in the worker; main thread free meanwhile`);
  row('  (structured clone of the raw tuples, not used)', cloned, 'what posting them unpacked would cost');
  row('  (worker thread start in Node, tsx compiling)', startup, 'once, ahead; not a browser figure');
  await app.close();
}

benchMain(() => onEachDatabase(run));
