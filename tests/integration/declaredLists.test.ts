/**
 * A declaration-only resource end to end over HTTP: `sensor-models` exists only as an entity
 * declaration, a table with its migration and a seed module, and is served by the generic list
 * endpoint — paging, sorting with empty values last, plain and advanced search, count, permissions
 * and its OpenAPI row schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { sensorModels, roles, staffUsers } from '../../server/db/schema';
import { ENTITIES, exportFileNameOf, exportPathOf, isCsvField } from '../../common/entities';
import { CSV_BOM } from '../../common/csv';

/* eslint-disable @typescript-eslint/no-explicit-any */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, token?: string) {
  return t.call('GET', url, { token: token ?? (await t.tokenOf('admin')) });
}

describe('GET /api/sensor-models (declared, no route code)', () => {
  it('lists the seeded models sorted by name by default, with the total', async () => {
    const res = await get('/api/sensor-models?page=1&limit=3');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const all = await t.ctx.db.select().from(sensorModels).orderBy(asc(sensorModels.name));
    expect(body.meta.totalCount).toBe(all.length);
    expect(body.data.rows.map((r: any) => r.name)).toEqual(all.slice(0, 3).map((m) => m.name));
    expect(body.data.rows[0]).toEqual({
      id: all[0]!.id,
      name: all[0]!.name,
      manufacturer: all[0]!.manufacturer,
      communication: all[0]!.communication,
      parameters: all[0]!.parameters,
      firmwareFamily: all[0]!.firmwareFamily,
      introducedOn: all[0]!.introducedOn,
      inProduction: all[0]!.inProduction,
    });
  });

  it('pages, sorts descending and refuses unknown or unsortable sort keys', async () => {
    const page2 = (await get('/api/sensor-models?page=2&limit=2&sortBy=introducedOn&order=desc')).json();
    const all = await t.ctx.db.select().from(sensorModels);
    const expected = [...all].sort((a, b) => b.introducedOn.localeCompare(a.introducedOn)).slice(2, 4);
    expect(page2.data.rows.map((r: any) => r.id)).toEqual(expected.map((m) => m.id));
    for (const bad of ['nope', 'parameters']) {
      const res = await get(`/api/sensor-models?sortBy=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: expect.stringContaining('sortBy') });
    }
  });

  it('searches in plain text and with the query language over the declared fields', async () => {
    const plain = (await get(`/api/sensor-models?query=${encodeURIComponent('SEARCH("gas")')}`)).json();
    expect(plain.data.rows.map((r: any) => r.name).sort()).toEqual(['AQ-3 Gas', 'Partner Gas Pro']);
    const adv = (
      await get(`/api/sensor-models?query=${encodeURIComponent('communication in (WIFI) and inProduction = true')}`)
    ).json();
    expect(adv.data.rows.map((r: any) => r.name)).toEqual(['AQ-2 Home']);
    expect(adv.meta.totalCount).toBe(1);
    const bad = await get(`/api/sensor-models?query=${encodeURIComponent('colour = red')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/colour/);
  });

  it('needs the declared list permission', async () => {
    const [role] = await t.ctx.db
      .insert(roles)
      .values({ name: 'no-sensors', permissions: { view_installations: true } })
      .returning({ id: roles.id });
    const [user] = await t.ctx.db
      .insert(staffUsers)
      .values({ name: 'nosensors', roleId: role!.id })
      .returning({ id: staffUsers.id });
    const token = (await t.ctx.sessions.startSession(t.ctx.db, user!.id)).tokens.accessToken;
    const res = await get('/api/sensor-models', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/view_sensors/);
  });

  it('documents the endpoint and its row schema in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    const op = doc.paths['/sensor-models']?.get;
    expect(op).toBeDefined();
    const row = op.responses['200'].content['application/json'].schema.properties.data.properties.rows.items;
    expect(Object.keys(row.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'manufacturer', 'communication', 'introducedOn', 'inProduction']),
    );
  });
});

// Every declaration-only entity that declares an export: its CSV holds every row the list counts
// (the console's Export button asks this route; no client-side row cap), in the list's order.
describe.each(ENTITIES.filter((e) => e.storage && e.access.export).map((e) => [e.name, e] as const))(
  'GET <endpoint>/export of %s (declared)',
  (_name, entity) => {
    const prefix = entity.service === 'main' ? '/api' : '';
    it('streams every matching row as CSV, in the list order, with the declared CSV columns', async () => {
      const list = (await get(`${prefix}${entity.endpoint}?page=1&limit=1`)).json();
      const total = list.meta.totalCount as number;
      const res = await get(`${prefix}${exportPathOf(entity)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain(exportFileNameOf(entity));
      const lines = res.body.replace(CSV_BOM, '').trim().split(/\r?\n/);
      expect(lines[0]!.split(';')).toEqual(entity.fields.filter(isCsvField).map((f) => f.name));
      expect(lines.length - 1).toBe(total);
      expect(lines[1]!.split(';')[0]).toBe(String(list.data.rows[0].id));
    });

    it('applies the query and refuses a bad one', async () => {
      const first = (await get(`${prefix}${entity.endpoint}?page=1&limit=1`)).json().data.rows[0];
      const q = encodeURIComponent(`id = ${first.id}`);
      const res = await get(`${prefix}${exportPathOf(entity)}?query=${q}`);
      expect(res.body.replace(CSV_BOM, '').trim().split(/\r?\n/)).toHaveLength(2);
      const bad = await get(`${prefix}${exportPathOf(entity)}?query=${encodeURIComponent('nope = 1')}`);
      expect(bad.statusCode).toBe(400);
    });
  },
);
