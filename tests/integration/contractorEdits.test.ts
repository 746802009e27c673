/**
 * Adding and editing contractors over HTTP (document 2, sections 2.5, 6, 7): the add form as
 * multipart with an uploaded or a default logo, edits with the CRM fields guarded by
 * edit_contractor_company, logo replacement checked by content, tag values, the CRM name lookup
 * against this backend's records and against a HubSpot-compatible stand-in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { auditLogs, contractors, tags } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const req = new Request('http://local/', { method: 'POST', body: f });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

describe('contractors', () => {
  let t: TestApp;
  let admin: string;
  let sales: string;
  let technician: string;
  const send = async (method: string, url: string, token: string, m: { body: Buffer; type: string }) =>
    t.app.inject({
      method: method as 'POST',
      url,
      payload: m.body,
      headers: { 'content-type': m.type, authorization: `Bearer ${token}` },
    });
  const lastAudit = async () => (await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenOf('admin');
    sales = await t.tokenOf('sales');
    technician = await t.tokenOf('technician');
  });
  afterAll(() => t?.close());

  it('adds a contractor with an uploaded logo, served back', async () => {
    const res = await send(
      'POST',
      '/api/contractors',
      sales,
      await form(
        {
          name: 'Zielony Kraków',
          type: 'ACTION',
          link: 'https://zielony.example.org',
          hsId: '123456789',
          hsName: 'Zielony sp. z o.o.',
        },
        { name: 'logo.png', bytes: PNG, type: 'image/png' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { contractor } = res.json().data;
    expect(contractor).toMatchObject({ name: 'Zielony Kraków', type: 'ACTION', hsId: '123456789' });
    expect(contractor.logo).toMatch(/^\/api\/files\/logo\/[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: contractor.logo })).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ eventType: 'ContractorCreated', userName: 'sales' });
  });

  it('adds one with a default logo, and refuses bad fields, unknown logos and non-image files', async () => {
    const logos = (await t.call('GET', '/api/contractors/default-logos', { token: sales })).json().data.logos;
    expect(logos.length).toBeGreaterThan(3);
    const svg = await t.app.inject({ method: 'GET', url: logos[0].url });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    const ok = await send(
      'POST',
      '/api/contractors',
      sales,
      await form({ name: 'Ambasador', type: 'AMBASSADOR', logo: logos[0].name }),
    );
    expect(ok.json().data.contractor.logo).toBe(logos[0].url);

    const cases: [Record<string, string>, number, RegExp][] = [
      [{ name: '', type: 'ACTION' }, 400, /It is required/],
      [{ name: 'X', type: 'COMPANY' }, 400, /type must be one of/],
      [{ name: 'X', type: 'ACTION', link: 'javascript:alert(1)' }, 400, /http\(s\) address/],
      [{ name: 'X', type: 'ACTION', logo: 'nope' }, 400, /logo must be one of/],
      [{ name: 'X', type: 'ACTION', hsId: 'abc' }, 400, /numeric CRM company id/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await send('POST', '/api/contractors', sales, await form(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const notImage = await send(
      'POST',
      '/api/contractors',
      sales,
      await form(
        { name: 'X', type: 'ACTION' },
        { name: 'x.png', bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
      ),
    );
    expect(notImage.statusCode).toBe(415);
    const noRight = await send('POST', '/api/contractors', technician, await form({ name: 'X', type: 'ACTION' }));
    expect(noRight.statusCode).toBe(403);
  });

  it('edits name, type and link; the CRM fields need edit_contractor_company', async () => {
    const [row] = await t.ctx.db.select().from(contractors).where(isNotNull(contractors.hsId)).limit(1);
    const url = `/api/contractors/${row!.id}`;
    const res = await t.call('PATCH', url, {
      token: sales,
      body: { name: 'Renamed', type: 'SMOGFIGHTER', link: '', hsId: '987654321', hsName: 'New CRM' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contractor).toMatchObject({
      name: 'Renamed',
      type: 'SMOGFIGHTER',
      link: null,
      hsId: '987654321',
    });
    const role = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: { name: 'Contractor editor', permissions: ['view_contractors', 'edit_contractors'] },
    });
    expect(role.statusCode).toBe(201);
    await t.call('PATCH', '/api/admin/users/3', { token: admin, body: { role: 'Contractor editor' } });
    const editor = (await t.login('technician')).tokens.accessToken;
    const crm = await t.call('PATCH', url, {
      token: editor,
      body: { name: 'Again', type: 'ACTION', hsId: '1', hsName: 'X' },
    });
    expect(crm.statusCode).toBe(403);
    const plain = await t.call('PATCH', url, { token: editor, body: { name: 'Again', type: 'ACTION' } });
    expect(plain.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(contractors).where(eq(contractors.id, row!.id));
    expect([after!.name, after!.hsId]).toEqual(['Again', '987654321']);
    expect(
      (await t.call('PATCH', '/api/contractors/2147483000', { token: sales, body: { name: 'x', type: 'ACTION' } }))
        .statusCode,
    ).toBe(404);
  });

  it('replaces the logo and sets tag values', async () => {
    const id = 1;
    const logo = await send(
      'PATCH',
      `/api/contractors/${id}/logo`,
      sales,
      await form({}, { name: 'l.png', bytes: PNG, type: 'image/png' }),
    );
    expect(logo.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ eventType: 'ContractorLogoChanged' });
    const [tag] = await t.ctx.db
      .select()
      .from(tags)
      .where(and(eq(tags.context, 'contractors'), eq(tags.type, 'STRING')))
      .limit(1);
    expect(tag).toBeDefined();
    const set = await t.call('PATCH', `/api/contractors/${id}/tags/${tag!.id}`, {
      token: admin,
      body: { value: 'gold' },
    });
    expect(set.json().data).toEqual({ tagId: tag!.id, value: 'gold' });
    const wrong = await t.call('PATCH', `/api/contractors/${id}/tags/${tag!.id}`, {
      token: admin,
      body: { value: true },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('looks up a CRM company name from its own records when no CRM is configured', async () => {
    const [row] = await t.ctx.db.select().from(contractors).where(isNotNull(contractors.hsId)).limit(1);
    const found = await t.call('GET', `/api/hubspot/contractors/${row!.hsId}/name`, { token: sales });
    expect(found.json().data).toEqual({ id: row!.hsId, name: row!.hsName });
    expect(
      (await t.call('GET', '/api/hubspot/contractors/11111111111111111111/name', { token: sales })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/hubspot/contractors/abc/name', { token: sales })).statusCode).toBe(400);
  });
});

describe('with a HubSpot-compatible CRM (local stand-in)', () => {
  let t: TestApp;
  let server: http.Server;
  const seen: (string | undefined)[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      const m = /^\/crm\/v3\/objects\/companies\/(\d+)\?properties=name$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (m && m[1] === '555000111') return res.end(JSON.stringify({ id: m[1], properties: { name: 'Acme Air' } }));
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ env: { CRM_URL: `http://127.0.0.1:${port}`, CRM_TOKEN: 'crm-secret' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it('answers the CRM’s name with the configured token, 404 for an unknown company, 503 when it is down', async () => {
    const token = await t.tokenOf('sales');
    const res = await t.call('GET', '/api/hubspot/contractors/555000111/name', { token });
    expect(res.json().data.name).toBe('Acme Air');
    expect(seen[0]).toBe('Bearer crm-secret');
    expect((await t.call('GET', '/api/hubspot/contractors/1/name', { token })).statusCode).toBe(404);
    await new Promise((r) => server.close(r));
    expect((await t.call('GET', '/api/hubspot/contractors/555000111/name', { token })).statusCode).toBe(503);
  });
});
