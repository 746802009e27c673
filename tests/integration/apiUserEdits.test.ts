/**
 * API-key user changes over HTTP (document 2, sections 2.7, 5, 6, 7): limits with the shared rule,
 * the samples API switch, the contractor, the internal-account block, and the audit of each change.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { apiUsers, auditLogs } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let sales: string;
let regular: typeof apiUsers.$inferSelect;
let internal: typeof apiUsers.$inferSelect;
const db = () => t.ctx.db;
const userRow = async (id: number) => (await db().select().from(apiUsers).where(eq(apiUsers.id, id)))[0]!;
const lastAudit = async () => (await db().select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  sales = await t.tokenOf('sales');
  const all = await db().select().from(apiUsers);
  regular = all.find((u) => !u.internal)!;
  internal = all.find((u) => u.internal)!;
  expect(regular && internal).toBeTruthy();
});
afterAll(() => t?.close());

it('sets a standard limit by the shared rule and removes it', async () => {
  const url = `/apiusers-api/users/${regular.id}/limitStandard/`;
  const bad = await t.call('PUT', url, { token: sales, body: { second: 10, hour: 5 } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe('hour must be at least 10 (the second limit)');
  const none = await t.call('PUT', url, { token: sales, body: {} });
  expect(none.json().message).toBe('One limit value required when samples API or custom limit enabled!');
  const ok = await t.call('PUT', url, { token: sales, body: { second: 5, minute: 100, day: null } });
  expect(ok.statusCode).toBe(200);
  expect((await userRow(regular.id)).limitStandard).toEqual({ second: 5, minute: 100 });
  expect(await lastAudit()).toMatchObject({ eventType: 'ApiUserLimitUpdated' });
  const removed = await t.call('DELETE', url, { token: sales });
  expect(removed.json().data.user.limitStandard).toBeNull();
});

it('enables the samples API only with a samples limit, and removing the limit turns it off', async () => {
  const base = `/apiusers-api/users/${regular.id}`;
  await t.call('DELETE', `${base}/limitSamples/`, { token: sales });
  const refused = await t.call('POST', `${base}/samplesAPI/enable`, { token: sales });
  expect(refused.statusCode).toBe(422);
  await t.call('PUT', `${base}/limitSamples/`, { token: sales, body: { day: 1000 } });
  const on = await t.call('POST', `${base}/samplesAPI/enable`, { token: sales });
  expect(on.json().data.user.samplesAPI).toBe(true);
  const gone = await t.call('DELETE', `${base}/limitSamples/`, { token: sales });
  expect(gone.json().data.user).toMatchObject({ samplesAPI: false, limitSamples: null });
});

it('assigns and removes the contractor; an unknown contractor is a 422', async () => {
  const base = `/apiusers-api/users/${regular.id}/contractor`;
  expect((await t.call('PATCH', base, { token: sales, body: { contractorId: 999_999 } })).statusCode).toBe(422);
  const set = await t.call('PATCH', base, { token: sales, body: { contractorId: 2 } });
  expect(set.json().data.user.contractorId).toBe(2);
  const removed = await t.call('DELETE', base, { token: sales });
  expect(removed.json().data.user.contractorId).toBeNull();
  expect(await lastAudit()).toMatchObject({ eventType: 'ApiUserContractorRemoved' });
});

it('blocks an internal account unless the specific permission is held; needs some edit permission at all', async () => {
  const role = await t.call('POST', '/api/admin/roles', {
    token: await t.tokenOf('admin'),
    body: { name: 'API general', permissions: ['view_api_users', 'edit_api_users'] },
  });
  expect(role.statusCode).toBe(201);
  await t.call('PATCH', '/api/admin/users/3', { token: await t.tokenOf('admin'), body: { role: 'API general' } });
  const general = (await t.login('technician')).tokens.accessToken;
  const blocked = await t.call('PUT', `/apiusers-api/users/${internal.id}/limitStandard/`, {
    token: general,
    body: { minute: 10 },
  });
  expect(blocked.statusCode).toBe(403);
  expect(blocked.json().message).toMatch(/internal account/);
  const fine = await t.call('PUT', `/apiusers-api/users/${regular.id}/limitStandard/`, {
    token: general,
    body: { minute: 10 },
  });
  expect(fine.statusCode).toBe(200);
  // sales holds the specific permissions: the internal account can be changed.
  const specific = await t.call('PUT', `/apiusers-api/users/${internal.id}/limitStandard/`, {
    token: sales,
    body: { minute: 10 },
  });
  expect(specific.statusCode).toBe(200);
  const viewer = await t.tokenOf('viewer');
  expect((await t.call('DELETE', `/apiusers-api/users/${regular.id}/contractor`, { token: viewer })).statusCode).toBe(
    403,
  );
});

it('refuses limit values that are not whole numbers of at least 1, on both limits, changing nothing', async () => {
  for (const path of ['limitStandard', 'limitSamples']) {
    const url = `/apiusers-api/users/${regular.id}/${path}/`;
    await t.call('PUT', url, { token: sales, body: { day: 500 } });
    for (const [body, message] of [
      [{ minute: 0 }, 'minute: It must be greater than 0'],
      [{ minute: 1.5 }, 'minute: It must be an integer'],
      [{ second: 2, year: 1 }, 'year must be at least 2 (the second limit)'],
    ] as const) {
      const res = await t.call('PUT', url, { token: sales, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ status: 400, message });
    }
    const text = await t.call('PUT', url, { token: sales, body: { minute: '5' } });
    expect(text.statusCode).toBe(400);
    const row = await userRow(regular.id);
    expect(path === 'limitStandard' ? row.limitStandard : row.limitSamples).toEqual({ day: 500 });
  }
});

it('blocks every change of an internal account without its specific permission', async () => {
  const role = await t.call('POST', '/api/admin/roles', {
    token: await t.tokenOf('admin'),
    body: { name: 'API general only', permissions: ['view_api_users', 'edit_api_users'] },
  });
  expect(role.statusCode).toBe(201);
  await t.call('PATCH', '/api/admin/users/3', { token: await t.tokenOf('admin'), body: { role: 'API general only' } });
  const general = (await t.login('technician')).tokens.accessToken;
  const base = `/apiusers-api/users/${internal.id}`;
  for (const [method, url, body] of [
    ['PUT', `${base}/limitSamples/`, { day: 5 }],
    ['DELETE', `${base}/limitStandard/`, undefined],
    ['POST', `${base}/samplesAPI/enable`, undefined],
    ['POST', `${base}/samplesAPI/disable`, undefined],
    ['PATCH', `${base}/contractor`, { contractorId: 2 }],
    ['DELETE', `${base}/contractor`, undefined],
  ] as const) {
    const res = await t.call(method, url, { token: general, body });
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(res.json().message).toMatch(/internal account/);
  }
  expect((await t.call('PATCH', `${base}/contractor`, { token: sales, body: { contractorId: 2 } })).statusCode).toBe(
    200,
  );
});
