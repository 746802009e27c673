/**
 * Resources added by configuration, stored kind, over HTTP: a RESOURCES_DIR with the example
 * declaration (resources/calibration-sites.json) and a broken file. The server creates the table,
 * serves it under /resources-api in the simple REST dialect (both spellings), writes with audit
 * records, exports CSV, enforces the declared (new) permissions, and on a later start applies
 * additive changes only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { auditLogs, contractors, roles } from '../../server/db/schema';
import { loadConfiguredResources } from '../../server/configured';
import { CSV_BOM } from '../../common/csv';

/* eslint-disable @typescript-eslint/no-explicit-any */

const EXAMPLE = JSON.parse(fs.readFileSync(path.resolve('resources/calibration-sites.json'), 'utf8'));
const BASE = '/resources-api/calibration-sites';

let t: TestApp;
let dir: string;
let contractorId: number;

function writeDir(files: Record<string, unknown>): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-resources-'));
  for (const [name, body] of Object.entries(files))
    fs.writeFileSync(path.join(d, name), typeof body === 'string' ? body : JSON.stringify(body));
  return d;
}

beforeAll(async () => {
  dir = writeDir({
    'calibration-sites.json': EXAMPLE,
    'broken.json': {
      ...EXAMPLE,
      name: 'broken',
      storage: { table: 'cfg_broken' },
      fields: [{ name: 'id', type: 'uuid' }],
    },
    'not-json.json': '{ "name": ',
  });
  t = await createTestApp({ env: { RESOURCES_DIR: dir } });
  [{ id: contractorId }] = (await t.ctx.db.select({ id: contractors.id }).from(contractors).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const admin = () => t.tokenOf('admin');

async function lastAudit() {
  const [row] = await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
  return row!;
}

describe('loading RESOURCES_DIR', () => {
  it('serves the valid declaration and names each bad file with the field path', () => {
    expect(t.ctx.resources!.served.map((r) => r.entity.name)).toEqual(['calibration-sites']);
    const problems = t.ctx.resources!.problems.join('\n');
    expect(problems).toContain('broken.json: fields[0] (id).type:');
    expect(problems).toContain('broken.json: fields[0] (id).label:');
    expect(problems).toContain('not-json.json: not valid JSON');
  });

  it('tells the console the declaration in /config.json, without the table', async () => {
    const config = (await t.call('GET', '/config.json')).json();
    expect(config.services.resources).toBe('/resources-api');
    expect(config.resources).toHaveLength(1);
    expect(config.resources[0]).toMatchObject({ name: 'calibration-sites', labelPl: 'Punkty kalibracyjne' });
    expect(config.resources[0].storage).toBeUndefined();
  });

  it('documents the mount in its OpenAPI document', async () => {
    const doc = (await t.call('GET', '/resources-api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/calibration-sites', '/calibration-sites/{id}', '/calibration-sites/export']),
    );
  });
});

describe('stored resource in the simple REST dialect', () => {
  const ids: number[] = [];

  it('creates rows (201), each with its audit record in the same transaction', async () => {
    const token = await admin();
    for (const [name, kind, city, active] of [
      ['Kraków Bujaka', 'reference', 'Kraków', true],
      ['Warszawa Targówek', 'collocation', 'Warszawa', true],
      ['Gdańsk Mobile', 'mobile', 'Gdańsk', false],
    ] as const) {
      const res = await t.call('POST', BASE, {
        token,
        body: { name, kind, city, active, heightM: 3.5, commissionedOn: '2024-05-01', contractorId },
      });
      expect(res.statusCode, res.body).toBe(201);
      const row = res.json();
      expect(row).toMatchObject({ name, kind, city, active, heightM: 3.5, commissionedOn: '2024-05-01', contractorId });
      ids.push(row.id);
      const audit = await lastAudit();
      expect(audit.eventType).toBe('RecordCreated');
      expect(audit.message).toContain(`Calibration Sites #${row.id} "${name}" created`);
      expect(audit.userName).toBe('admin');
    }
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const token = await admin();
    const before = (await t.call('GET', BASE, { token })).headers['x-total-count'];
    for (const body of [
      { kind: 'reference' },
      { name: 'X', kind: 'satellite' },
      { name: 'X', kind: 'mobile', heightM: 1000 },
      { name: 'X', kind: 'mobile', commissionedOn: '2024-13-45' },
      { name: 'X', kind: 'mobile', contractorId: 987654 },
    ]) {
      const res = await t.call('POST', BASE, { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: expect.any(String) });
    }
    expect(
      (await t.call('POST', BASE, { token, body: { name: 'X', kind: 'mobile', contractorId: 987654 } })).json().message,
    ).toBe('Operator (contractor): no record with ID 987654');
    expect((await t.call('GET', BASE, { token })).headers['x-total-count']).toBe(before);
  });

  it('lists with _sort/_order/_start/_end, Content-Range and the exposed headers', async () => {
    const res = await t.call('GET', `${BASE}?_sort=name&_order=desc&_start=0&_end=2`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: any) => r.name)).toEqual(['Warszawa Targówek', 'Kraków Bujaka']);
    expect(res.headers['content-range']).toBe('calibration-sites 0-1/3');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    const next = await t.call('GET', `${BASE}?_sort=name&_order=desc&_start=2&_end=4`, { token: await admin() });
    expect(next.json().map((r: any) => r.name)).toEqual(['Gdańsk Mobile']);
    expect(next.headers['content-range']).toBe('calibration-sites 2-2/3');
  });

  it('answers ra-data-simple-rest spelling: sort, range and filter as JSON', async () => {
    const q = new URLSearchParams({
      sort: JSON.stringify(['city', 'ASC']),
      range: JSON.stringify([0, 9]),
      filter: JSON.stringify({ active: true }),
    });
    const res = await t.call('GET', `${BASE}?${q}`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: any) => r.city)).toEqual(['Kraków', 'Warszawa']);
    const many = await t.call('GET', `${BASE}?filter=${encodeURIComponent(JSON.stringify({ id: ids.slice(0, 2) }))}`, {
      token: await admin(),
    });
    expect(
      many
        .json()
        .map((r: any) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
  });

  it('filters by field, searches with q and with the query language', async () => {
    const token = await admin();
    const byKind = await t.call('GET', `${BASE}?kind=mobile&kind=reference&_sort=id`, { token });
    expect(byKind.json().map((r: any) => r.kind)).toEqual(['reference', 'mobile']);
    const plain = await t.call('GET', `${BASE}?q=warsz`, { token });
    expect(plain.json().map((r: any) => r.name)).toEqual(['Warszawa Targówek']);
    const advanced = await t.call('GET', `${BASE}?query=${encodeURIComponent('kind = mobile OR city = "Kraków"')}`, {
      token,
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json().map((r: any) => r.name)).toEqual(['Gdańsk Mobile', 'Kraków Bujaka']);
    for (const bad of [
      '_sort=nope',
      'kind=satellite',
      'active=maybe',
      'nope=1',
      '_start=0&_end=5000',
      'range=[0',
      'query=kind%20%3D',
    ]) {
      const res = await t.call('GET', `${BASE}?${bad}`, { token });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: expect.any(String) });
    }
  });

  it('reads one row, 404 for a missing one', async () => {
    const token = await admin();
    expect((await t.call('GET', `${BASE}/${ids[0]}`, { token })).json()).toMatchObject({
      id: ids[0],
      name: 'Kraków Bujaka',
    });
    const missing = await t.call('GET', `${BASE}/999999`, { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('no row with id 999999');
  });

  it('updates with PUT (the whole record as react-admin sends it), audited once', async () => {
    const token = await admin();
    const current = (await t.call('GET', `${BASE}/${ids[1]}`, { token })).json();
    const res = await t.call('PUT', `${BASE}/${ids[1]}`, { token, body: { ...current, city: 'Warsaw', heightM: 12 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[1], city: 'Warsaw', heightM: 12, name: 'Warszawa Targówek' });
    const audit = await lastAudit();
    expect(audit.eventType).toBe('RecordUpdated');
    expect(audit.message).toContain('City: Warsaw');
    expect(audit.message).toContain('Inlet height (m): 12');
    expect(audit.message).not.toContain('Name:');
    const cleared = await t.call('PUT', `${BASE}/${ids[1]}`, { token, body: { name: '' } });
    expect(cleared.statusCode).toBe(400);
  });

  it('exports every matching row as CSV', async () => {
    const res = await t.call('GET', `${BASE}/export?sortBy=name&order=asc`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(CSV_BOM, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('id;name;kind;city;heightM;commissionedOn;active;contractorId');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Gdańsk Mobile');
  });

  it('enforces the declared permissions, which roles may now hold', async () => {
    const viewer = await t.tokenOf('viewer');
    expect((await t.call('GET', BASE, { token: viewer })).statusCode).toBe(403);
    // The new names are accepted in roles (unknown ones still are not).
    const role = await t.call('POST', '/api/admin/roles', {
      token: await admin(),
      body: { name: 'site-viewers', permissions: ['view_calibration_sites'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    expect(role.json().permissions.view_calibration_sites).toBe(true);
    const unknown = await t.call('POST', '/api/admin/roles', {
      token: await admin(),
      body: { name: 'typo', permissions: ['view_calibration_sitez'] },
    });
    expect(unknown.statusCode).toBe(400);
    // The admin holds them; a viewer given the view permission lists but may not write.
    expect((await t.login('admin')).user.permissions).toContain('edit_calibration_sites');
    const [viewerRole] = await t.ctx.db.select().from(roles).where(eq(roles.name, 'viewer'));
    await t.ctx.db
      .update(roles)
      .set({ permissions: { ...viewerRole!.permissions, view_calibration_sites: true } })
      .where(eq(roles.name, 'viewer'));
    const token = (await t.login('viewer')).tokens.accessToken;
    expect((await t.call('GET', BASE, { token })).statusCode).toBe(200);
    const refused = await t.call('POST', BASE, { token, body: { name: 'Nope', kind: 'mobile' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('edit_calibration_sites');
  });

  it('deletes a row when the declaration allows it, audited', async () => {
    const token = await admin();
    const res = await t.call('DELETE', `${BASE}/${ids[2]}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastAudit()).eventType).toBe('RecordDeleted');
    expect((await t.call('GET', `${BASE}/${ids[2]}`, { token })).statusCode).toBe(404);
  });
});

describe('a later start with a changed declaration', () => {
  const columns = async () =>
    (
      (await t.ctx.db.execute(
        sql`select column_name as c from information_schema.columns where table_name = 'cfg_calibration_sites' order by c`,
      )) as unknown as { rows: { c: string }[] }
    ).rows.map((r) => r.c);
  const logged: string[] = [];
  const start = async (decl: unknown) => {
    const d = writeDir({ 'calibration-sites.json': decl });
    try {
      return await loadConfiguredResources(t.ctx.db, d, (line) => logged.push(line));
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  };

  it('adds a column for a new field and keeps the rows', async () => {
    const rowsBefore = (await t.call('GET', BASE, { token: await admin() })).json();
    const grown = {
      ...EXAMPLE,
      fields: [...EXAMPLE.fields, { name: 'notes', type: 'string', label: 'Notes', form: true }],
    };
    const loaded = await start(grown);
    expect(loaded.problems).toEqual([]);
    expect(loaded.served.map((r) => r.entity.name)).toEqual(['calibration-sites']);
    expect(await columns()).toContain('notes');
    expect(logged.join('\n')).toContain('calibration-sites: added column(s) notes');
    const count = (await t.ctx.db.execute(sql`select count(*)::int as n from cfg_calibration_sites`)) as unknown as {
      rows: { n: number }[];
    };
    expect(count.rows[0]!.n).toBe(rowsBefore.length);
  });

  it('refuses removing or retyping a field, serves nothing of it and keeps the data', async () => {
    const before = await columns();
    const removed = await start({ ...EXAMPLE, fields: EXAMPLE.fields.filter((f: any) => f.name !== 'city') });
    expect(removed.served).toEqual([]);
    expect(removed.problems.join('\n')).toMatch(/calibration-sites: field "city"(, "notes")? was removed/);
    const retyped = await start({
      ...EXAMPLE,
      fields: [
        ...EXAMPLE.fields.map((f: any) => (f.name === 'heightM' ? { ...f, type: 'string' } : f)),
        { name: 'notes', type: 'string', label: 'Notes' },
      ],
    });
    expect(retyped.served).toEqual([]);
    expect(retyped.problems.join('\n')).toContain('field "heightM" from double precision to text changes its type');
    expect(await columns()).toEqual(before);
    const kept = (await t.ctx.db.execute(sql`select city from cfg_calibration_sites order by id`)) as unknown as {
      rows: { city: string }[];
    };
    expect(kept.rows.map((r) => r.city)).toEqual(['Kraków', 'Warsaw']);
  });
});
