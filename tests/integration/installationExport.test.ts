/**
 * GET /installations/export: every installation matching the list's query, in the list's order, as
 * CSV streamed from the list builder — with the same field gating as the JSON rows, and the columns
 * of the preset on screen when `columns` names them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSV_BOM, csvLine } from '../../common/csv';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  sales = await t.tokenOf('sales');
});
afterAll(() => t?.close());

const url = (params: Record<string, string>) => `/api/installations/export?${new URLSearchParams(params)}`;

/** The CSV as rows of cells (the seed's values hold no separators or quotes in the columns read here). */
function parse(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
}

async function listIds(token: string, params: Record<string, string>) {
  const res = await t.call('GET', `/api/installations?${new URLSearchParams({ limit: '1000', ...params })}`, { token });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return {
    ids: body.data.installations.map((r: { installationId: number }) => String(r.installationId)),
    total: body.meta.totalCount as number,
  };
}

it('writes every matching row in the order of the list', async () => {
  const res = await t.call('GET', url({ sortBy: 'city', order: 'desc' }), { token: admin });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toContain('installations.csv');
  const [header, ...rows] = parse(res.body);
  const col = header!.indexOf('installationId');
  const { ids, total } = await listIds(admin, { sortBy: 'city', order: 'desc' });
  expect(total).toBeGreaterThan(500);
  expect(ids).toHaveLength(total);
  expect(rows.map((r) => r[col])).toEqual(ids);
});

it('writes each cell as the JSON list shows it (dates, JSON columns, tag values, empty values)', async () => {
  // The export reads its cells its own way (in SQL, server/lists/csvStream.ts): the
  // seed's suspensions, factors, tags, alternative addresses and removed installations must come out
  // as the list's JSON rows do.
  const query = 'removedAt != null or pm25Suspended = true or alternativeAddress1 != null or contactEmail != null';
  const res = await t.call('GET', url({ query, sortBy: 'installationId' }), { token: admin });
  expect(res.statusCode).toBe(200);
  const lines = res.body.slice(1).split('\r\n');
  const header = lines[0]!.split(';');
  const list = await t.call(
    'GET',
    `/api/installations?${new URLSearchParams({ query, sortBy: 'installationId', limit: '1000' })}`,
    {
      token: admin,
    },
  );
  const rows = list.json().data.installations as Record<string, unknown>[];
  expect(rows.length).toBeGreaterThan(50);
  expect(
    rows.some((r) => r.removedAt) && rows.some((r) => r.pm25Factors) && rows.some((r) => r.alternativeAddress1),
  ).toBe(true);
  expect(header).toEqual(
    expect.arrayContaining(['latitude', 'longitude', 'date', 'alternativeAddress1', 'pm25Factors', 'recentActivity']),
  );
  expect(header).not.toContain('location');
  expect(header.some((h) => h.startsWith('tag_'))).toBe(true);
  const cell = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v);
  rows.forEach((row, n) => {
    expect(`${lines[n + 1]}\r\n`).toBe(csvLine(header.map((h) => cell(row[h] ?? null))));
  });
});

it('applies the query and the columns of the preset on screen, in their order', async () => {
  const query = 'isVisible = false';
  const tags = (await t.call('GET', '/api/installations/tags', { token: admin })).json().data.tags as { id: number }[];
  const tag = `tag_${tags[0]!.id}`;
  const res = await t.call(
    'GET',
    url({ query, columns: `status,installationId,nonexistent,contactEmail,location,${tag}` }),
    {
      token: admin,
    },
  );
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parse(res.body);
  expect(header).toEqual(['status', 'installationId', 'contactEmail', 'latitude', 'longitude', tag]);
  const { ids, total } = await listIds(admin, { query });
  expect(rows).toHaveLength(total);
  expect(rows.map((r) => r[1]).sort()).toEqual([...ids].sort());
});

it('leaves out what the caller may not see, even when the columns name it', async () => {
  const res = await t.call('GET', url({ columns: 'installationId,contactEmail,city,status' }), { token: sales });
  expect(res.statusCode).toBe(200);
  const [header] = parse(res.body);
  expect(header).toEqual(['installationId', 'status']);
  const all = parse((await t.call('GET', url({}), { token: sales })).body)[0]!;
  expect(all).toContain('installationId');
  for (const hidden of ['contactEmail', 'contactFullName', 'city', 'street', 'sensorToken'])
    expect(all).not.toContain(hidden);
});

it('answers a bad query or sort with a 400 and no file', async () => {
  const bad = await t.call('GET', url({ query: 'nosuchfield = 1' }), { token: admin });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toMatch(/nosuchfield/i);
  const badColumns = await t.call('GET', url({ columns: 'a;b' }), { token: admin });
  expect(badColumns.statusCode).toBe(400);
  expect((await t.call('GET', url({}))).statusCode).toBe(401);
});
