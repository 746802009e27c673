/**
 * API tokens and audit logs over HTTP on a real database (PGlite, or PostgreSQL with TEST_DB=postgres):
 * the secret shown once and stored as a hash, scope limits, revocation and expiry on every service,
 * the refusals, the audit trail, and the audit list's filters, sorting, paging and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiTokens, roles } from '../../server/db/schema';
import { sha256 } from '../../server/auth/password';
import { dataChanged } from '../../server/db/changes';
import { SEARCH_DOCUMENT } from '../../server/services/main/audit/repository';
import { LIST_COUNT_CAP } from '../../server/lists/endpoint';
import { createTestApp, type TestApp } from '../support/testApp';

const WEEK = 6.048e8;

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Created {
  id: number;
  token: string;
  name: string;
  permissions: string[];
  active: boolean;
  ownerName: string;
}

async function createToken(user: string, name: string, permissions: string[], time = WEEK): Promise<Created> {
  const res = await t.call('POST', '/api/integrations', {
    token: await t.tokenOf(user),
    body: { name, permissions, time },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = async (url: string, token: string) => t.call('GET', url, { token });
const listOwn = async (user: string) =>
  (await get('/api/integrations', await t.tokenOf(user))).json().data.integrations as Created[];
const logs = async (user: string, scope: 'personal' | 'admin', query = '') => {
  const res = await get(`/api/audit/logs/${scope}${query}`, await t.tokenOf(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      logs: {
        logId: number;
        userName: string | null;
        eventType: string;
        sourceName: string;
        message: string;
        createdDate: string;
      }[];
    };
    meta: { totalCount: number; capped: boolean };
  };
};

describe('creating a token', () => {
  it('returns the secret once; listings never carry it and the database holds only its hash', async () => {
    const created = await createToken('technician', 'exporter', ['view_sensors']);
    expect(created.token).toMatch(/^aqt_/);
    expect(created).toMatchObject({
      name: 'exporter',
      permissions: ['view_sensors'],
      active: true,
      ownerName: 'technician',
    });

    const own = await get('/api/integrations', await t.tokenOf('technician'));
    expect(own.body).not.toContain(created.token);
    const listed = (own.json().data.integrations as Created[]).find((x) => x.id === created.id)!;
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('token');
    expect(listed).not.toHaveProperty('tokenHash');
    const all = await get('/api/integrations?all=true', await t.tokenOf('admin'));
    expect(all.body).not.toContain(created.token);

    const [row] = await t.ctx.db
      .select({ hash: apiTokens.tokenHash })
      .from(apiTokens)
      .where(eq(apiTokens.id, created.id));
    expect(row!.hash).toBe(sha256(created.token));
    expect(row!.hash).not.toContain(created.token);
  });

  it('expires after the chosen lifetime and refuses other lifetimes', async () => {
    const before = Date.now();
    const day = await createToken('technician', 'daily', [], 8.64e7);
    const expiresAt = new Date((day as unknown as { expiresAt: string }).expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 8.64e7 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 8.64e7 + 1000);
    const odd = await t.call('POST', '/api/integrations', {
      token: await t.tokenOf('technician'),
      body: { name: 'odd', permissions: [], time: 12345 },
    });
    expect(odd.statusCode).toBe(400);
  });

  it('requires a name', async () => {
    const res = await t.call('POST', '/api/integrations', {
      token: await t.tokenOf('technician'),
      body: { name: '  ', permissions: [], time: WEEK },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/i);
  });

  it('cannot carry more than its creator holds: 403 naming the permission', async () => {
    const res = await t.call('POST', '/api/integrations', {
      token: await t.tokenOf('technician'),
      body: { name: 'greedy', permissions: ['view_sensors', 'admin_view_users'], time: WEEK },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('admin_view_users');
    expect(res.json().message).not.toContain('view_sensors,');
  });

  it('offers exactly the caller’s permissions to choose from', async () => {
    const me = await t.login('technician');
    const res = await get('/api/integrations/permissions', me.tokens.accessToken);
    expect(res.statusCode).toBe(200);
    expect([...res.json().data].sort()).toEqual([...me.user.permissions].sort());
    expect((await get('/api/integrations/permissions', await t.tokenOf('viewer'))).statusCode).toBe(403);
  });
});

describe('using a token', () => {
  it('works as a bearer credential on the main API and on another service, within its permissions only', async () => {
    const { token } = await createToken('technician', 'reader', ['view_sensors', 'view_versions']);
    expect((await get('/api/sensors', token)).statusCode).toBe(200);
    expect((await get('/updater/gsm/versions', token)).statusCode).toBe(200);
    // The owner holds view_installations, the token does not.
    const denied = await get('/api/installations', token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('view_installations');
    // A token cannot mint tokens unless it carries use_tokens.
    const mint = await t.call('POST', '/api/integrations', {
      token,
      body: { name: 'child', permissions: [], time: WEEK },
    });
    expect(mint.statusCode).toBe(403);
  });

  it('carries admin permissions on admin routes when its creator holds them', async () => {
    const { token } = await createToken('admin', 'roles-reader', ['admin_view_roles']);
    expect((await get('/api/admin/roles', token)).statusCode).toBe(200);
    expect((await get('/api/admin/users', token)).statusCode).toBe(403);
  });

  it('shrinks with its owner’s role on the very next request', async () => {
    const { token } = await createToken('sales', 'sales-reader', ['view_sensors', 'view_installations']);
    expect((await get('/api/sensors', token)).statusCode).toBe(200);
    const [role] = await t.ctx.db.select().from(roles).where(eq(roles.name, 'sales'));
    const without = { ...role!.permissions, view_sensors: false };
    await t.ctx.db.update(roles).set({ permissions: without }).where(eq(roles.id, role!.id));
    // Written beside the API: ended in this process's read caches as an API write would (another
    // process sees it within AUTH_CACHE_TTL_MS).
    dataChanged();
    try {
      const res = await get('/api/sensors', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('view_sensors');
      expect((await get('/api/installations', token)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(roles).set({ permissions: role!.permissions }).where(eq(roles.id, role!.id));
      dataChanged();
    }
    expect((await get('/api/sensors', token)).statusCode).toBe(200);
  });

  it('is refused everywhere with 401 once revoked, at once', async () => {
    const created = await createToken('technician', 'short-lived', ['view_sensors', 'view_versions']);
    expect((await get('/api/sensors', created.token)).statusCode).toBe(200);
    const res = await t.call('DELETE', `/api/integrations/${created.id}`, { token: await t.tokenOf('technician') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, active: false });
    expect(res.json()).not.toHaveProperty('token');
    expect((await get('/api/sensors', created.token)).statusCode).toBe(401);
    expect((await get('/updater/gsm/versions', created.token)).statusCode).toBe(401);
    const listed = (await listOwn('technician')).find((x) => x.id === created.id)!;
    expect(listed.active).toBe(false);
  });

  it('is refused everywhere with 401 once expired', async () => {
    const created = await createToken('technician', 'expiring', ['view_sensors', 'view_versions']);
    expect((await get('/updater/gsm/versions', created.token)).statusCode).toBe(200);
    await t.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id));
    dataChanged();
    expect((await get('/api/sensors', created.token)).statusCode).toBe(401);
    expect((await get('/updater/gsm/versions', created.token)).statusCode).toBe(401);
  });

  it('an unknown token is 401', async () => {
    expect((await get('/api/sensors', 'aqt_not-a-real-token')).statusCode).toBe(401);
  });
});

describe('revoking', () => {
  it('twice is 409', async () => {
    const { id } = await createToken('technician', 'twice', []);
    const token = await t.tokenOf('technician');
    expect((await t.call('DELETE', `/api/integrations/${id}`, { token })).statusCode).toBe(200);
    const again = await t.call('DELETE', `/api/integrations/${id}`, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Token is already inactive');
  });

  it('someone else’s token needs admin_deactivate_tokens', async () => {
    const { id, token: secret } = await createToken('sales', 'theirs', ['view_sensors']);
    const byTechnician = await t.call('DELETE', `/api/integrations/${id}`, { token: await t.tokenOf('technician') });
    expect(byTechnician.statusCode).toBe(403);
    expect(byTechnician.json().message).toContain('admin_deactivate_tokens');
    expect((await get('/api/sensors', secret)).statusCode).toBe(200);
    const byAdmin = await t.call('DELETE', `/api/integrations/${id}`, { token: await t.tokenOf('admin') });
    expect(byAdmin.statusCode).toBe(200);
    expect((await get('/api/sensors', secret)).statusCode).toBe(401);
  });

  it('an unknown token is 404', async () => {
    expect((await t.call('DELETE', '/api/integrations/999999', { token: await t.tokenOf('admin') })).statusCode).toBe(
      404,
    );
  });
});

describe('listing', () => {
  it('shows only the caller’s tokens without all=true', async () => {
    await createToken('sales', 'sales-own', []);
    const own = await listOwn('technician');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((x) => x.ownerName === 'technician')).toBe(true);
  });

  it('every token with all=true needs admin_view_tokens', async () => {
    const denied = await get('/api/integrations?all=true', await t.tokenOf('technician'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('admin_view_tokens');
    const all = (await get('/api/integrations?all=true', await t.tokenOf('admin'))).json().data
      .integrations as Created[];
    expect(new Set(all.map((x) => x.ownerName))).toEqual(new Set(['technician', 'sales', 'admin']));
  });

  it('needs use_tokens or admin_view_tokens at all', async () => {
    expect((await get('/api/integrations', await t.tokenOf('viewer'))).statusCode).toBe(403);
  });
});

describe('audit trail of tokens', () => {
  it('records TokenCreated and TokenRevoked for the acting user', async () => {
    const { id } = await createToken('technician', 'audited', ['view_sensors']);
    await t.call('DELETE', `/api/integrations/${id}`, { token: await t.tokenOf('technician') });
    const created = await logs('technician', 'personal', '?type=TokenCreated&search=audited');
    expect(created.data.logs).toHaveLength(1);
    expect(created.data.logs[0]).toMatchObject({
      eventType: 'TokenCreated',
      userName: 'technician',
      sourceName: 'Console',
    });
    expect(created.data.logs[0]!.message).toContain('"audited"');
    const revoked = await logs('technician', 'personal', '?type=TokenRevoked&search=audited');
    expect(revoked.data.logs).toHaveLength(1);
    expect(revoked.data.logs[0]!.message).toBe('Token "audited" of technician revoked');
  });

  it('records the admin as the actor when an admin revokes someone else’s token', async () => {
    const { id } = await createToken('sales', 'admin-revoked', []);
    await t.call('DELETE', `/api/integrations/${id}`, { token: await t.tokenOf('admin') });
    const rows = (await logs('admin', 'admin', '?type=TokenRevoked&search=admin-revoked')).data.logs;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userName: 'admin', message: 'Token "admin-revoked" of sales revoked' });
  });
});

describe('audit logs', () => {
  it('personal logs hold only the caller’s events', async () => {
    await createToken('admin', 'admin-only-event', []);
    const mine = await logs('technician', 'personal', '?limit=1000');
    expect(mine.data.logs.length).toBeGreaterThan(0);
    expect(mine.data.logs.every((l) => l.userName === 'technician')).toBe(true);
    expect((await logs('technician', 'personal', '?search=admin-only-event')).meta.totalCount).toBe(0);
    expect((await logs('admin', 'admin', '?search=admin-only-event')).meta.totalCount).toBe(1);
  });

  it('personal logs need view_logs, system logs admin_view_logs', async () => {
    expect((await get('/api/audit/logs/personal', await t.tokenOf('viewer'))).statusCode).toBe(403);
    const res = await get('/api/audit/logs/admin', await t.tokenOf('technician'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('admin_view_logs');
  });

  it('defaults to 100 rows, newest first, with the exact total', async () => {
    const body = await logs('admin', 'admin');
    expect(body.data.logs.length).toBeLessThanOrEqual(100);
    const [count] = await rowsOf<{ n: number }>(t.ctx.db.execute(sql`select count(*)::int as n from audit_logs`));
    expect(body.meta).toEqual({ totalCount: count!.n, capped: false });
    const ids = body.data.logs.map((l) => l.logId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by type', async () => {
    const body = await logs('admin', 'admin', '?type=TokenCreated&limit=300');
    expect(body.data.logs.length).toBeGreaterThan(0);
    expect(body.data.logs.every((l) => l.eventType === 'TokenCreated')).toBe(true);
    expect(body.meta.totalCount).toBe(body.data.logs.length);
  });

  it('searches message, user and source, case-insensitively', async () => {
    await createToken('technician', 'MixedCaseNeedle', []);
    expect((await logs('admin', 'admin', '?search=mixedcaseneedle')).data.logs).toHaveLength(1);
    const byUser = await logs('admin', 'admin', '?search=TECHNICIAN&type=TokenCreated&limit=300');
    expect(byUser.data.logs.length).toBeGreaterThan(0);
    expect(
      byUser.data.logs.every((l) => l.userName === 'technician' || l.message.toLowerCase().includes('technician')),
    ).toBe(true);
    const all = (await logs('admin', 'admin', '?type=TokenCreated&limit=300')).data.logs;
    const bySource = (await logs('admin', 'admin', '?search=console&type=TokenCreated&limit=300')).data.logs;
    const mentions = (l: (typeof all)[number]) =>
      [l.message, l.userName ?? '', l.sourceName].some((f) => f.toLowerCase().includes('console'));
    expect(bySource.map((l) => l.logId)).toEqual(all.filter(mentions).map((l) => l.logId));
    expect(bySource.some((l) => l.sourceName === 'Console' && !l.message.toLowerCase().includes('console'))).toBe(true);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    await createToken('technician', 'wild%card', []);
    await createToken('technician', 'wildXcard', []);
    const percent = await logs('technician', 'personal', `?search=${encodeURIComponent('wild%card')}`);
    expect(percent.data.logs.map((l) => l.message)).toEqual([expect.stringContaining('"wild%card"')]);
    expect((await logs('technician', 'personal', `?search=${encodeURIComponent('wild_card')}`)).meta.totalCount).toBe(
      0,
    );
    expect(
      (await logs('technician', 'personal', `?search=${encodeURIComponent('%')}&type=TokenCreated`)).data.logs.map(
        (l) => l.message,
      ),
    ).toEqual([expect.stringContaining('"wild%card"')]);
    expect((await logs('technician', 'personal', `?search=${encodeURIComponent('\\')}`)).meta.totalCount).toBe(0);
  });

  it('sorts by any column in both directions', async () => {
    const asc = (await logs('admin', 'admin', '?sortBy=eventType&descending=false&limit=300')).data.logs.map(
      (l) => l.eventType,
    );
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = (await logs('admin', 'admin', '?sortBy=createdDate&descending=true&limit=300')).data.logs.map((l) =>
      Date.parse(l.createdDate),
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const byUser = (await logs('admin', 'admin', '?sortBy=userName&descending=false&limit=300')).data.logs.map(
      (l) => l.userName ?? '',
    );
    expect(byUser.filter(Boolean)).toEqual([...byUser.filter(Boolean)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const oldest = (await logs('admin', 'admin', '?descending=false&limit=10')).data.logs.map((l) => l.logId);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    // `order` is accepted too (the list builder's parameter); `descending`, when given, wins.
    expect((await logs('admin', 'admin', '?order=asc&limit=10')).data.logs.map((l) => l.logId)).toEqual(oldest);
    expect(
      (await logs('admin', 'admin', '?order=desc&descending=false&limit=10')).data.logs.map((l) => l.logId),
    ).toEqual(oldest);
  });

  it('puts events without a user name last in both directions, as every list does', async () => {
    await t.ctx.db.execute(
      sql`insert into audit_logs (user_id, user_name, event_type, source_name, message)
          values (null, null, 'SensorsOrdered', 'System', 'no user')`,
    );
    for (const descending of ['true', 'false']) {
      const { data, meta } = await logs('admin', 'admin', `?sortBy=userName&descending=${descending}&limit=1000`);
      const names = data.logs.map((l) => l.userName);
      expect(meta.totalCount).toBe(names.length);
      const firstEmpty = names.indexOf(null);
      expect(firstEmpty, descending).toBeGreaterThan(0);
      expect(
        names.slice(firstEmpty).every((n) => n === null),
        descending,
      ).toBe(true);
    }
  });

  it('pages with page and limit', async () => {
    const first = await logs('admin', 'admin', '?limit=10');
    const second = await logs('admin', 'admin', '?limit=10&page=2');
    const both = await logs('admin', 'admin', '?limit=20');
    expect(first.data.logs).toHaveLength(10);
    expect([...first.data.logs, ...second.data.logs]).toEqual(both.data.logs);
    expect(second.meta.totalCount).toBe(first.meta.totalCount);
    const beyond = await logs('admin', 'admin', `?limit=10&page=${Math.ceil(first.meta.totalCount / 10) + 1}`);
    expect(beyond.data.logs).toEqual([]);
  });

  it('refuses an unknown type, sort column or page size with 400', async () => {
    const token = await t.tokenOf('admin');
    for (const q of ['type=NotAnEvent', 'sortBy=password', 'limit=0', 'limit=1001', 'page=0', 'descending=maybe']) {
      const res = await get(`/api/audit/logs/admin?${q}`, token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().status).toBe(400);
    }
  });

  it('counts a list only up to the cap, or ten pages past the page, and says so', async () => {
    await t.ctx.db.execute(
      sql`insert into audit_logs (user_id, user_name, event_type, source_name, message)
          select null, 'system', 'SensorsOrdered', 'System', 'capcheck row ' || i from generate_series(1, ${LIST_COUNT_CAP + 50}) as g(i)`,
    );
    const [counted] = await rowsOf<{ n: number }>(
      t.ctx.db.execute(sql`select count(*)::int as n from audit_logs where event_type = 'SensorsOrdered'`),
    );
    const searched = await logs('admin', 'admin', '?search=capcheck');
    expect(searched.meta).toEqual({ totalCount: LIST_COUNT_CAP, capped: true });
    expect(searched.data.logs).toHaveLength(100);
    // Unsearched lists too: a million rows took 112 ms to count.
    const plain = await logs('admin', 'admin', '?type=SensorsOrdered');
    expect(plain.meta).toEqual({ totalCount: LIST_COUNT_CAP, capped: true });
    // Page 100 of 100 rows counts up to 9,900 + 10 pages: past every match, so the total is exact.
    const deep = await logs('admin', 'admin', '?type=SensorsOrdered&page=100&limit=100');
    expect(deep.meta).toEqual({ totalCount: counted!.n, capped: false });
    expect(deep.data.logs).toHaveLength(100);
  });

  it('answers the route’s search predicate from the trigram index', async () => {
    await t.ctx.db.execute(sql`analyze audit_logs`);
    // Seq scans off: on a small table the planner may rightly prefer one; this only proves the index matches the predicate.
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await rowsOf<Record<string, string>>(
        tx.execute(sql`explain select log_id from audit_logs where ${SEARCH_DOCUMENT} ilike '%capcheck%'`),
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('audit_logs_search_trgm_idx');
  });
});
