/**
 * Resources added by configuration, proxied kind: a declaration with `remote` served through our
 * mount from json-server 0.17.4 (a simple-REST server no one here wrote), started by the test on a
 * free port with a temporary db.json. Paging, sort and filters pass through; writes are checked,
 * sent with the credential of the environment and audited; a caller without the permission never
 * reaches json-server; its failures and silence are 502 and 504.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { auditLogs } from '../../server/db/schema';

/* eslint-disable @typescript-eslint/no-explicit-any */

const jsonServer = createRequire(import.meta.url)('json-server') as any;

const CREDENTIAL = 'remote-secret-123';
let t: TestApp;
let dir: string;
let remote: http.Server;
let silent: http.Server;
let failing: http.Server;
let failingAsked: string[];
/** Every request json-server received: method, URL and Authorization header. */
const seen: { method: string; url: string; auth?: string }[] = [];

const visits = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'service-visits',
  label: 'Service Visits',
  labelPl: 'Wizyty serwisowe',
  access: {
    list: 'view_service_visits',
    export: 'view_service_visits',
    create: 'edit_service_visits',
    edit: 'edit_service_visits',
    delete: 'edit_service_visits',
  },
  search: 'plain',
  sort: { field: 'id', order: 'ASC' },
  route: { menu: { group: 'Manage', icon: 'assignment' } },
  remote: { url, credentialEnv: 'AQ_TEST_VISITS_TOKEN', timeoutMs: 500 },
  fields: [
    { name: 'id', type: 'integer', label: 'ID', column: true },
    {
      name: 'site',
      type: 'string',
      label: 'Site',
      labelPl: 'Punkt',
      column: true,
      search: true,
      form: true,
      required: true,
    },
    {
      name: 'status',
      type: 'enum',
      label: 'Status',
      values: ['planned', 'done'],
      column: true,
      form: true,
      required: true,
    },
    { name: 'hours', type: 'number', label: 'Hours', column: true, form: true, min: 0 },
    { name: 'visitOn', type: 'date', label: 'Visit on', column: true, form: true },
  ],
  ...extra,
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-proxy-'));
  const dbFile = path.join(dir, 'db.json');
  fs.writeFileSync(
    dbFile,
    JSON.stringify({
      visits: Array.from({ length: 7 }, (_, i) => ({
        id: i + 1,
        site: `Site ${String.fromCharCode(71 - i)}`,
        status: i % 2 ? 'done' : 'planned',
        hours: i + 0.5,
        visitOn: `2025-0${i + 1}-10`,
        internalNote: 'not declared: never shown',
      })),
    }),
  );
  const app = jsonServer.create();
  app.use((req: any, _res: any, next: any) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization });
    next();
  });
  app.use(jsonServer.defaults({ logger: false, noCors: true }));
  app.use(jsonServer.router(dbFile));
  remote = http.createServer(app);
  const url = await listen(remote);
  // A service that accepts the connection and never answers.
  silent = http.createServer(() => {});
  const silentUrl = await listen(silent);
  // A service that fails, and one whose rows do not match the declaration.
  // A service in ra-data-simple-rest's dialect: it answers the query it was asked, as a row.
  failingAsked = [];
  failing = http.createServer((req, res) => {
    if (req.url?.startsWith('/rarest')) {
      failingAsked.push(req.url);
      res.writeHead(200, { 'content-type': 'application/json', 'content-range': 'visits 5-5/42' });
      res.end('[{"id":6,"site":"From range","status":"done"}]');
      return;
    }
    res.writeHead(req.url?.startsWith('/broken') ? 200 : 500, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/broken') ? '[{"id":1,"site":5,"status":"planned"}]' : '{"message":"database down"}');
  });
  const failingUrl = await listen(failing);
  const resources = path.join(dir, 'resources');
  fs.mkdirSync(resources);
  fs.writeFileSync(path.join(resources, 'visits.json'), JSON.stringify(visits(`${url}/visits`)));
  fs.writeFileSync(
    path.join(resources, 'silent.json'),
    JSON.stringify(visits(`${silentUrl}/visits`, { name: 'silent-visits', label: 'Silent Visits' })),
  );
  fs.writeFileSync(
    path.join(resources, 'gone.json'),
    JSON.stringify(visits('http://127.0.0.1:1/visits', { name: 'gone-visits', label: 'Gone Visits' })),
  );
  fs.writeFileSync(
    path.join(resources, 'failing.json'),
    JSON.stringify(visits(`${failingUrl}/visits`, { name: 'failing-visits', label: 'Failing Visits' })),
  );
  fs.writeFileSync(
    path.join(resources, 'broken.json'),
    JSON.stringify(visits(`${failingUrl}/broken`, { name: 'broken-visits', label: 'Broken Visits' })),
  );
  fs.writeFileSync(
    path.join(resources, 'rarest.json'),
    JSON.stringify(
      visits(`${failingUrl}/rarest`, {
        name: 'rarest-visits',
        label: 'Simple-rest Visits',
        remote: { url: `${failingUrl}/rarest`, dialect: 'simple-rest' },
      }),
    ),
  );
  process.env.AQ_TEST_VISITS_TOKEN = CREDENTIAL;
  t = await createTestApp({ env: { RESOURCES_DIR: resources } });
});
afterAll(async () => {
  await t?.close();
  silent?.closeAllConnections();
  await Promise.all([remote, silent, failing].map((s) => s && new Promise((r) => s.close(r))));
  fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.AQ_TEST_VISITS_TOKEN;
});

