/**
 * Audit-log search benchmark: fills N audit rows (default 1,000,000) with generate_series, then
 * times the queries of GET /audit/logs/{personal,admin} (the list builder's `pagedListBody` over the
 * routes' own repositories: one page plus the count) without and with the search indexes (trigrams,
 * migration 0001; character sets for 1–2 character searches, migration 0011; character pairs for
 * 2-character searches, migration 0012), dropped and re-created in the same run: on PGlite, then on
 * PostgreSQL when BENCH_DATABASE_URL is set. Each timed case is also printed as a
 * `name, value, unit, baseline, ratio` line, the baseline being the same case without the indexes.
 *
 *   npx tsx bench/audit-search.ts                       # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/audit-search.ts
 *                                                       # then PostgreSQL: a throwaway database on that server
 *   BENCH_ONLY=pglite|postgres …                        # one of them
 *   BENCH_ROWS=200000 BENCH_RUNS=5 …                    # smaller fill, more repetitions
 *   BENCH_KEEP=1 …                                      # keep the PostgreSQL database for EXPLAIN ANALYZE
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { AUDIT_EVENT_TYPES } from '../common/auditEvents';
import { AUDIT_DEFAULT_PAGE_SIZE } from '../common/domain';
import { MIGRATIONS_DIR, openDatabase, type Database, type Db } from '../server/db';
import { benchMain, scratchPostgres } from './support';
import { PermissionSet } from '../common/permissions';
import type { Principal } from '../server/auth/sessions';
import { pagedListBody } from '../server/lists/endpoint';
import { adminAuditLogs, personalAuditLogs } from '../server/services/main/audit/repository';
import { AUDIT_LIST_OPTIONS, type AuditLogQuery } from '../server/services/main/audit/schemas';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USERS = 40;
/** The search indexes exactly as migrations create them: trigrams (0001), character sets for 1–2 character searches (0011), character pairs (0012). */
const SEARCH_INDEXES = [
  { name: 'audit_logs_search_trgm_idx', migration: '0001_audit_search.sql' },
  { name: 'audit_logs_search_chars_idx', migration: '0011_audit_short_search.sql' },
  { name: 'audit_logs_search_pairs_idx', migration: '0012_audit_pair_search.sql' },
].map(({ name, migration }) => ({
  name,
  create: fs
    .readFileSync(path.join(MIGRATIONS_DIR, migration), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('CREATE INDEX'))!,
}));
/** The word of the rare search appears in 1 row out of 100,000. */
const RARE = 'zanzibar';
/** The word of the common search appears in about a third of the rows. */
const COMMON = 'sensor';
/** The user whose personal logs are timed; the rare word is in some of their rows. */
const PERSONAL_USER = 3;

interface Case {
  name: string;
  query: Partial<AuditLogQuery>;
  user?: number;
  search?: boolean;
}

const CASES: Case[] = [
  { name: 'admin list, page 1', query: {} },
  { name: 'admin list, page 50, by date asc', query: { page: 50, sortBy: 'createdDate', descending: 'false' } },
  { name: 'personal list, page 1', query: {}, user: PERSONAL_USER },
  { name: 'admin type filter', query: { type: 'SensorStatusChanged' } },
  { name: 'personal type filter', query: { type: 'SensorStatusChanged' }, user: PERSONAL_USER },
  { name: `admin search rare "${RARE}"`, query: { search: RARE }, search: true },
  { name: `admin search common "${COMMON}"`, query: { search: COMMON }, search: true },
  { name: 'admin search rare + type', query: { search: RARE, type: 'BinaryActivated' }, search: true },
  { name: `personal search rare "${RARE}"`, query: { search: RARE }, user: PERSONAL_USER, search: true },
  { name: `personal search common "${COMMON}"`, query: { search: COMMON }, user: PERSONAL_USER, search: true },
  {
    name: `admin search common, by source`,
    query: { search: COMMON, sortBy: 'sourceName', descending: 'false' },
    search: true,
  },
  { name: 'admin list, by user name', query: { sortBy: 'userName' } },
  { name: 'admin search sensor id "23757"', query: { search: 'Sensor 23757 ' }, search: true },
  // Short searches (1–2 characters): the trigram index cannot answer them.
  { name: 'admin search 1 char rare "z"', query: { search: 'z' }, search: true },
  { name: 'admin search 1 char absent "q"', query: { search: 'q' }, search: true },
  { name: 'admin search 2 chars rare "ZI"', query: { search: 'ZI' }, search: true },
  { name: 'admin search 2 chars absent "qx"', query: { search: 'qx' }, search: true },
  { name: 'admin search 1 char common "e"', query: { search: 'e' }, search: true },
  { name: 'admin search 2 chars common "se"', query: { search: 'se' }, search: true },
  { name: 'admin search 2 chars mid "ak"', query: { search: 'ak' }, search: true },
  { name: 'admin search 2 common chars, absent "ts"', query: { search: 'ts' }, search: true },
  { name: 'admin search 2 common chars, rare "zi"', query: { search: 'zi' }, search: true },
  { name: 'admin search 2 chars in every row "us"', query: { search: 'us' }, search: true },
  { name: 'personal search 2 common chars "ts"', query: { search: 'ts' }, user: PERSONAL_USER, search: true },
  { name: 'personal search 1 char rare "z"', query: { search: 'z' }, user: PERSONAL_USER, search: true },
  { name: 'personal search 2 chars absent "qx"', query: { search: 'qx' }, user: PERSONAL_USER, search: true },
  { name: 'admin search 1 char rare + type', query: { search: 'z', type: 'BinaryActivated' }, search: true },
];

