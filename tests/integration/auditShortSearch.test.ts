/**
 * Audit log searches of 1 or 2 characters, over HTTP on PGlite (and PostgreSQL with TEST_DB=postgres):
 * they match exactly the rows a plain `ILIKE '%…%'` over the search document matches, and they are
 * answered from a GIN index instead of a scan of audit_logs: the character-set index of migration
 * 0011 for one character, the character-pair index of migration 0012 for two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PermissionSet } from '../../common/permissions';
import type { Principal } from '../../server/auth/sessions';
import { likePattern } from '../../server/http/paging';
import { planPagedWindow } from '../../server/lists/sorting';
import {
  adminAuditLogs,
  AUDIT_PAGE,
  commonAmongNewest,
  SEARCH_DOCUMENT,
  shortSearchKeys,
} from '../../server/services/main/audit/repository';
import { LIST_COUNT_CAP } from '../../server/lists/endpoint';
import { type AuditLogQuery } from '../../server/services/main/audit/schemas';
import { createTestApp, type TestApp } from '../support/testApp';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Rows whose text exercises case, accents, LIKE wildcards, the field separator and 2-character
  // pairs across a word boundary; the seed's own audit rows stay in the table too.
  const messages = [
    'Zebra crossing moved',
    'zebra CROSSING',
    'Qi gong session',
    'Café opened',
    'CAFÉ closed',
    '50% off, under_score and back\\slash',
    'a',
    'ab',
    'x y',
    'ñandú sighted',
  ];
  for (const [i, message] of messages.entries()) {
    await t.ctx.db.execute(
      sql`insert into audit_logs (user_id, user_name, event_type, source_name, message)
          values (null, ${i % 2 ? 'Quentin' : null}, 'SensorsOrdered', ${i % 3 ? 'Console' : 'Kiosk'}, ${message})`,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const adminLogs = async (search: string) => {
  const res = await t.call('GET', `/api/audit/logs/admin?limit=1000&search=${encodeURIComponent(search)}`, {
    token: await t.tokenOf('admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { logs: { logId: number }[] }; meta: { totalCount: number; capped: boolean } };
};

/** The ids a plain ILIKE over the search document matches, newest first: the reference. */
const ilikeIds = async (search: string) =>
  (
    await rowsOf<{ log_id: number | string }>(
      t.ctx.db.execute(
        sql`select log_id from audit_logs where ${SEARCH_DOCUMENT} ilike ${likePattern(search)} order by log_id desc`,
      ),
    )
  ).map((r) => Number(r.log_id));

/** The index that serves a (trimmed) short search. */
const indexOf = (search: string) =>
  [...search].length === 2 ? 'audit_logs_search_pairs_idx' : 'audit_logs_search_chars_idx';

/** The ids the short-search predicate matches when the planner may only read it from an index. */
const indexedIds = async (search: string) =>
  t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const where = sql`${SEARCH_DOCUMENT} ilike ${likePattern(search)} and ${shortSearchKeys(search)}`;
    const plan = await rowsOf<Record<string, string>>(
      tx.execute(sql`explain select log_id from audit_logs where ${where}`),
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain(indexOf(search));
    const rows = await rowsOf<{ log_id: number | string }>(
      tx.execute(sql`select log_id from audit_logs where ${where} order by log_id desc`),
    );
    return rows.map((r) => Number(r.log_id));
  });

/** The admin list's query for a search (and a sort), as the route builds it. */
const adminQuery = (search: string, sort: Partial<AuditLogQuery> = {}) =>
  ({ page: 1, limit: 100, sortBy: 'logId', order: 'desc', descending: 'true', search, ...sort }) as AuditLogQuery;

/** The admin list's WHERE for a search, as the route builds it. */
const adminWhere = async (search: string) => {
  const principal = { user: { id: 1 }, permissions: new PermissionSet([]) } as unknown as Principal;
  return (await adminAuditLogs.where({
    db: t.ctx.db,
    query: adminQuery(search),
    params: undefined,
    principal,
  } as never)) as SQL;
};

