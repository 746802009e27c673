/**
 * API keys and real rate limits (issue 12, beyond the spec) over HTTP: issuing and rotating a key
 * (shown once, stored hashed, the old key refused), the sample public endpoints with 401/403/429 and
 * the X-RateLimit-* / Retry-After headers of the tightest period, a limit change applying to the next
 * request, the usage view (requests per period, last 429), the streamed CSV export of the list; and
 * the same limits counted in Redis when TEST_REDIS_URL is set (two processes share the counters).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { DEFAULT_STANDARD_LIMIT } from '../../common/apiLimits';
import { CSV_BOM } from '../../common/csv';
import { apiUsers, auditLogs } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let sales: string;
let users: (typeof apiUsers.$inferSelect)[];
const db = () => t.ctx.db;
const userRow = async (id: number) => (await db().select().from(apiUsers).where(eq(apiUsers.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  sales = await t.tokenOf('sales');
  users = (await db().select().from(apiUsers).orderBy(apiUsers.id)).filter((u) => !u.internal);
});
afterAll(() => t?.close());

/** A regular user set up for one test: its own limits, a fresh key. */
async function prepared(index: number, set: Partial<typeof apiUsers.$inferInsert>, app = t) {
  const user = users[index]!;
  await app.ctx.db
    .update(apiUsers)
    .set({ limitStandard: null, limitSamples: null, samplesApi: false, ...set })
    .where(eq(apiUsers.id, user.id));
  const res = await app.call('POST', `/apiusers-api/users/${user.id}/key`, { token: await app.tokenOf('sales') });
  expect(res.statusCode).toBe(200);
  return { id: user.id, key: res.json().data.key as string };
}

const hit = (key: string | undefined, path = 'ping', app = t) =>
  app.call('GET', `/apiusers-api/v1/${path}`, { headers: key === undefined ? {} : { 'x-api-key': key } });

const rateHeaders = (res: Awaited<ReturnType<typeof hit>>) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

describe('API keys', () => {
  it('issues a key shown once and stored only as its hash; a new key makes the old one stop working', async () => {
    const user = users[0]!;
    const first = await t.call('POST', `/apiusers-api/users/${user.id}/key`, { token: sales });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { key, keyPrefix } = first.json().data;
    expect(key).toMatch(/^aqk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(keyPrefix)).toBe(true);
    const stored = await userRow(user.id);
    expect(stored.keyHash).toBe(crypto.createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored.keyPrefix).toBe(keyPrefix);
    const [log] = await db().select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
    expect(log).toMatchObject({ eventType: 'ApiUserKeyIssued' });
    expect(log!.message).toContain(keyPrefix);
    expect(log!.message).not.toContain(key);
    expect((await hit(key)).statusCode).toBe(200);

    const second = (await t.call('POST', `/apiusers-api/users/${user.id}/key`, { token: sales })).json().data.key;
    expect(second).not.toBe(key);
    const old = await hit(key);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ status: 401, message: 'A valid API key is required in the X-API-Key header' });
    expect((await hit(second)).statusCode).toBe(200);
  });

  it('needs edit_api_users; an internal account also edit_api_users_internal; unknown users are 404', async () => {
    const internal = (await db().select().from(apiUsers).where(eq(apiUsers.internal, true)))[0]!;
    const refused = await t.call('POST', `/apiusers-api/users/${internal.id}/key`, { token: sales });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/edit_api_users_internal/);
    expect((await userRow(internal.id)).keyHash).toBeNull();
    expect((await t.call('POST', `/apiusers-api/users/${internal.id}/key`, { token: admin })).statusCode).toBe(200);
    const viewer = await t.tokenOf('viewer');
    expect((await t.call('POST', `/apiusers-api/users/${users[1]!.id}/key`, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('POST', '/apiusers-api/users/999999/key', { token: sales })).statusCode).toBe(404);
  });

  it('answers 401 without a key or with an unknown one, on both endpoints', async () => {
    for (const path of ['ping', 'samples']) {
      for (const key of [undefined, '', 'nonsense', `aqk_${'x'.repeat(43)}`]) {
        const res = await hit(key, path);
        expect(res.statusCode, `${path} ${key}`).toBe(401);
        expect(res.json().status).toBe(401);
      }
    }
  });
});

