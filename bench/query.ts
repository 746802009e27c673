/**
 * Query-language benchmark.
 *
 * 1. Parse and parse+compile time per query (µs, median of many repetitions): the help page's
 *    examples of every list, the default saved queries, and a few larger ones. "Compile" is the
 *    whole server path: AST → drizzle SQL → SQL text with bound parameters.
 * 2. SQL time of the two default saved queries through the real list routes (page query + count,
 *    timed at the database client) on the demo data and on 100,000 installations inserted with
 *    generate_series into a fresh database, with the unfiltered page query of the same list as the
 *    in-run baseline (ratio = filtered / unfiltered): on PGlite, then on a scratch PostgreSQL
 *    database when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set (BENCH_ONLY=pglite|postgres).
 *
 * Besides the tables, every figure is printed as a `name, value, unit, baseline, ratio` line.
 *
 *   npx tsx bench/query.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/query.ts
 *   BENCH_ROWS=20000 BENCH_RUNS=5 npx tsx bench/query.ts      # a smaller fill, fewer repetitions
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CATALOGUES, QUERY_EXAMPLES, parseQuery, type EntityName, type TagDef } from '../common/query';
import { DEFAULT_SAVED_QUERIES } from '../common/presets';
import { ADMIN_ROLE } from '../common/permissions';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/password';
import { loadConfig, type Config } from '../server/config';
import type { Database } from '../server/db';
import { benchMain, onEachDatabase } from './support';
import { roles, staffUsers } from '../server/db/schema';
import { ensureBuiltInRoles, seedDemo } from '../server/db/seed';
import { compileAst, serverCatalogue } from '../server/query/compile';
import { createContext } from '../server/start';
import { CONTRACTOR_COLUMNS } from '../server/services/main/contractors/repository';
import { INSTALLATION_COLUMNS } from '../server/services/main/installations/repository';
import { REQUEST_COLUMNS } from '../server/services/main/requests/repository';
import { SENSOR_COLUMNS } from '../server/services/main/sensors/repository';
import {
  contractorTagValues,
  contractors,
  installationTagValues,
  installations,
  sensorTagValues,
  sensors,
} from '../server/db/schema';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PASSWORD = 'bench-password-123';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const num = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

// ------------------------------------------------------------------ 1. parse + compile

const TAGS: Record<'sensors' | 'installations' | 'contractors', TagDef[]> = {
  installations: [
    { id: 1, name: 'Mounting', type: 'ENUM', values: ['Roof', 'Pole', 'Wall'] },
    { id: 2, name: 'Roof type', type: 'STRING' },
    { id: 3, name: 'Floor', type: 'INTEGER' },
  ],
  sensors: [{ id: 4, name: 'Batch', type: 'STRING' }],
  contractors: [{ id: 5, name: 'Region', type: 'ENUM', values: ['North', 'South'] }],
};

function catalogueOf(list: EntityName) {
  switch (list) {
    case 'installations':
      return serverCatalogue(CATALOGUES.installations, INSTALLATION_COLUMNS, {
        tags: TAGS.installations,
        tagValues: { table: installationTagValues, rowId: installations.id },
      });
    case 'sensors':
      return serverCatalogue(CATALOGUES.sensors, SENSOR_COLUMNS, {
        tags: TAGS.sensors,
        tagValues: { table: sensorTagValues, rowId: sensors.id },
      });
    case 'contractors':
      return serverCatalogue(CATALOGUES.contractors, CONTRACTOR_COLUMNS, {
        tags: TAGS.contractors,
        tagValues: { table: contractorTagValues, rowId: contractors.id },
      });
    case 'requests':
      return serverCatalogue(CATALOGUES.requests, REQUEST_COLUMNS);
  }
}

const LARGE_IN = `status in (${CATALOGUES.sensors.fields.find((f) => f.name === 'status')!.values!.join(', ')})`;
const DEEP = `${'('.repeat(30)}id = 1${' or id = 2)'.repeat(30)}`;
const LONG_OR = Array.from({ length: 100 }, (_, i) => `installationId = ${i + 1}`).join(' or ');

const EXTRA: { list: EntityName; query: string }[] = [
  { list: 'sensors', query: LARGE_IN },
  { list: 'installations', query: 'tag.Mounting in (Roof, Pole) and tag."Roof type" ~ "flat" and tag.Floor >= 2' },
  { list: 'installations', query: 'SEARCH("Kraków Długa 12") and status != Retired' },
  { list: 'installations', query: LONG_OR },
  { list: 'sensors', query: DEEP },
];

function parseCompileTable() {
  const dialect = new PgDialect();
  const cases: { list: EntityName; query: string }[] = [
    ...(Object.keys(QUERY_EXAMPLES) as EntityName[]).flatMap((list) =>
      QUERY_EXAMPLES[list].map((e) => ({ list, query: e.query })),
    ),
    { list: 'installations', query: DEFAULT_SAVED_QUERIES.installations[0]!.value },
    ...EXTRA,
  ];
  const seen = new Set<string>();
  const lines: string[] = [];
  console.log('1. Parse and compile (median µs per query; compile = AST → SQL text with parameters)\n');
  console.log(
    `${pad('list', 14)}${pad('query', 62)}${'parse'.padStart(8)}${'p+compile'.padStart(11)}${'params'.padStart(8)}`,
  );
  for (const { list, query } of cases) {
    if (seen.has(`${list}|${query}`)) continue;
    seen.add(`${list}|${query}`);
    const cat = catalogueOf(list);
    const reps = query.length > 300 ? 300 : 2000;
    // warm up
    for (let i = 0; i < 50; i++) dialect.sqlToQuery(compileAst(parseQuery(query)!, cat));
    const parseTimes: number[] = [];
    const totalTimes: number[] = [];
    let params = 0;
    for (let r = 0; r < 5; r++) {
      let t = performance.now();
      for (let i = 0; i < reps; i++) parseQuery(query);
      parseTimes.push(((performance.now() - t) * 1000) / reps);
      t = performance.now();
      for (let i = 0; i < reps; i++) params = dialect.sqlToQuery(compileAst(parseQuery(query)!, cat)).params.length;
      totalTimes.push(((performance.now() - t) * 1000) / reps);
    }
    const shown = query.length > 60 ? `${query.slice(0, 57)}… (${query.length} ch)` : query;
    console.log(
      `${pad(list, 14)}${pad(shown, 62)}${num(median(parseTimes))}${num(median(totalTimes)).padStart(11)}${String(params).padStart(8)}`,
    );
    lines.push(line(`parse+compile ${list}: ${shown}`, median(totalTimes), 'µs', median(parseTimes)));
  }
  console.log('\nname, value, unit, baseline (parse alone), ratio');
  for (const l of lines) console.log(l);
}

/** A `name, value, unit, baseline, ratio` line (ratio = value / baseline). */
function line(name: string, value: number, unit: string, baseline: number) {
  const f = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  return `${name.replaceAll(',', ';')}, ${f(value)}, ${unit}, ${f(baseline)}, ${(value / baseline).toFixed(2)}`;
}

