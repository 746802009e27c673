/**
 * GET /installations/export: every installation matching the list's query, in the list's order, as
 * CSV streamed from the list builder — with the same field gating as the JSON rows, and the columns
 * of the preset on screen when `columns` names them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSV_BOM } from '../../common/csv';
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

it('applies the query and the columns of the preset on screen, in their order', async () => {
  const query = 'isVisible = false';
  const tags = (await t.call('GET', '/api/installations/tags', { token: admin })).json().data.tags as { id: number }[];
  const tag = `tag_${tags[0]!.id}`;
  const res = await t.call('GET', url({ query, columns: `status,installationId,nonexistent,contactEmail,${tag}` }), {
    token: admin,
  });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parse(res.body);
  expect(header).toEqual(['status', 'installationId', 'contactEmail', tag]);
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
