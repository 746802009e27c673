/**
 * The contractors screens' reads (document 2, sections 2.2, 2.5, 3, 6, 7): GET /contractors/export
 * (every matching contractor as CSV, in the list's order, with the list's gating of the CRM
 * fields and the contractor tags as tag_<id> columns), GET /history/contractors/:id (one record
 * per installation of the contractor, view_history_contractor), and the demo seed's logos and
 * CRM data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { CSV_BOM } from '../../common/csv';
import { contractorTagValues, contractors, installations, staffUsers } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let technician: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  technician = await t.tokenOf('technician');
});
afterAll(() => t?.close());

/** A demo user of the default role (view_installations, view_sensors): signs in through the provider. */
async function defaultRoleToken() {
  const [u] = await t.ctx.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.name, 'jan.nowak'));
  return (await t.ctx.sessions.startSession(t.ctx.db, u!.id)).tokens.accessToken;
}

/** RFC 4180 with `;` as the separator: rows of cells. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = body.slice(CSV_BOM.length);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const exportUrl = (params: Record<string, string> = {}) => `/api/contractors/export?${new URLSearchParams(params)}`;

describe('GET /contractors/export', () => {
  it('writes every matching contractor in the order of the list, as contractors.csv', async () => {
    const params = { query: 'type in (ACTION, SMOGFIGHTER)', sortBy: 'name', order: 'desc' };
    const res = await t.call('GET', exportUrl(params), { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('contractors.csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(expect.arrayContaining(['id', 'name', 'type', 'hsId', 'hsName', 'companyOwner']));
    const list = await t.call('GET', `/api/contractors?${new URLSearchParams({ ...params, limit: '10000' })}`, {
      token: admin,
    });
    const listed = list.json().data.contractors as { id: number; name: string; type: string }[];
    expect(listed.length).toBeGreaterThan(10);
    const id = header!.indexOf('id');
    const name = header!.indexOf('name');
    const type = header!.indexOf('type');
    expect(rows.map((r) => Number(r[id]))).toEqual(listed.map((c) => c.id));
    expect(rows.map((r) => r[name])).toEqual(listed.map((c) => c.name));
    expect(new Set(rows.map((r) => r[type]))).toEqual(new Set(['ACTION', 'SMOGFIGHTER']));
  });

  it('fills the tag columns from the contractor tags', async () => {
    const [value] = await t.ctx.db
      .select()
      .from(contractorTagValues)
      .where(isNotNull(contractorTagValues.value))
      .limit(1);
    const res = await t.call('GET', exportUrl({ query: `id = ${value!.entityId}` }), { token: admin });
    const [header, row] = parseCsv(res.body);
    const col = header!.indexOf(`tag_${value!.tagId}`);
    expect(col).toBeGreaterThan(-1);
    expect(row![col]).toBe(String(value!.value));
  });

  it('leaves out the CRM columns without view_contractors_company, and needs view_contractors', async () => {
    const [crm] = await t.ctx.db.select().from(contractors).where(isNotNull(contractors.hsName)).limit(1);
    const res = await t.call('GET', exportUrl({ query: `id = ${crm!.id}` }), { token: technician });
    expect(res.statusCode).toBe(200);
    const [header, row] = parseCsv(res.body);
    for (const hidden of ['hsId', 'hsName', 'companyOwner', 'companyState', 'endOfDeal'])
      expect(header).not.toContain(hidden);
    expect(row).toHaveLength(header!.length);
    expect(row).not.toContain(crm!.hsId);
    expect(row![header!.indexOf('name')]).toBe(crm!.name);
    const nobody = await defaultRoleToken();
    expect((await t.call('GET', exportUrl(), { token: nobody })).statusCode).toBe(403);
  });

  it('refuses a bad query with 400, not 500', async () => {
    const res = await t.call('GET', exportUrl({ query: 'name = ' }), { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });
});

describe('GET /history/contractors/:id', () => {
  it('lists one record per installation assigned to the contractor, newest first', async () => {
    const [busy] = await t.ctx.db
      .select({ id: installations.contractorId })
      .from(installations)
      .where(and(isNotNull(installations.contractorId), isNull(installations.removedAt)))
      .limit(1);
    const id = busy!.id!;
    const rows = await t.ctx.db.select().from(installations).where(eq(installations.contractorId, id));
    const res = await t.call('GET', `/api/history/contractors/${id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const records = res.json().data.installations as {
      installationId: number;
      installationDate: string | null;
      contractor: { id: number; name: string };
    }[];
    expect(records.map((r) => r.installationId).sort()).toEqual(rows.map((r) => r.installationId).sort());
    const [contractor] = await t.ctx.db.select().from(contractors).where(eq(contractors.id, id));
    for (const r of records) expect(r.contractor).toEqual({ id, name: contractor!.name });
    const dates = records.map((r) => r.installationDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers 404 for an unknown contractor, an empty list for one without installations', async () => {
    expect((await t.call('GET', '/api/history/contractors/999999', { token: admin })).statusCode).toBe(404);
    const [idle] = await t.ctx.db
      .insert(contractors)
      .values({ name: 'Bez instalacji', type: 'INDIVIDUAL' })
      .returning({ id: contractors.id });
    const res = await t.call('GET', `/api/history/contractors/${idle!.id}`, { token: admin });
    expect(res.json()).toEqual({ data: { installations: [] } });
  });

  it('needs view_history_contractor and hides contact data without view_contact', async () => {
    const nobody = await defaultRoleToken();
    expect((await t.call('GET', '/api/history/contractors/1', { token: nobody })).statusCode).toBe(403);
    const sales = await t.tokenOf('sales');
    const [withContact] = await t.ctx.db
      .select({ id: installations.contractorId })
      .from(installations)
      .where(and(isNotNull(installations.contractorId), isNotNull(installations.contactEmail)))
      .limit(1);
    const res = await t.call('GET', `/api/history/contractors/${withContact!.id}`, { token: sales });
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data.installations;
    expect(first).toBeDefined();
    expect(first).not.toHaveProperty('contactEmail');
    expect(first).not.toHaveProperty('address');
  });
});

describe('demo contractors', () => {
  it('have logos that are served, CRM data, subscriptions and deal dates', async () => {
    const all = await t.ctx.db.select().from(contractors);
    const withLogo = all.filter((c) => c.logo);
    expect(withLogo.length).toBeGreaterThan(all.length / 3);
    const logo = await t.app.inject({ method: 'GET', url: withLogo[0]!.logo! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
    expect(all.some((c) => c.hsId && c.hsName && c.companyOwner && c.endOfDeal)).toBe(true);
    expect(all.some((c) => c.activeSubscriptions > 0)).toBe(true);
  });
});