// ------------------------------------------------------------------ 2. SQL time through the routes

interface Bench {
  database: Database;
  call(
    url: string,
  ): Promise<{ status: number; totalCount: number; sqlMs: number; routeMs: number; statements: number }>;
  close(): Promise<void>;
}

/**
 * Times every statement at the database client: PGlite's, or node-postgres' Client (every pooled
 * query and transaction goes through one). Time counts while at least one statement is in flight:
 * the route runs its page and count queries side by side (PGlite queues them on its one
 * connection), so summing each call would count the wait twice.
 */
const clock = { sqlMs: 0, statements: 0, inFlight: 0, since: 0 };
function timed<F extends (...args: never[]) => unknown>(query: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    if (clock.inFlight++ === 0) clock.since = performance.now();
    const done = () => {
      clock.statements++;
      if (--clock.inFlight === 0) clock.sqlMs += performance.now() - clock.since;
    };
    // pg.Pool calls Client#query with a callback; drizzle awaits the promise.
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      (args as unknown[])[last] = (...a: unknown[]) => {
        done();
        return callback(...a);
      };
    }
    const result = query.apply(this, args) as unknown;
    if (result instanceof Promise) return result.finally(done);
    if (typeof args[last] !== 'function') done();
    return result;
  } as F;
}
pg.Client.prototype.query = timed(pg.Client.prototype.query);

