/**
 * The rows the query-language lists hand to the response serializer are plain objects in V8's fast
 * layout, for every built-in role (whose hidden fields are left out): a row given its fields under
 * computed names, or with fields deleted, turns into a hash table, which made serializing a 100-row
 * installations page 60 % slower (server/lists/rowLiterals.ts). The layout is read with V8's own
 * `%HasFastProperties`, allowed in this process by a V8 flag.
 */
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PermissionSet } from '../../common/permissions';
import { listWhere, type ListRepository } from '../../server/lists/endpoint';
import { gateRow, hiddenPaths } from '../../server/lists/gating';
import { planPage } from '../../server/lists/sorting';
import { contractorList } from '../../server/services/main/contractors/repository';
import { installationList } from '../../server/services/main/installations/repository';
import { requestListWith } from '../../server/services/main/requests/repository';
import { sensorList } from '../../server/services/main/sensors/repository';
import { fileLinksFor } from '../../server/storage/fileLinks';
import { createTestApp, type TestApp } from '../support/testApp';

v8.setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

/** Paths (row.field.field) of the objects in a value that are hash tables. */
function slowObjects(value: unknown, at = 'row'): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => slowObjects(v, `${at}[${i}]`));
  return [
    ...(hasFastProperties(value) ? [] : [at]),
    ...Object.entries(value).flatMap(([k, v]) => slowObjects(v, `${at}.${k}`)),
  ];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const lists = (): ListRepository<unknown>[] =>
  [installationList, sensorList, contractorList, requestListWith(fileLinksFor(t.config))] as ListRepository<unknown>[];

describe('list rows reach the serializer in the fast layout', () => {
  it('the probe tells a hash table from a fast object', () => {
    const slow: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) slow[`field${i}`] = i;
    expect(slowObjects(slow)).toEqual(['row']);
    expect(slowObjects({ a: 1, b: { c: 2 } })).toEqual([]);
  });

  for (const role of Object.keys(BUILT_IN_ROLES)) {
    it(`as ${role}: installations, sensors, contractors and requests`, async () => {
      const permissions = new PermissionSet(BUILT_IN_ROLES[role]!);
      const db = t.ctx.db;
      for (const repo of lists()) {
        const { where, tags } = await listWhere(db, repo, undefined, permissions);
        const plan = planPage(repo.entity, { page: 1, limit: 25 } as never, repo.columns, repo.tieBreak, permissions);
        const rows = await repo.page(db, where, plan);
        const shaped = await repo.shape(rows, { db, permissions, tags });
        const hidden = hiddenPaths(repo.entity, permissions);
        const served = shaped.map((r) => gateRow(r, hidden));
        expect(served.length, `${repo.entity.name}: the demo seed has rows`).toBeGreaterThan(0);
        expect(slowObjects(served), repo.entity.name).toEqual([]);
      }
    });
  }
});