describe('rate limits', () => {
  it('counts every request against every period and refuses past the tightest with 429 and Retry-After', async () => {
    const { id, key } = await prepared(2, { limitStandard: { minute: 3, day: 1000 } });
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await hit(key);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ pong: true, user: users[2]!.username });
      seen.push(rateHeaders(res));
    }
    expect(seen.map((h) => [h.limit, h.remaining])).toEqual([
      [3, 2],
      [3, 1],
      [3, 0],
    ]);
    for (const h of seen) {
      expect(h.reset).toBeGreaterThan(0);
      expect(h.reset).toBeLessThanOrEqual(60);
    }
    const refused = await hit(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect(refused.json().message).toContain('3 requests per minute');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(rateHeaders(refused)).toMatchObject({ limit: 3, remaining: 0 });
    const row = await userRow(id);
    expect(row.lastRateLimitedAt).toBeInstanceOf(Date);
    expect(row.lastRateLimitedKind).toBe('standard');
  });

  it('reports the tightest period: the one with the fewest requests left', async () => {
    const { key } = await prepared(3, { limitStandard: { second: 50, minute: 100, day: 4 } });
    const res = await hit(key);
    expect(rateHeaders(res)).toMatchObject({ limit: 4, remaining: 3 });
    expect(rateHeaders(res).reset).toBeGreaterThan(3600);
  });

  it('holds a user without a custom limit to the default standard limit', async () => {
    const { key } = await prepared(4, {});
    const res = await hit(key);
    expect(res.statusCode).toBe(200);
    const smallest = Math.min(...Object.values(DEFAULT_STANDARD_LIMIT));
    expect(rateHeaders(res)).toMatchObject({ limit: smallest, remaining: smallest - 1 });
  });

  it('applies a limit changed through the API-user manager to the very next request', async () => {
    const { id, key } = await prepared(5, { limitStandard: { hour: 2 } });
    await hit(key);
    await hit(key);
    expect((await hit(key)).statusCode).toBe(429); // third counted too
    const url = `/apiusers-api/users/${id}/limitStandard/`;
    expect((await t.call('PUT', url, { token: sales, body: { hour: 10 } })).statusCode).toBe(200);
    const raised = await hit(key);
    expect(raised.statusCode).toBe(200);
    expect(rateHeaders(raised)).toMatchObject({ limit: 10, remaining: 6 });
    expect((await t.call('PUT', url, { token: sales, body: { hour: 4 } })).statusCode).toBe(200);
    const lowered = await hit(key);
    expect(lowered.statusCode).toBe(429);
    expect(rateHeaders(lowered)).toMatchObject({ limit: 4, remaining: 0 });
    // removing the custom limit falls back to the default one
    expect((await t.call('DELETE', url, { token: sales })).statusCode).toBe(200);
    expect((await hit(key)).statusCode).toBe(200);
  });

  it('serves samples only with the samples API on, counted against the samples limit alone', async () => {
    const { id, key } = await prepared(6, { limitStandard: { day: 100 }, limitSamples: { minute: 2 } });
    const off = await hit(key, 'samples');
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/samples API is not enabled/);
    expect(rateHeaders(off)).toMatchObject({ limit: 100, remaining: 100 }); // nothing counted
    expect((await t.call('POST', `/apiusers-api/users/${id}/samplesAPI/enable`, { token: sales })).statusCode).toBe(
      200,
    );
    const first = await hit(key, 'samples');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.samples.length).toBeGreaterThan(0);
    expect(first.json().data.samples[0]).toMatchObject({ installationId: expect.any(Number) });
    expect(rateHeaders(first)).toMatchObject({ limit: 2, remaining: 1 });
    expect((await hit(key, 'samples')).statusCode).toBe(200);
    const refused = await hit(key, 'samples');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('samples API');
    // the standard limit is untouched by samples calls
    expect(rateHeaders(await hit(key))).toMatchObject({ limit: 100, remaining: 99 });
    expect((await userRow(id)).lastRateLimitedKind).toBe('samples');
    await t.call('POST', `/apiusers-api/users/${id}/samplesAPI/disable`, { token: sales });
    expect((await hit(key, 'samples')).statusCode).toBe(403);
  });

  it('shows the usage per period and the last 429', async () => {
    const { id, key } = await prepared(7, { limitStandard: { minute: 1, day: 50 }, limitSamples: { day: 5 } });
    const before = (await t.call('GET', `/apiusers-api/users/${id}/usage`, { token: sales })).json().data.usage;
    expect(before).toMatchObject({
      id,
      lastRateLimitedAt: null,
      backend: 'database',
      standard: {
        custom: true,
        periods: [
          { period: 'minute', limit: 1, used: 0, remaining: 1, resetSec: 0 },
          { period: 'day', limit: 50, used: 0, remaining: 50, resetSec: 0 },
        ],
      },
      samples: { enabled: false, periods: [{ period: 'day', limit: 5, used: 0 }] },
    });
    expect(key.startsWith(before.keyPrefix)).toBe(true);
    await hit(key);
    await hit(key);
    const after = (await t.call('GET', `/apiusers-api/users/${id}/usage`, { token: await t.tokenOf('viewer') })).json()
      .data.usage;
    expect(after.standard.periods).toMatchObject([
      { period: 'minute', used: 2, remaining: 0 },
      { period: 'day', used: 2, remaining: 48 },
    ]);
    expect(after.standard.periods[0].resetSec).toBeGreaterThan(0);
    expect(Date.parse(after.lastRateLimitedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.lastRateLimitedKind).toBe('standard');
    const technician = await t.tokenOf('technician');
    expect((await t.call('GET', `/apiusers-api/users/${id}/usage`, { token: technician })).statusCode).toBe(403);
    expect((await t.call('GET', '/apiusers-api/users/999999/usage', { token: sales })).statusCode).toBe(404);
  });
});

