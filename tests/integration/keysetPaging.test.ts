/**
 * Keyset paging (`after=`) of every query-language list the shared builder serves, generated from
 * the entity registry (every `listQuery: 'main'` entity with a total; a new list is covered without
 * new test code): with a small limit, walking the pages by `meta.next` returns the same ids in the
 * same order as walking by page/limit — for the default sort and other sortable columns, in both
 * directions, empty values included — and the bad cursors are 400s naming `after`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, sortKeys } from '../../common/entities';
import { createTestApp, type TestApp } from '../support/testApp';

/* eslint-disable @typescript-eslint/no-explicit-any */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenOf('admin');
});
afterAll(async () => t?.close());

const LISTS = ENTITIES.filter((e) => e.listQuery === 'main' && e.envelope.total);
/** Pages a walk reads at most (the limit follows the list's size). */
const PAGES = 6;

const at = (body: any, path: string) => path.split('.').reduce((o, k) => o?.[k], body);

describe.each(LISTS.map((e) => [e.name, e] as const))('keyset paging of %s', (_name, entity) => {
  const base = `${entity.service === 'main' ? '/api' : ''}${entity.endpoint}`;
  const meta = entity.envelope.total!.split('.').slice(0, -1).join('.');
  const get = (query: string) => t.call('GET', `${base}?${query}`, { token });
  const page = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      ids: (at(body, entity.envelope.rows) as { id: unknown }[]).map((r) => r.id),
      total: at(body, entity.envelope.total!) as number,
      next: (meta ? at(body, meta) : body)?.next as string | undefined,
    };
  };

  it('walks every page by after in the page/limit order, for the default and other sorts, both directions', async () => {
    const first = await page('limit=1');
    expect(first.total, `${entity.name} needs seeded rows`).toBeGreaterThan(2);
    const limit = Math.max(2, Math.ceil(first.total / PAGES));
    const keys = sortKeys(entity);
    const defaultKey = entity.sort?.field ?? keys[0]!;
    const others = keys.filter((k) => k !== defaultKey);
    const sorts = [undefined, defaultKey, others[0]].filter((k, i) => i === 0 || k !== undefined);
    let walked = 0;
    for (const sortBy of sorts)
      for (const order of sortBy === undefined ? [undefined] : ['asc', 'desc']) {
        const sortQuery = `${sortBy ? `&sortBy=${sortBy}` : ''}${order ? `&order=${order}` : ''}`;
        const probe = await get(`limit=${limit}${sortQuery}`);
        if (probe.statusCode === 400) continue; // a declared sort key the list does not serve
        const byPage: unknown[] = [];
        for (let p = 1; ; p++) {
          const { ids } = await page(`limit=${limit}&page=${p}${sortQuery}`);
          byPage.push(...ids);
          if (ids.length < limit) break;
        }
        const byCursor: unknown[] = [];
        let next: string | undefined;
        let lastIds: unknown[] = [];
        do {
          const got = await page(`limit=${limit}${sortQuery}&after=${next ?? ''}`);
          expect(got.total, 'the count stays as with page/limit').toBe(first.total);
          byCursor.push(...got.ids);
          lastIds = got.ids;
          next = got.next;
          if (got.ids.length === limit) expect(next, 'a full page carries next').toBeTypeOf('string');
        } while (next);
        expect(lastIds.length).toBeLessThanOrEqual(limit);
        expect(byCursor, `${entity.name} sortBy=${sortBy} order=${order}`).toEqual(byPage);
        expect(new Set(byCursor).size).toBe(byCursor.length);
        expect(byCursor).toHaveLength(first.total);
        walked++;
      }
    expect(walked, 'the default sort and at least one other column, both directions').toBeGreaterThanOrEqual(5);
  });

  it.runIf(entity.service === 'main')('documents after and meta.next in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const op = doc.paths[entity.endpoint]?.get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('after');
    const body = op.responses['200'].content['application/json'].schema;
    const metaSchema = meta.split('.').reduce((s: any, k) => s?.properties?.[k], body);
    expect(metaSchema.properties.next.type).toBe('string');
  });

  it('answers a 400 naming after for page with after, and for malformed, tampered or other-sort cursors', async () => {
    const { next } = await page('limit=2&after=');
    expect(next).toBeTypeOf('string');
    const cursor = JSON.parse(Buffer.from(next!, 'base64url').toString('utf8'));
    const enc = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const otherKey = sortKeys(entity).find((k) => k !== cursor.s)!;
    const cases: [string, RegExp][] = [
      [`limit=2&page=2&after=${next}`, /Give either page or after/],
      ['limit=2&after=not*a*cursor', /after/],
      [`limit=2&after=${enc({ ...cursor, v: 99 })}`, /after/],
      [`limit=2&after=${enc({ ...cursor, k: [1, 2] })}`, /after/],
      [`limit=2&after=${enc({ ...cursor, k: ['not a value of this column', 'x'] })}`, /after/],
      [`limit=2&after=${enc({ ...cursor, k: [cursor.k[0], 'not an id'] })}`, /after/],
      [
        `limit=2&after=${next}&order=${cursor.d ? 'asc' : 'desc'}&sortBy=${cursor.s}`,
        /after was made for another order/,
      ],
      [`limit=2&after=${next}&sortBy=${otherKey}`, /after/],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});