/** The admin list's page statement for a search and a sort, as the route sends it. */
const adminPage = async (search: string, sort: Partial<AuditLogQuery>) => {
  const window = planPagedWindow(
    adminQuery(search, sort),
    adminAuditLogs.sort,
    adminAuditLogs.tieBreak,
    new PermissionSet([]),
  );
  const where = search ? await adminWhere(search) : undefined;
  return AUDIT_PAGE.statement(where, window);
};

/** The plan of a statement when the planner may not scan the table (at this size a scan is cheapest). */
const planWithoutSeqScan = (statement: SQL) =>
  t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await rowsOf<Record<string, string>>(tx.execute(sql`explain ${statement}`));
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });

/** The route's two statements: the page (newest first) and the capped count. */
const routeStatements = (where: SQL) => [
  sql`select log_id from audit_logs where ${where} order by log_id desc limit 100`,
  sql`select count(*) from (select 1 from audit_logs where ${where} limit ${LIST_COUNT_CAP + 1}) as matches`,
];

/** 1- and 2-character searches: letters in both cases, accents, wildcards, spaces, digits, misses. */
const SHORT_SEARCHES = [
  'z',
  'Z',
  'q',
  'é',
  'É',
  'ñ',
  '%',
  '_',
  '\\',
  '5',
  'x',
  'ze',
  'ZE',
  'qu',
  'fé',
  'É ',
  'x ',
  ' y',
  '0%',
  'r_',
  'k\\',
  'a',
  'ab',
  'jj',
];

/**
 * The admin logs route's answer to `search` is the reference's: its rows (the first 1,000) and its
 * total (capped). Returns the reference's ids.
 */
async function expectRouteMatchesIlike(search: string): Promise<number[]> {
  // The route trims a search; the reference gets the trimmed text.
  const expected = await ilikeIds(search.trim());
  const body = await adminLogs(search);
  expect(
    body.data.logs.map((r) => r.logId),
    search,
  ).toEqual(expected.slice(0, 1000));
  expect(body.meta.totalCount, search).toBe(Math.min(expected.length, LIST_COUNT_CAP));
  return expected;
}

