/**
 * The installations and sensors lists render their statements to SQL text once per WHERE and sort
 * (`renderedPerWhere` in server/db/arrayRows.ts): asked again without a query, a page, count
 * and tag values run SQL text rendered before, with the new request's values bound. Counted by
 * watching drizzle's renderer, not by timing. A query, another sort or another page still answers
 * its own rows.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenOf('admin');
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const rowsOf = async (query: string) => {
  const res = await t.call('GET', `/api/installations?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { installations: { id: number; city: string | null }[] }; meta: unknown };
  return { ids: body.data.installations.map((r) => r.id), cities: body.data.installations.map((r) => r.city) };
};

// The sensors list renders its page and count the same way.
it('a sensors page asked for again without a query renders no SQL', async () => {
  const idsOf = async (query: string) => {
    const res = await t.call('GET', `/api/sensors?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { sensors: { id: number }[] } }).data.sensors.map((r) => r.id);
  };
  await idsOf('page=1&limit=5');
  const render = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  const again = await idsOf('page=1&limit=5');
  const next = await idsOf('page=2&limit=5');
  expect(render).not.toHaveBeenCalled();
  expect(again).toHaveLength(5);
  expect(next).toHaveLength(5);
  expect(next.filter((id) => again.includes(id))).toEqual([]);
});

describe('installations list statements', () => {
  it('a page asked for again without a query renders no SQL', async () => {
    await rowsOf('page=1&limit=5');
    const render = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const again = await rowsOf('page=1&limit=5');
    const next = await rowsOf('page=2&limit=5');
    expect(render).not.toHaveBeenCalled();
    expect(again.ids).toHaveLength(5);
    // The next page's values (its offset) are bound into the same text: other rows.
    expect(next.ids).toHaveLength(5);
    expect(next.ids.filter((id) => again.ids.includes(id))).toEqual([]);
  });

  it('another sort, direction or query answers its own rows', async () => {
    const ascending = await rowsOf('page=1&limit=50&sortBy=city&order=ASC');
    const descending = await rowsOf('page=1&limit=50&sortBy=city&order=DESC');
    const byId = await rowsOf('page=1&limit=50&sortBy=id&order=ASC');
    const named = (xs: (string | null)[]) => xs.filter((c): c is string => c !== null);
    expect(named(ascending.cities)).toEqual([...named(ascending.cities)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(descending.cities[0]! >= ascending.cities[0]!).toBe(true);
    expect(descending.ids).not.toEqual(ascending.ids);
    expect(byId.ids).toEqual([...byId.ids].sort((a, b) => a - b));
    const city = ascending.cities.find((c) => c !== null)!;
    const filtered = await rowsOf(`page=1&limit=50&query=${encodeURIComponent(`city = "${city}"`)}`);
    expect(filtered.ids.length).toBeGreaterThan(0);
    expect(new Set(filtered.cities)).toEqual(new Set([city]));
  });
});