/** The app over `database`, signed in as `username`. */
async function benchApp(database: Database, username: string, password: string): Promise<Bench> {
  if (database.pglite) {
    const client = database.pglite;
    (client as unknown as { query: typeof client.query }).query = timed(client.query.bind(client));
  }

  const config: Config = {
    ...loadConfig({ ...process.env, SEED: 'none' }),
    jwtSecret: 'bench-secret-0123456789abcdef',
    consoleDir: '/nonexistent',
    simulator: false,
  };
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.ready();
  const login = await app.inject({
    method: 'GET',
    url: '/api/login/basic',
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const token = (login.json() as { tokens: { accessToken: string } }).tokens.accessToken;
  return {
    database,
    async call(url) {
      clock.sqlMs = 0;
      clock.statements = 0;
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const routeMs = performance.now() - t;
      const body = res.json() as { meta?: { totalCount: number }; message?: string };
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${body.message}`);
      return {
        status: res.statusCode,
        totalCount: body.meta?.totalCount ?? 0,
        sqlMs: clock.sqlMs,
        routeMs,
        statements: clock.statements,
      };
    },
    async close() {
      await app.close();
    },
  };
}

async function timeList(b: Bench, path: string, query?: string) {
  const url = `${path}?page=1&limit=10${query ? `&query=${encodeURIComponent(query)}` : ''}`;
  for (let i = 0; i < 3; i++) await b.call(url);
  const sqlTimes: number[] = [];
  const routeTimes: number[] = [];
  let last = await b.call(url);
  for (let i = 0; i < RUNS; i++) {
    last = await b.call(url);
    sqlTimes.push(last.sqlMs);
    routeTimes.push(last.routeMs);
  }
  return { sql: median(sqlTimes), route: median(routeTimes), totalCount: last.totalCount, statements: last.statements };
}

async function defaultQueryTable(title: string, b: Bench) {
  const lines: string[] = [];
  console.log(`\n${title}`);
  console.log(
    `${pad('list / query', 66)}${'rows'.padStart(8)}${'SQL ms'.padStart(9)}${'route ms'.padStart(10)}${'× base'.padStart(8)}`,
  );
  for (const [list, path] of [
    ['installations', '/api/installations'],
    ['sensors', '/api/sensors'],
  ] as const) {
    const base = await timeList(b, path);
    const q = DEFAULT_SAVED_QUERIES[list][0]!.value;
    const filtered = await timeList(b, path, q);
    console.log(
      `${pad(`${list}: (unfiltered page 1, baseline)`, 66)}${String(base.totalCount).padStart(8)}${num(base.sql, 2).padStart(9)}${num(base.route, 2).padStart(10)}${'1.00'.padStart(8)}`,
    );
    console.log(
      `${pad(`${list}: ${q}`, 66)}${String(filtered.totalCount).padStart(8)}${num(filtered.sql, 2).padStart(9)}${num(filtered.route, 2).padStart(10)}${(filtered.sql / base.sql).toFixed(2).padStart(8)}`,
    );
    lines.push(line(`${title}: ${list} "${q}" SQL`, filtered.sql, 'ms', base.sql));
    lines.push(line(`${title}: ${list} "${q}" route`, filtered.route, 'ms', base.route));
  }
  console.log('\nname, value, unit, baseline (unfiltered page 1), ratio');
  for (const l of lines) console.log(l);
}

async function demoDatabase(database: Database): Promise<Bench> {
  await ensureBuiltInRoles(database.db);
  await seedDemo(database.db, { adminPassword: PASSWORD, now: new Date() });
  return benchApp(database, 'admin', PASSWORD);
}

async function largeDatabase(database: Database, rows: number): Promise<Bench> {
  const db = database.db;
  await ensureBuiltInRoles(db);
  const [admin] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.name} = ${ADMIN_ROLE}`);
  await db
    .insert(staffUsers)
    .values({ name: 'bench', displayName: 'Bench', passwordHash: await hashPassword(PASSWORD), roleId: admin!.id });
  const started = performance.now();
  // 500 contractors; one sensor per installation; communications spread over the five kinds;
  // 1 in 10 installations hidden; last measurements spread over the last 14 days.
  const fill = `
    INSERT INTO contractors (name, type)
      SELECT 'Contractor ' || g, (ARRAY['INDIVIDUAL','ACTION','AMBASSADOR','SMOGFIGHTER'])[1 + g % 4] FROM generate_series(1, 500) g;
    INSERT INTO sensors (sensor_token, communication, status, measured, contractor_id, last_measurement_at)
      SELECT md5('sensor' || g), (ARRAY['GSM','WIFI','LORA','NBIOT','OTHER'])[1 + (g * 7) % 5], 'Installed',
             '["pm1","pm25","pm10","temperature","humidity","pressure"]'::jsonb, 1 + g % 500,
             now() - ((g * 37) % 20160) * interval '1 minute'
      FROM generate_series(1, ${rows}) g;
    INSERT INTO installations (installation_id, sensor_id, installation_date, contractor_id, status, is_visible,
                               latitude, longitude, city, city_local, street, number, measured)
      SELECT g, g, now() - (g % 1500) * interval '1 day', 1 + g % 500, 'Installed', g % 10 <> 0,
             49 + (g % 1000) / 500.0, 15 + (g % 997) / 100.0, 'City ' || (g % 300), 'Miasto ' || (g % 300),
             'Street ' || (g % 5000), (g % 200)::text, '["pm1","pm25","pm10","temperature","humidity","pressure"]'::jsonb
      FROM generate_series(1, ${rows}) g;
    -- current_installation_id is a foreign key: linked once installation g (of sensor g) exists.
    UPDATE sensors SET current_installation_id = id;
    INSERT INTO measurement_summaries (sensor_id, last_measurement_at, values)
      SELECT g, now() - ((g * 37) % 20160) * interval '1 minute', jsonb_build_object('pm25', (g % 80)::float8)
      FROM generate_series(1, ${rows}) g;
    SELECT setval(pg_get_serial_sequence('installations', 'id'), ${rows});
    SELECT setval(pg_get_serial_sequence('sensors', 'id'), ${rows});
    ANALYZE;
  `;
  if (database.pglite) await database.pglite.exec(fill);
  else
    for (const statement of fill.split(/;\s*\n/).filter((s) => s.replace(/--.*$/gm, '').trim()))
      await db.execute(sql.raw(statement));
  console.log(
    `\n(filled ${rows.toLocaleString('en')} sensors and installations in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return benchApp(database, 'bench', PASSWORD);
}

async function main() {
  parseCompileTable();
  console.log(
    `\n2. Default saved queries through the list routes (median of ${RUNS}; page 1, 10 rows; SQL = every statement of the request: tags, page, count, tag values, auth)`,
  );
  await onEachDatabase(async (kind, database) => {
    const demo = await demoDatabase(database);
    try {
      await defaultQueryTable(`${kind} demo data`, demo);
    } finally {
      await demo.close();
    }
  });
  await onEachDatabase(async (kind, database) => {
    const large = await largeDatabase(database, ROWS);
    try {
      await defaultQueryTable(`${kind} ${ROWS} installations (generate_series)`, large);
    } finally {
      await large.close();
    }
  });
}

benchMain(main);