const BASE = '/resources-api/service-visits';
const admin = () => t.tokenOf('admin');
const lastAudit = async () => (await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;

describe('a resource proxied to json-server', () => {
  it('pages and sorts through our mount, with the total and only the declared fields', async () => {
    const res = await t.call('GET', `${BASE}?_sort=site&_order=asc&_start=0&_end=3`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: any) => r.site)).toEqual(['Site A', 'Site B', 'Site C']);
    expect(res.headers['content-range']).toBe('service-visits 0-2/7');
    expect(res.json()[0]).toEqual({ id: 7, site: 'Site A', status: 'planned', hours: 6.5, visitOn: '2025-07-10' });
    const last = seen.at(-1)!;
    expect(last.url).toContain('_sort=site');
    expect(last.url).toContain('_start=0&_end=3');
    expect(last.auth).toBe(`Bearer ${CREDENTIAL}`);
    // ra-data-simple-rest's spelling is translated for the remote.
    const q = new URLSearchParams({ range: '[3,4]', sort: '["id","DESC"]' });
    const page = await t.call('GET', `${BASE}?${q}`, { token: await admin() });
    expect(page.json().map((r: any) => r.id)).toEqual([4, 3]);
    expect(page.headers['content-range']).toBe('service-visits 3-4/7');
  });

  it("asks a service of ra-data-simple-rest's dialect with range, sort and filter", async () => {
    const res = await t.call(
      'GET',
      '/resources-api/rarest-visits?_sort=site&_order=desc&_start=5&_end=10&status=done&q=x',
      {
        token: await admin(),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('rarest-visits 5-5/42');
    const asked = new URL(failingAsked.at(-1)!, 'http://x').searchParams;
    expect(JSON.parse(asked.get('range')!)).toEqual([5, 9]);
    expect(JSON.parse(asked.get('sort')!)).toEqual(['site', 'DESC']);
    expect(JSON.parse(asked.get('filter')!)).toEqual({ status: 'done', q: 'x' });
    expect(asked.get('_start')).toBeNull();
  });

  it('filters by field and searches with q', async () => {
    const token = await admin();
    const done = await t.call('GET', `${BASE}?filter=${encodeURIComponent('{"status":"done"}')}`, { token });
    expect(done.json().map((r: any) => r.id)).toEqual([2, 4, 6]);
    expect(done.headers['x-total-count']).toBe('3');
    const search = await t.call('GET', `${BASE}?q=${encodeURIComponent('Site D')}`, { token });
    expect(search.json().map((r: any) => r.site)).toEqual(['Site D']);
    const advanced = await t.call('GET', `${BASE}?query=status%20%3D%20done`, { token });
    expect(advanced.statusCode).toBe(400);
    expect(advanced.json().message).toContain('query language is not available');
  });

  it('creates and updates on json-server, checked first and audited once each', async () => {
    const token = await admin();
    const bad = await t.call('POST', BASE, { token, body: { site: 'X', status: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    const created = await t.call('POST', BASE, {
      token,
      body: { site: 'Site New', status: 'planned', hours: 2, visitOn: '2025-09-01', internalNote: 'dropped' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toEqual({ id: 8, site: 'Site New', status: 'planned', hours: 2, visitOn: '2025-09-01' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', auth: `Bearer ${CREDENTIAL}` });
    let audit = await lastAudit();
    expect(audit).toMatchObject({ eventType: 'RecordCreated', userName: 'admin' });
    expect(audit.message).toContain('Service Visits #8 "Site New" created');
    const auditsBefore = (await t.ctx.db.select().from(auditLogs)).length;
    const updated = await t.call('PUT', `${BASE}/8`, { token, body: { ...row, status: 'done' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: 8, status: 'done', site: 'Site New', hours: 2 });
    audit = await lastAudit();
    expect(audit.eventType).toBe('RecordUpdated');
    expect((await t.ctx.db.select().from(auditLogs)).length).toBe(auditsBefore + 1);
    expect((await t.call('GET', `${BASE}/8`, { token })).json().status).toBe('done');
    expect((await t.call('GET', `${BASE}/99`, { token })).statusCode).toBe(404);
  });

  it('never tells the browser where the service is or which credential it takes', async () => {
    const config = (await t.call('GET', '/config.json')).body;
    expect(config).toContain('"service-visits"');
    expect(config).not.toContain('127.0.0.1:');
    expect(config).not.toContain('AQ_TEST_VISITS_TOKEN');
  });

  it('refuses a caller without the permission before calling json-server', async () => {
    const viewer = await t.tokenOf('viewer');
    const calls = seen.length;
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['GET', `${BASE}/1`, undefined],
      ['POST', BASE, { site: 'Sneaky', status: 'done' }],
      ['PUT', `${BASE}/1`, { status: 'done' }],
      ['DELETE', `${BASE}/1`, undefined],
    ] as const) {
      const res = await t.call(method, url, { token: viewer, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(seen.length).toBe(calls);
  });

  it('exports CSV read from json-server', async () => {
    const res = await t.call('GET', `${BASE}/export?sortBy=id&order=desc`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(9);
    expect(lines[1]).toContain('Site New');
    // The console's plain search arrives as SEARCH("…"); the query language is refused.
    const searched = await t.call('GET', `${BASE}/export?query=${encodeURIComponent('SEARCH("Site D")')}`, {
      token: await admin(),
    });
    expect(searched.body.trim().split(/\r?\n/)).toHaveLength(2);
    const advanced = await t.call('GET', `${BASE}/export?query=${encodeURIComponent('status = done')}`, {
      token: await admin(),
    });
    expect(advanced.statusCode).toBe(400);
  });

  it('answers 504 when the service is silent and 502 when it cannot be reached or fails', async () => {
    const token = await admin();
    const slow = await t.call('GET', '/resources-api/silent-visits', { token });
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toEqual({ status: 504, message: expect.stringContaining('did not answer within 500 ms') });
    const gone = await t.call('GET', '/resources-api/gone-visits', { token });
    expect(gone.statusCode).toBe(502);
    expect(gone.json()).toEqual({ status: 502, message: expect.stringContaining('cannot be reached') });
    const failing = await t.call('GET', '/resources-api/failing-visits', { token });
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toEqual({ status: 502, message: expect.stringContaining('answered 500: database down') });
    const broken = await t.call('GET', '/resources-api/broken-visits', { token });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().message).toContain('site does not match the declaration');
  });
});
