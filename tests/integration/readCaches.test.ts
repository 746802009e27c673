/**
 * The in-process read caches of a request (server/db/changes.ts): the session, user and role behind
 * an access token or an API token, and a list's tag catalogue, are read once and then served from
 * memory; a write through the API (sign-out, a revoked token, a role change, a new tag) ends them, so
 * the very next request sees it; a change made outside the API (another process, SQL by hand) is
 * seen once the cache's time to live has passed. The database reads are observed through a spy on
 * `db.select`, by the columns each lookup selects.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { sessions } from '../../server/db/schema';
import { AUTH_CACHE_TTL_MS } from '../../server/auth/sessions';
import { TOKEN_EXPIRY_OPTIONS } from '../../common/domain';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
// The clock stands still (only Date is faked), so an entry never outlives its TTL while a slow
// machine runs a test; the TTL test moves it on by hand.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Counts the `db.select` calls whose selection has every one of `keys` (one kind of lookup). */
function lookups(keys: string[]) {
  const select = vi.spyOn(t.ctx.db, 'select');
  return () =>
    select.mock.calls.filter((args) => {
      const selection = args[0] as Record<string, unknown> | undefined;
      return selection !== undefined && keys.every((k) => k in selection);
    }).length;
}
const SESSION_LOOKUP = ['revokedAt', 'rolePermissions'];
const TOKEN_LOOKUP = ['tokenPermissions', 'rolePermissions'];
const TAG_CATALOGUE = ['id', 'name', 'type', 'values'];

describe('session and role of an access token', () => {
  it('are read once, then served from memory', async () => {
    const { tokens } = await t.login('viewer');
    expect((await t.call('GET', '/api/installations?limit=1', { token: tokens.accessToken })).statusCode).toBe(200);
    const read = lookups(SESSION_LOOKUP);
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', '/api/installations?limit=1', { token: tokens.accessToken })).statusCode).toBe(200);
    expect(read(), 'session lookups').toBe(0);
  });

  it('a sign-out through the API takes effect on the next request', async () => {
    const { tokens } = await t.login('sales');
    const token = tokens.accessToken;
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout', { token: tokens.refreshToken })).statusCode).toBe(204);
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(401);
  });

  it('a session ended outside the API (another process) is refused once the cache entry is older than its TTL', async () => {
    const { tokens } = await t.login('technician');
    const token = tokens.accessToken;
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(200);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    const ended = await t.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(sessions.id, sid))
      .returning({ id: sessions.id });
    expect(ended).toHaveLength(1);
    // Within the TTL this process still serves its cached read; past it, the session is read again.
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + AUTH_CACHE_TTL_MS + 1);
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(401);
  });
});

describe('API tokens', () => {
  it('are read once, and a revoked token is refused on the next request', async () => {
    const admin = await t.tokenOf('admin');
    const created = await t.call('POST', '/api/integrations', {
      token: admin,
      body: { name: 'cache test', permissions: ['view_installations'], time: TOKEN_EXPIRY_OPTIONS[0]!.ms },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json() as { id: number; token: string };
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(200);
    const read = lookups(TOKEN_LOOKUP);
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(200);
    expect(read(), 'token lookups').toBe(0);
    const revoked = await t.call('DELETE', `/api/integrations/${id}`, { token: admin });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expect((await t.call('GET', '/api/installations?limit=1', { token })).statusCode).toBe(401);
  });
});

describe('tag catalogue of a list', () => {
  it('is read once; a tag created through the API is queryable on the next request', async () => {
    const admin = await t.tokenOf('admin');
    const url = (q: string) => `/api/installations?limit=1&query=${encodeURIComponent(q)}`;
    expect((await t.call('GET', url('city = x'), { token: admin })).statusCode).toBe(200);
    const read = lookups(TAG_CATALOGUE);
    expect((await t.call('GET', url('city = x'), { token: admin })).statusCode).toBe(200);
    expect(read(), 'tag catalogue reads').toBe(0);
    const unknown = await t.call('GET', url('tag."Cache Probe" = x'), { token: admin });
    expect(unknown.statusCode).toBe(400);
    const created = await t.call('POST', '/api/installations/tags', {
      token: admin,
      body: { name: 'Cache Probe', type: 'STRING' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const known = await t.call('GET', url('tag."Cache Probe" = x'), { token: admin });
    expect(known.statusCode, known.body).toBe(200);
  });
});
