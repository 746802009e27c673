/**
 * `manyArrayRows` reads a SELECT of many rows on PGlite through COPY's text format: its rows must be
 * the ones `arrayRows` reads through the row protocol (drizzle's session: dates and times as
 * PostgreSQL's text), for values of every kind a list selects, and a statement COPY cannot take
 * must still be answered.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { arrayRows, manyArrayRows } from '../../server/db/arrayRows';
import { pgliteOf } from '../../server/db';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TEXTS = [
  'plain',
  '',
  'tab\there',
  'line\nbreak\r\n',
  'back\\slash',
  '\\N',
  'Zażółć ＝',
  'ctl \u0001\b\f\v',
  null,
];

const statement = (extra = sql``) => sql`
  select g::int4, (g * 10000000000)::int8, (g / 3.0)::numeric(12, 4), g / 7.0::float8, (g % 2 = 0),
         (array[${sql.join(
           TEXTS.map((x) => sql`${x}`),
           sql`, `,
         )}]::text[])[1 + g % ${TEXTS.length}],
         jsonb_build_object('g', g, 's', 'a"b\\c'), to_json(g)::json,
         timestamptz '2026-11-28 12:34:56.789+00' + g * interval '1 hour',
         timestamp '2026-01-01 00:00:00' + g * interval '1 day', date '2026-03-01' + g, g * interval '90 minutes',
         array[g, g + 1]::int4[]
  from generate_series(1, 40) g ${extra} order by g`;
const TYPES = [
  types.INT4,
  types.INT8,
  types.NUMERIC,
  types.FLOAT8,
  types.BOOL,
  types.TEXT,
  types.JSONB,
  types.JSON,
  types.TIMESTAMPTZ,
  types.TIMESTAMP,
  types.DATE,
  types.INTERVAL,
  1007, // int4[]
];

/** The rows of `query` both ways, and how many COPY statements `manyArrayRows` sent. */
async function bothWays(query: ReturnType<typeof statement>) {
  const expected = await arrayRows(t.ctx.db, query);
  const pglite = pgliteOf(t.ctx.db);
  const spy = pglite && vi.spyOn(pglite, 'query');
  try {
    const rows = await manyArrayRows(t.ctx.db, query, TYPES);
    const copies = spy ? spy.mock.calls.filter(([text]) => String(text).startsWith('copy (')).length : 0;
    return { expected, rows, copies };
  } finally {
    spy?.mockRestore();
  }
}

it('reads the values arrayRows reads, through one COPY on PGlite', async () => {
  const { expected, rows, copies } = await bothWays(statement());
  expect(expected).toHaveLength(40);
  expect(rows).toEqual(expected);
  expect(copies).toBe(usePostgres ? 0 : 1);
  // Dates and times as PostgreSQL's text, as drizzle's sessions hand them over on both databases.
  expect(typeof rows[0]![8]).toBe('string');
});

it('runs a statement with a parameter COPY cannot take in as before', async () => {
  const { expected, rows, copies } = await bothWays(statement(sql`where ${new Date('2026-01-01T00:00:00Z')} < now()`));
  expect(expected).toHaveLength(40);
  expect(rows).toEqual(expected);
  expect(copies).toBe(0);
});