describe('short audit searches', () => {
  it('match exactly the rows a plain ILIKE matches, through the route and through the index', async () => {
    for (const search of SHORT_SEARCHES) {
      const expected = await expectRouteMatchesIlike(search);
      expect(await indexedIds(search.trim()), search).toEqual(expected);
    }
    // The fixtures are found at all (the reference is not trivially empty).
    expect((await ilikeIds('é')).length).toBeGreaterThanOrEqual(2);
    expect((await ilikeIds('ZE')).length).toBeGreaterThanOrEqual(2);
  });

  it('are answered from the index, never by a scan of audit_logs, once the table is large', async () => {
    // 20,000 short rows (the index's cost grows with the text): none holds a 'j', a 'w' or the pair
    // 'ke'; four hold 'Zq'. Every row holds an 'o', an 'e' and an 's', but no row holds the pairs
    // 'os' or 'es': the character sets cannot narrow those, the pairs can.
    await t.ctx.db.execute(
      sql`insert into audit_logs (user_id, user_name, event_type, source_name, message)
          select (i % 40) + 1, 'u' || ((i % 40) + 1), 'SensorStatusChanged', 'Console',
                 case when i % 5000 = 7 then 'Gate Zq-' || i else 'Sensor ' || i end
          from generate_series(1, 20000) as g(i)`,
    );
    // VACUUM also moves the new rows out of the GIN pending lists, which the planner costs as read in full.
    await t.ctx.db.execute(sql`vacuum analyze audit_logs`);
    for (const search of ['j', 'w', 'zq', 'ke', 'os', 'es']) {
      const where = await adminWhere(search);
      for (const statement of routeStatements(where)) {
        const plan = (await rowsOf<Record<string, string>>(t.ctx.db.execute(sql`explain ${statement}`)))
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(plan, search).toContain(indexOf(search));
        expect(plan, search).not.toMatch(/Seq Scan on audit_logs/);
      }
      // The index hands over exactly the rows that match, not every row holding the characters.
      const analyzed = (
        await rowsOf<Record<string, string>>(
          t.ctx.db.execute(
            sql`explain (analyze, costs off, timing off, summary off) select log_id from audit_logs where ${where} order by log_id desc limit 100`,
          ),
        )
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
      const fromIndex = /Bitmap Index Scan on audit_logs_search_\w+_idx \(actual rows=(\d+)/.exec(analyzed);
      expect(fromIndex, analyzed).not.toBeNull();
      expect(Number(fromIndex![1]), `${search}\n${analyzed}`).toBe((await ilikeIds(search)).length);
    }
    expect((await adminLogs('zq')).meta.totalCount).toBe(4);
    // A search in most of the newest rows is left to the ILIKE (walking log_id from the newest row
    // finds its matches at once; the index would hand over the whole table), with the same answer.
    const common = await adminLogs('se');
    const expected = await ilikeIds('se');
    expect(common.data.logs.map((r) => r.logId)).toEqual(expected.slice(0, 1000));
    expect(common.meta.totalCount).toBe(Math.min(expected.length, LIST_COUNT_CAP));
    expect(await commonAmongNewest(t.ctx.db, 'se')).toBe(true);
    expect(await commonAmongNewest(t.ctx.db, 'os')).toBe(false);
    expect((await adminLogs('os')).meta.totalCount).toBe(await ilikeIds('os').then((ids) => ids.length));
  });

  it('walks log_id for a common search of any length, and leaves the trigram index to rare ones', async () => {
    // Runs after the 20,000 "Sensor …" rows above: "sensor" is in nearly every row, "gate zq" in four.
    const planOf = async (search: string) => {
      const where = await adminWhere(search);
      // At this size a scan of the table is cheapest; without it, the planner shows which index it would take.
      return t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plans = [];
        for (const statement of routeStatements(where))
          plans.push(...(await rowsOf<Record<string, string>>(tx.execute(sql`explain ${statement}`))));
        return plans.map((r) => Object.values(r)[0]).join('\n');
      });
    };
    const common = await planOf('sensor');
    expect(common).not.toContain('audit_logs_search_trgm_idx');
    expect(await planOf('gate zq')).toContain('audit_logs_search_trgm_idx');
    for (const search of ['sensor', 'gate zq']) await expectRouteMatchesIlike(search);
  });

  it('lets the planner expect a common search to match many rows, so a sorted page walks its index', async () => {
    // Runs after the 20,000 "Sensor …" rows above. The planner cannot estimate an ILIKE over the
    // search document: it expected 320 of 1,000,000 rows to hold "sensor" (a third did), so a page
    // sorted by source scanned and sorted every match (517 ms). Told that a common search matches
    // many rows, it walks the sort's index and stops after a page (2.9 ms).
    const where = await adminWhere('sensor');
    const [counted] = await rowsOf<{ n: number }>(
      t.ctx.db.execute(sql`select count(*)::int as n from audit_logs where ${where}`),
    );
    const [estimate] = await rowsOf<Record<string, string>>(
      t.ctx.db.execute(sql`explain select 1 from audit_logs where ${where}`),
    );
    const expected = Number(/rows=(\d+)/.exec(Object.values(estimate!)[0]!)![1]);
    expect(expected, 'rows the planner expects').toBeGreaterThanOrEqual(counted!.n / 4);
    const bySource = await planWithoutSeqScan(await adminPage('sensor', { sortBy: 'sourceName', descending: 'false' }));
    expect(bySource).toContain('audit_logs_source_idx');
    expect(bySource).not.toMatch(/Sort/);
    await expectRouteMatchesIlike('sensor');
  });

  it('pages the list by user name, descending, from an index', async () => {
    // The order is user_name DESC NULLS LAST (system events last): the ascending index read backwards
    // gives NULLS FIRST, so the whole table was sorted for a page (243 ms at 1,000,000 rows).
    const descending = await planWithoutSeqScan(await adminPage('', { sortBy: 'userName', descending: 'true' }));
    expect(descending).toContain('audit_logs_user_name_desc_idx');
    expect(descending).not.toMatch(/Sort/);
    const ascending = await planWithoutSeqScan(await adminPage('', { sortBy: 'userName', descending: 'false' }));
    expect(ascending).toContain('audit_logs_user_name_idx');
    expect(ascending).not.toMatch(/Sort/);
  });
});