describe('CSV export (GET /users/export)', () => {
  it('streams every matching user with the declared columns, in the list order', async () => {
    const res = await t.call('GET', '/apiusers-api/users/export?sortBy=username&order=desc', { token: sales });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="api-users.csv"');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(CSV_BOM.length).trimEnd().split(/\r?\n/);
    const header = lines[0]!.split(';');
    expect(header).toEqual(
      expect.arrayContaining(['id', 'username', 'customId', 'contractorName', 'limitStandard', 'samplesAPI']),
    );
    const total = (await t.call('GET', '/apiusers-api/users?limit=1', { token: sales })).json().totalUsers;
    expect(total).toBeGreaterThan(300);
    expect(lines.length - 1).toBe(total);
    const list = (
      await t.call('GET', '/apiusers-api/users?sortBy=username&order=desc&limit=5', { token: sales })
    ).json().users;
    const idColumn = header.indexOf('id');
    expect(lines.slice(1, 6).map((l) => Number(l.split(';')[idColumn]))).toEqual(list.map((u: { id: number }) => u.id));
  });

  it('applies search, contractor filter and the columns asked for', async () => {
    const [withContractor] = await db().select().from(apiUsers).where(eq(apiUsers.id, users[10]!.id));
    const contractorId = users.find((u) => u.contractorId)!.contractorId!;
    const list = (
      await t.call('GET', `/apiusers-api/users?contractors=${contractorId}&limit=200`, { token: sales })
    ).json();
    const csv = await t.call('GET', `/apiusers-api/users/export?contractors=${contractorId}&columns=username,id`, {
      token: sales,
    });
    const lines = csv.body.slice(CSV_BOM.length).trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('username;id');
    expect(lines.length - 1).toBe(list.totalUsers);
    const search = withContractor!.username;
    const found = await t.call(
      'GET',
      `/apiusers-api/users/export?search=${encodeURIComponent(search)}&columns=username`,
      {
        token: sales,
      },
    );
    expect(found.body).toContain(search);
    expect(
      (await t.call('GET', '/apiusers-api/users/export', { token: await t.tokenOf('technician') })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/apiusers-api/users/export?limit=5', { token: sales })).statusCode).toBe(200);
    expect((await t.call('GET', '/apiusers-api/users/export?contractors=x', { token: sales })).statusCode).toBe(400);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits counted in Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      API_RATE_LIMIT_REDIS_PREFIX: `aq-test:${crypto.randomBytes(6).toString('hex')}`,
      REALTIME_REDIS_CHANNEL: `aq-test:${crypto.randomBytes(6).toString('hex')}`,
    };
    a = await createTestApp({ env });
    // The second process shares the first one's database only through Redis counters: same seed, same ids.
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('shares the counters between processes and refuses past the limit', async () => {
    const user = users[8]!;
    for (const app of [a, b])
      await app.ctx.db
        .update(apiUsers)
        .set({ limitStandard: { minute: 3 } })
        .where(eq(apiUsers.id, user.id));
    const keyA = (
      await a.call('POST', `/apiusers-api/users/${user.id}/key`, { token: await a.tokenOf('sales') })
    ).json().data.key;
    const keyB = (
      await b.call('POST', `/apiusers-api/users/${user.id}/key`, { token: await b.tokenOf('sales') })
    ).json().data.key;
    expect(rateHeaders(await hit(keyA, 'ping', a))).toMatchObject({ limit: 3, remaining: 2 });
    expect(rateHeaders(await hit(keyB, 'ping', b))).toMatchObject({ limit: 3, remaining: 1 });
    expect((await hit(keyA, 'ping', a)).statusCode).toBe(200);
    const refused = await hit(keyB, 'ping', b);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const usage = (
      await a.call('GET', `/apiusers-api/users/${user.id}/usage`, { token: await a.tokenOf('sales') })
    ).json().data.usage;
    expect(usage.backend).toBe('redis');
    expect(usage.standard.periods[0]).toMatchObject({ period: 'minute', used: 4, remaining: 0 });
  });
});