function fullQuery(q: Partial<AuditLogQuery>): AuditLogQuery {
  return { page: 1, limit: AUDIT_DEFAULT_PAGE_SIZE, sortBy: 'logId', order: 'desc', descending: 'true', ...q };
}

interface AuditPage {
  data: { logs: unknown[] };
  meta: { totalCount: number; capped: boolean };
}

/** What the route answers: the admin list, or `user`'s personal list. */
function listLogs(db: Db, query: AuditLogQuery, user?: number): Promise<AuditPage> {
  const principal = { user: { id: user ?? 0 }, permissions: new PermissionSet([]) } as unknown as Principal;
  const repo = user === undefined ? adminAuditLogs : personalAuditLogs;
  return pagedListBody(db, repo, AUDIT_LIST_OPTIONS, {
    query,
    params: undefined,
    principal,
  }) as Promise<unknown> as Promise<AuditPage>;
}

async function exec(db: Db, statement: string) {
  await db.execute(sql.raw(statement));
}

async function fill(db: Db) {
  const types = AUDIT_EVENT_TYPES.map((t) => `'${t}'`).join(',');
  // Deterministic pseudo-random rows: 40 users, every event type, five message shapes, a rare word
  // in one row of 100,000. Inserted in chunks so PGlite's memory stays flat.
  const chunk = 200_000;
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await exec(
      db,
      `INSERT INTO audit_logs (created_date, user_id, user_name, event_type, source_name, message)
       SELECT now() - ((${ROWS} - i) * interval '30 seconds'),
              CASE WHEN i % 50 = 0 THEN NULL ELSE ((i % ${USERS}) + 1)::int END,
              CASE WHEN i % 50 = 0 THEN 'system' ELSE 'user' || ((i % ${USERS}) + 1) END,
              (ARRAY[${types}])[((hashtext(i::text) & 2147483647) % ${AUDIT_EVENT_TYPES.length}) + 1],
              (ARRAY['Console','Integration token','Simulator','System','Sign-in'])[(i % 5) + 1],
              CASE
                WHEN i % 100000 = 4242 THEN 'Firmware rollback on gateway ${RARE}-' || i
                WHEN i % 3 = 0 THEN 'Sensor ' || (i * 7919 % 250000) || ' status changed from Ready to Installed'
                WHEN i % 3 = 1 AND i % 2 = 0 THEN 'Installation ' || (i * 104729 % 90000) || ' address changed to ' ||
                     (ARRAY['Main Street','Oak Avenue','Pine Road','Maple Lane','Cedar Court'])[(i % 5) + 1] || ' ' || (i % 300)
                WHEN i % 3 = 1 THEN 'Token "ci-' || (i % 1000) || '" created with ' || (i % 17) || ' permissions'
                WHEN i % 4 = 0 THEN 'Contractor ' || md5(i::text) || ' updated'
                ELSE 'Deployment ' || (i % 5000) || ' halted by operator'
              END
       FROM generate_series(${from}::bigint, ${to}::bigint) AS g(i)`,
    );
  }
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
}

/** Median of RUNS timed runs after one warm-up run. */
async function measure(db: Db, c: Case): Promise<{ ms: number; rows: number; total: number; capped: boolean }> {
  const q = fullQuery(c.query);
  const warm = await listLogs(db, q, c.user);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await time(() => listLogs(db, q, c.user))).ms);
  times.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(times.length / 2)]!,
    rows: warm.data.logs.length,
    total: warm.meta.totalCount,
    capped: warm.meta.capped,
  };
}

