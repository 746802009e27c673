/**
 * The entity declarations against the rows the server serves (issue 8): for every entity with a
 * server list, each field the declaration puts in the row (at its `source` path) is in the first
 * row an admin gets, or is null (a nested object such as a sensor's contractor may be null as a
 * whole). A declared name the server spells differently (samplesAPI vs samplesApi) would show an
 * empty column on the generic lists; this test fails on it instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, readPath, type EntityDecl } from '../../common/entities';
import { isRowField } from '../../server/lists/schemas';
import { SERVICES } from '../../server/services';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The value at a dotted path; null when the path passes through a null (an empty nested object). */
function valueAt(row: unknown, path: string): unknown {
  let at: unknown = row;
  for (const key of path.split('.')) {
    if (at === null) return null;
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The list URL of an entity: its service's base path, its endpoint, a first page. */
const listUrl = (e: EntityDecl) => `${SERVICES[e.service].prefix}${e.endpoint}`;

/** The fields a declaration puts in the API row (not query-only fields, actions or composed locations). */
const rowFields = (e: EntityDecl) => e.fields.filter(isRowField);

describe('declared fields are in the served rows', () => {
  for (const entity of ENTITIES) {
    it(`${entity.name} (${listUrl(entity)})`, async () => {
      const res = await t.call('GET', listUrl(entity), { token: await t.tokenOf('admin') });
      expect(res.statusCode, res.body).toBe(200);
      const rows = readPath(res.json(), entity.envelope.rows) as unknown[];
      expect(Array.isArray(rows), 'rows at the envelope path').toBe(true);
      expect(rows.length, 'the demo seed has rows').toBeGreaterThan(0);
      const row = rows[0];
      const missing = rowFields(entity)
        .map((f) => f.source ?? f.name)
        .filter((path) => valueAt(row, path) === undefined);
      expect(missing, `fields declared but not served; the row has: ${Object.keys(row as object).join(', ')}`).toEqual(
        [],
      );
    });
  }
});
