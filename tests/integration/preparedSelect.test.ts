/**
 * The lists' prepared SELECTs (server/lists/preparedSelect.ts) read their rows as arrays and map
 * them with drizzle's own row mapping, which the package exports but types as internal: each shape
 * the lists select — a whole table nested under a key, left-joined columns that are null, a SQL
 * value with its decoder, timestamps, json, every column of a declared list's table — must come back
 * exactly as drizzle's select builder gives the same selection, filter and window (demo seed).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, getTableColumns, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../support/testApp';
import { contractors, deployments, installationRequests, sensorModels } from '../../server/db/schema';
import { preparedSelect } from '../../server/lists/preparedSelect';
import type { PageWindow } from '../../server/lists/sorting';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The builder's rows of `query` with `where` and `window`, as a list page read them before. */
const builderRows = (query: PgSelect, where: SQL | undefined, window: PageWindow) =>
  query
    .where(where)
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);

const window = (orderBy: SQL[], limit = 50, offset = 0): PageWindow => ({ orderBy, limit, offset });

it('reads a whole table and left-joined columns as the builder does, nulls and Dates included', async () => {
  const fields = {
    q: installationRequests,
    contractorName: contractors.name,
    contractorLogo: contractors.logo,
  };
  const page = preparedSelect(fields, (select) =>
    select.from(installationRequests).leftJoin(contractors, eq(contractors.id, installationRequests.contractorId)),
  );
  const w = window([sql`${installationRequests.id} desc`]);
  const expected = await builderRows(
    t.ctx.db
      .select(fields)
      .from(installationRequests)
      .leftJoin(contractors, eq(contractors.id, installationRequests.contractorId))
      .$dynamic(),
    undefined,
    w,
  );
  const rows = await page.rows(t.ctx.db, undefined, w);
  expect(rows.length, 'the demo seed has requests').toBeGreaterThan(1);
  expect(rows.some((r) => r.contractorName === null)).toBe(true);
  expect(rows[0]!.q.createdAt).toBeInstanceOf(Date);
  expect(rows).toEqual(expected);
});

it('decodes a SQL value by its decoder and filters and pages as the builder does', async () => {
  const installed = sql`(select count(*) from installations i where i.contractor_id = ${contractors.id})`.mapWith(
    Number,
  );
  const fields = { c: contractors, installed };
  const page = preparedSelect(fields, (select) => select.from(contractors));
  const where = isNotNull(contractors.name);
  const w = window([sql`${contractors.name}`, sql`${contractors.id}`], 3, 2);
  const expected = await builderRows(t.ctx.db.select(fields).from(contractors).$dynamic(), where, w);
  const rows = await page.rows(t.ctx.db, where, w);
  expect(rows).toHaveLength(3);
  expect(typeof rows[0]!.installed).toBe('number');
  expect(rows).toEqual(expected);
});

it('reads every column of a table (a declared list) and json columns as the builder does', async () => {
  for (const table of [sensorModels, deployments]) {
    const columns = getTableColumns(table);
    const page = preparedSelect(columns, (select) => select.from(table));
    const w = window([sql`1`], 20);
    const expected = await builderRows(t.ctx.db.select(columns).from(table).$dynamic(), undefined, w);
    expect(await page.rows(t.ctx.db, undefined, w)).toEqual(expected);
  }
});

it('counts the rows of the same FROM, joins included, all of them or up to a cap', async () => {
  const page = preparedSelect({ c: contractors, request: installationRequests.id }, (select) =>
    select.from(contractors).leftJoin(installationRequests, eq(installationRequests.contractorId, contractors.id)),
  );
  for (const where of [undefined, isNotNull(contractors.logo)]) {
    const [expected] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractors)
      .leftJoin(installationRequests, eq(installationRequests.contractorId, contractors.id))
      .where(where);
    const n = Number(expected!.n);
    expect(n, 'the demo seed has contractors with several requests').toBeGreaterThan(3);
    expect(await page.count(t.ctx.db, where)).toBe(n);
    expect(await page.count(t.ctx.db, where, 3)).toBe(3);
    expect(await page.count(t.ctx.db, where, n + 5)).toBe(n);
  }
});