/** The plan of the admin list's page query for a search, with the route's own predicate. */
async function explain(db: Db, search: string): Promise<string> {
  const principal = { user: { id: 0 }, permissions: new PermissionSet([]) } as unknown as Principal;
  const where = await adminAuditLogs.where({
    db,
    query: fullQuery({ search }),
    params: undefined,
    permissions: principal.permissions,
    principal,
  });
  const res = await db.execute(
    sql`EXPLAIN SELECT log_id FROM audit_logs WHERE ${where} ORDER BY log_id DESC LIMIT 100`,
  );
  const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
  // The plan's nodes only: the newline separator inside the expression splits its conditions over several rows.
  return rows
    .map((r) => String(Object.values(r)[0]))
    .filter((line) => /->|^[A-Z]/.test(line))
    .map((line) => `    ${line}`)
    .join('\n');
}

async function openTargets(): Promise<{ database: Database; label: string; cleanup(): Promise<void> }[]> {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  const targets = [];
  if (only !== 'postgres') {
    const database = await openDatabase({});
    targets.push({ database, label: 'PGlite (in memory)', cleanup: () => database.close() });
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (only !== 'pglite' && url) {
    const { database, name, drop } = await scratchPostgres(url);
    const version = (await database.db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
      rows: { v: string }[];
    };
    targets.push({ database, label: `PostgreSQL ${version.rows[0]?.v} (database ${name})`, cleanup: drop });
  } else if (only !== 'pglite') console.log('(set BENCH_DATABASE_URL to also run on PostgreSQL)');
  return targets;
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;

async function main() {
  for (const target of await openTargets()) await run(target);
}

async function run({ database, label, cleanup }: { database: Database; label: string; cleanup(): Promise<void> }) {
  const db = database.db;
  const short = label.split(' ')[0];
  const lines: string[] = [];
  try {
    console.log(`Audit search benchmark on ${label}: ${ROWS.toLocaleString('en')} rows, median of ${RUNS} runs`);
    for (const index of SEARCH_INDEXES) await exec(db, `DROP INDEX IF EXISTS ${index.name}`);
    const filled = await time(() => fill(db));
    await exec(db, 'VACUUM ANALYZE audit_logs');
    console.log(`  fill + vacuum: ${(filled.ms / 1000).toFixed(1)} s`);

    const without = new Map<string, number>();
    console.log('\nWithout the search indexes:');
    for (const c of CASES) {
      const m = await measure(db, c);
      without.set(c.name, m.ms);
      console.log(
        `  ${c.name.padEnd(40)} ${fmt(m.ms)}  (${m.rows} rows of ${m.total.toLocaleString('en')}${m.capped ? '+' : ''})`,
      );
    }

    for (const index of SEARCH_INDEXES) {
      const built = await time(() => exec(db, index.create));
      console.log(`\nIndex ${index.name} built in ${(built.ms / 1000).toFixed(1)} s`);
    }
    // VACUUM as autovacuum would: GIN costs its pending list and missing statistics as read in full.
    await exec(db, 'VACUUM ANALYZE audit_logs');
    console.log(`  plan of the rare search:\n${await explain(db, RARE)}`);
    console.log(`  plan of the rare 1-character search:\n${await explain(db, 'z')}`);
    console.log(`  plan of the 2-character search "ts":\n${await explain(db, 'ts')}`);

    console.log('\nWith the search indexes:');
    console.log(`  ${'case'.padEnd(40)} ${'with'.padStart(11)} ${'without'.padStart(11)}   ratio`);
    for (const c of CASES) {
      const m = await measure(db, c);
      const before = without.get(c.name)!;
      const ratio = c.search ? `${(before / m.ms).toFixed(1)}x faster` : '(no search)';
      console.log(
        `  ${c.name.padEnd(40)} ${fmt(m.ms)} ${fmt(before)}   ${ratio}   (${m.rows} rows of ${m.total.toLocaleString('en')}${m.capped ? '+' : ''})`,
      );
      lines.push(
        `${short} ${ROWS} rows: ${c.name.replaceAll(',', ';')}, ${m.ms.toFixed(1)}, ms, ${before.toFixed(1)}, ${(m.ms / before).toFixed(2)}`,
      );
    }
    console.log('\nname, value, unit, baseline (without the search indexes), ratio');
    for (const l of lines) console.log(l);
  } finally {
    await cleanup();
  }
}

benchMain(main);
