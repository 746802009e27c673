/**
 * PGlite writes an export's pages with COPY, every cell computed in SQL (server/lists/csvCopy.ts);
 * the row path writes them from the rows through `csvLines` and `csvCell`. The bytes must not depend
 * on the path: one table holds a value of every awkward kind in every kind of cell — formula starts,
 * quotes, separators and line breaks, numbers JavaScript writes differently from PostgreSQL, JSON
 * scalars, lists and objects and the sensors' measured parameters —
 * and the export of it, page by page, must be the row path's, byte for byte. The row path's own
 * pages after the first are read through COPY's text format: their values must be the row protocol's.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORMULA_START_CHARS } from '../../common/csv';
import { clientOf, csvLines, exportLines, exportRows, type ExportCell } from '../../server/lists/csvStream';
import { COPY_UNSURE, jsonNumberText, withCrlf } from '../../server/lists/csvCopy';
import { measuredSql, measuredText } from '../../server/services/main/sensors/export';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * The values of each column: `sure` ones COPY writes as the row path does; `unsure` ones (a JSON
 * list or object, a number JavaScript writes in exponent form or with other digits, the marker
 * character) make COPY write COPY_UNSURE, and their page is written by the row path.
 */
const TEXTS = {
  sure: [
    'plain',
    '',
    ' spaced ',
    ...[...FORMULA_START_CHARS].flatMap((c) => [`${c}SUM(A1)`, `${c}`]),
    '-3.5',
    '+2',
    '-1e-3',
    '.5',
    '-1+2',
    '+48 600 100 200',
    'a;b',
    'say "hi"',
    'line\nbreak',
    'cr\rlf\r\n',
    '"',
    '\\N',
    '\\.',
    'back\\slash',
    'tab\tand \b\f\v controls',
    'Zażółć gęślą jaźń ＝',
    'x'.repeat(400),
    null,
  ],
  unsure: [`control ${COPY_UNSURE} character`],
};
const FLOATS = {
  sure: ['0', '0.1', '52.123456789', '-21.5', '123456789012345', 'NaN', 'Infinity', '-Infinity', null],
  unsure: ['-0', '1e-7', '0.00001', '1e15', '1.5e20', '1e21', '9007199254740994', '5e-324'],
};
const JSONS = {
  sure: [
    'null',
    'true',
    'false',
    '0',
    '-0',
    '12.5',
    '1E+2',
    '"Roof"',
    '"=HYPERLINK(1)"',
    '"-2.5"',
    '"a;b\\"c\\nd"',
    '""',
    '[]',
    '{}',
    '[1, "a", null, true, -2.5]',
    '[null]',
    '["=x", "y"]',
    '{"A": 0, "B": 1.1, "C": -0.25}',
    '{"b": "x\\"y\\\\z\\n\\u0001", "a": null, "é;": true, "x\\ty": false}',
    null,
  ],
  unsure: [
    '52.10',
    '1e-7',
    '0.1000000000000000000001',
    '123456789012345678901234567890',
    '[1, [2]]',
    '[{"a": 1}]',
    '{"b": 1, "a": [2]}',
    '{"b": 1, "10": "x"}',
    '{"a": 1e-7}',
  ],
};
const MEASURED = {
  sure: [null, '[]', '["pm25", "pm10"]', '["a", null, "b"]', '["=cmd"]', '"pm25"', '{}'],
  unsure: ['[1, "a"]', '[{"a": 1}]'],
};
const COLUMNS = { t: TEXTS, f: FLOATS, j: JSONS, m: MEASURED };
const SURE_ROWS = 40;
const UNSURE_ROWS = Object.values(COLUMNS).reduce((n, c) => n + c.unsure.length, 0);

/**
 * Rows 0..SURE_ROWS-1 take sure values only (each column's list in turn); each later row one unsure
 * value in one column, the other columns sure.
 */
beforeAll(async () => {
  await t.ctx.db.execute(sql`create table export_copy_probe (
    id int primary key, t text, f float8, r real, i int, big bigint, n numeric, b boolean, j jsonb, m jsonb)`);
  const unsure = Object.entries(COLUMNS).flatMap(([name, c]) => c.unsure.map((value) => ({ name, value })));
  for (let i = 0; i < SURE_ROWS + UNSURE_ROWS; i++) {
    const v = Object.fromEntries(Object.entries(COLUMNS).map(([name, c]) => [name, c.sure[i % c.sure.length]!]));
    const odd = unsure[i - SURE_ROWS];
    if (odd) v[odd.name] = odd.value;
    await t.ctx.db.execute(sql`insert into export_copy_probe values (${i}, ${v.t}, ${v.f}::float8, ${i / 8}::real,
      ${i - 20}, ${i * 1e9}, ${(i - 10) / 4}::numeric, ${i % 3 === 2 ? null : i % 2 === 0},
      ${v.j}::jsonb, ${v.m}::jsonb)`);
  }
});

