/**
 * The sensors list on 100,000 sensors with contractors, tag values and factors (so every column has
 * data), through the real app over HTTP (a listening server in this process):
 *   - each list case against the exact SQL that request ran, replayed in the same run
 *     (`againstItsSql`, bench/support.ts: one after another, and with the route's own overlap);
 *   - the first page while a full CSV export streams, against the first page alone: PGlite has one
 *     connection, so an export must leave room for other requests between its batches.
 * The export's own speed and memory (rows/s against its SELECT, the server's RSS from outside the
 * process) are bench/exports.ts's.
 *
 *   npx tsx bench/sensors.ts                                  # fresh in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sensors.ts
 *                                                             # also PostgreSQL: a throwaway database there
 *   BENCH_SENSORS=20000 BENCH_RUNS=9 BENCH_ONLY=pglite|postgres …
 *
 * Output: `name, value, unit, baseline, ratio` lines, then the medians and spreads.
 */
import { benchMain, httpGet, listCases, medianSpread, onEachDatabase, spread, timed } from './support';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db';

const SENSORS = Number(process.env.BENCH_SENSORS ?? 100_000);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const FILTER = 'communication in (GSM, NBIOT) and status in (Installed, Suspended) and contractorId != null';
const DEEP = Math.max(0, Math.min(99_900, SENSORS - 100));

const FIRST_PAGE = { name: 'sensors list, first page (100 rows)', path: '/api/sensors?page=1&limit=100' };
const CASES = [
  FIRST_PAGE,
  { name: `sensors list, deep page (offset ${DEEP})`, path: `/api/sensors?page=${DEEP / 100 + 1}&limit=100` },
  {
    name: 'sensors list, filtered and sorted (100 rows)',
    path: `/api/sensors?limit=100&sortBy=contractorName&order=desc&query=${encodeURIComponent(FILTER)}`,
  },
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
  await exec(db, 'VACUUM ANALYZE');
}

/** The first page, timed alone and then again and again while a full CSV export streams. */
async function firstPageDuringExport(port: number, token: string): Promise<string> {
  const get = async () => {
    const res = await httpGet(port, FIRST_PAGE.path, token);
    if (res.status !== 200) throw new Error(`first page: HTTP ${res.status}`);
  };
  const a = await timed(RUNS * 3, get);
  const during: number[] = [];
  let done = false;
  const exporting = httpGet(port, '/api/sensors/export', token).then((res) => {
    done = true;
    if (res.status !== 200) throw new Error(`export: HTTP ${res.status}`);
  });
  while (!done) {
    const started = performance.now();
    await get();
    if (!done) during.push(performance.now() - started);
  }
  await exporting;
  if (during.length === 0) return '  (the export ended before a first page could run beside it)';
  const d = medianSpread(during);
  const name = 'sensors first page while a full export streams';
  console.log(`${name}, ${d.median.toFixed(2)}, ms, ${a.median.toFixed(2)}, ${(d.median / a.median).toFixed(2)}`);
  return `  ${name.padEnd(52)} during ${spread(d, 2).padEnd(24)} alone ${spread(a, 2).padEnd(24)} ${`${(d.median / a.median).toFixed(2)}×`.padStart(6)}   ${during.length} requests during the export`;
}

const run = (kind: string, database: Database) =>
  listCases(kind, database, {
    what: `${SENSORS.toLocaleString('en')} sensors`,
    fill: () => fill(database.db),
    cases: CASES,
    runs: RUNS,
    extra: firstPageDuringExport,
  });

benchMain(() => onEachDatabase(run));