const column = (name: string) => sql.raw(`"export_copy_probe"."${name}"`);
const CELLS: ExportCell[] = [
  { sql: column('id') },
  { sql: column('t') },
  { sql: sql`upper(${column('t')})` },
  { sql: column('f') },
  { sql: column('r') },
  { sql: column('i') },
  { sql: column('big') },
  { sql: column('n') },
  { sql: column('b') },
  { sql: sql`null` },
  { sql: column('j'), json: true },
  { sql: sql`${column('j')}::json`, json: true },
  {
    sql: column('j'),
    json: true,
    map: (v) => (typeof v === 'number' ? v : null),
    copyText: jsonNumberText,
  },
  { sql: column('m'), map: measuredText, copyText: measuredSql },
];
const query = (below: number, orderBy = [column('id')]) => ({
  cells: CELLS,
  from: sql.raw('"export_copy_probe"'),
  where: sql`${column('id')} < ${below}`,
  orderBy,
  id: column('id'),
});

async function collect(lines: AsyncIterable<Buffer>): Promise<string> {
  const batches: Buffer[] = [];
  for await (const batch of lines) batches.push(batch);
  return Buffer.concat(batches).toString('utf8');
}

/** The row path's CSV of `q` (pages of 4), and the statements `exportLines` ran for it. */
async function bothPaths(q: ReturnType<typeof query>) {
  const rows: unknown[][] = [];
  for await (const page of exportRows(t.ctx.db, q, 4)) rows.push(...page);
  const { pglite } = clientOf(t.ctx.db) as { pglite: { query: (...args: unknown[]) => Promise<unknown> } };
  const spy = vi.spyOn(pglite, 'query');
  try {
    const written = await collect(exportLines(t.ctx.db, q, 4));
    const statements = spy.mock.calls.map(([text]) => String(text));
    return {
      rows,
      expected: csvLines(rows, CELLS).toString('utf8'),
      written,
      copies: statements.filter((s) => s.startsWith('copy (')).length,
      rowPages: statements.filter((s) => s.includes('with ordinality') && !s.startsWith('copy (')).length,
    };
  } finally {
    spy.mockRestore();
  }
}

// COPY is PGlite's path; on PostgreSQL both are the cursor's rows, compared by the last test alone.
it.skipIf(usePostgres)('writes every awkward value COPY can spell as the row path does, by COPY alone', async () => {
  const { rows, expected, written, copies, rowPages } = await bothPaths(query(SURE_ROWS));
  expect(rows).toHaveLength(SURE_ROWS);
  expect(written).toBe(expected);
  // The first page is read as rows, so the answer starts at once; every other page is a COPY.
  expect(copies).toBe(SURE_ROWS / 4 - 1);
  expect(rowPages).toBe(0);
});

it.skipIf(usePostgres)('writes a page holding a value COPY cannot spell by the row path, the same bytes', async () => {
  const { rows, expected, written, copies, rowPages } = await bothPaths(query(SURE_ROWS + UNSURE_ROWS));
  expect(rows).toHaveLength(SURE_ROWS + UNSURE_ROWS);
  expect(written).toBe(expected);
  expect(copies).toBe(Math.ceil((SURE_ROWS + UNSURE_ROWS) / 4) - 1);
  expect(rowPages).toBe(Math.ceil(UNSURE_ROWS / 4));
});

it('writes the same bytes whatever the page size and order', async () => {
  const q = query(SURE_ROWS + UNSURE_ROWS, [sql`${column('t')} desc nulls last`, column('id')]);
  const whole = await collect(exportLines(t.ctx.db, q, 1_000));
  expect(await collect(exportLines(t.ctx.db, q, 1))).toBe(whole);
  const rows: unknown[][] = [];
  for await (const page of exportRows(t.ctx.db, q, 7)) rows.push(...page);
  expect(whole).toBe(csvLines(rows, CELLS).toString('utf8'));
});

// The row path reads PGlite's pages after the first through COPY's text format (`copyRows`).
it('reads every page after the first as the values the row protocol gives', async () => {
  const q = query(SURE_ROWS + UNSURE_ROWS, [sql`${column('t')} desc nulls last`, column('id')]);
  const rowsOf = async (pageSize: number) => {
    const rows: unknown[][] = [];
    // (PGlite's first page also holds each row's id, after the cells.)
    for await (const page of exportRows(t.ctx.db, q, pageSize)) rows.push(...page.map((r) => r.slice(0, CELLS.length)));
    return rows;
  };
  // One page: the first, read through the row protocol.
  const oneRead = await rowsOf(1_000);
  const { pglite } = clientOf(t.ctx.db) as { pglite?: { query: (...args: unknown[]) => Promise<unknown> } };
  const spy = pglite && vi.spyOn(pglite, 'query');
  try {
    expect(await rowsOf(3)).toEqual(oneRead);
    if (spy)
      expect(spy.mock.calls.filter(([text]) => String(text).startsWith('copy (')).length).toBe(
        Math.ceil(oneRead.length / 3) - 1,
      );
  } finally {
    spy?.mockRestore();
  }
  expect(oneRead).toHaveLength(SURE_ROWS + UNSURE_ROWS);
});

it('ends every line with CRLF and keeps a line break inside a quoted value', () => {
  expect(withCrlf('a;b\nc;"d\ne"\n"x""\ny";z\n')).toBe('a;b\r\nc;"d\ne"\r\n"x""\ny";z\r\n');
  expect(withCrlf('')).toBe('');
});
