/** Sessions and the HTTP contract, over HTTP against a real database (PGlite, or PostgreSQL with TEST_DB=postgres). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('password login', () => {
  it('returns the user with permissions and a token pair', async () => {
    const res = await t.call('GET', '/api/login/basic', { headers: basic('admin', DEMO_PASSWORD) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'admin', role: 'admin' });
    expect(body.user.permissions).toContain('admin_view_users');
    expect(body.tokens.accessToken.split('.')).toHaveLength(3);
    expect(body.tokens.refreshToken.length).toBeGreaterThan(20);
  });

  it('accepts the username in any case', async () => {
    expect((await t.call('GET', '/api/login/basic', { headers: basic('ADMIN', DEMO_PASSWORD) })).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and the error shape', async () => {
    const res = await t.call('GET', '/api/login/basic', { headers: basic('admin', 'wrong-password-123') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, message: 'Invalid username or password' });
  });

  it('applies the username and 10-character password rules before looking anything up', async () => {
    const short = await t.call('GET', '/api/login/basic', { headers: basic('admin', 'short') });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Must be longer than 9 characters');
    const bad = await t.call('GET', '/api/login/basic', { headers: basic('ad min!', DEMO_PASSWORD) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not a valid username');
  });

  it('needs Basic authentication', async () => {
    expect((await t.call('GET', '/api/login/basic')).statusCode).toBe(401);
  });

  it('writes a UserLoggedIn audit record', async () => {
    const { tokens } = await t.login('technician');
    const res = await t.call('GET', '/api/audit/logs/personal?type=UserLoggedIn', { token: tokens.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logs[0]).toMatchObject({
      eventType: 'UserLoggedIn',
      userName: 'technician',
      sourceName: 'Console',
    });
  });
});

describe('refresh (/me) and logout', () => {
  it('rotates the refresh token and the new pair works', async () => {
    const first = await t.login('viewer');
    const res = await t.call('GET', '/api/me', { token: first.tokens.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.user.name).toBe('viewer');
    expect(second.tokens.refreshToken).not.toBe(first.tokens.refreshToken);
    const again = await t.call('GET', '/api/me', { token: second.tokens.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('detects reuse of a rotated refresh token and ends that session', async () => {
    const first = await t.login('viewer');
    const rotated = (await t.call('GET', '/api/me', { token: first.tokens.refreshToken })).json();
    const reuse = await t.call('GET', '/api/me', { token: first.tokens.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/already used/);
    // The legitimate holder's newest tokens died with the session.
    expect((await t.call('GET', '/api/me', { token: rotated.tokens.refreshToken })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/roles', { token: rotated.tokens.accessToken })).statusCode).toBe(401);
  });

  it('refuses /me without a token or with an unknown one', async () => {
    expect((await t.call('GET', '/api/me')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', { token: 'nope' })).statusCode).toBe(401);
  });

  it('logout ends the session: its access and refresh tokens stop working', async () => {
    const { tokens } = await t.login('sales');
    expect((await t.call('GET', '/api/integrations', { token: tokens.accessToken })).statusCode).toBe(200);
    const out = await t.call('POST', '/api/logout', { token: tokens.refreshToken });
    expect(out.statusCode).toBe(204);
    expect((await t.call('GET', '/api/integrations', { token: tokens.accessToken })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', { token: tokens.refreshToken })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('401 without a token or with a forged one', async () => {
    expect((await t.call('GET', '/api/admin/users')).json()).toEqual({
      status: 401,
      message: 'Authentication required',
    });
    const admin = await t.tokenOf('admin');
    const forged = admin.slice(0, -4) + (admin.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.call('GET', '/api/admin/users', { token: forged })).statusCode).toBe(401);
  });

  it('403 "The token is expired" for an expired access token', async () => {
    const short = await createTestApp({ env: { ACCESS_TOKEN_TTL: '1' } });
    try {
      // The clock stands still from the sign-in on: a slow machine must not spend the token's one second.
      vi.useFakeTimers({ toFake: ['Date'] });
      const { tokens } = await short.login('admin');
      // Accepted while valid (the server now remembers it as verified)…
      expect((await short.call('GET', '/api/admin/users', { token: tokens.accessToken })).statusCode).toBe(200);
      // …and refused once its second has passed, remembered or not.
      vi.setSystemTime(Date.now() + 2_000);
      const res = await short.call('GET', '/api/admin/users', { token: tokens.accessToken });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, message: 'The token is expired' });
      // The refresh token still renews the session.
      expect((await short.call('GET', '/api/me', { token: tokens.refreshToken })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('forced logout and disabling', () => {
  it('POST /admin/users/{id}/logout ends every session of that user at once', async () => {
    const a = await t.login('technician');
    const b = await t.login('technician');
    const admin = await t.tokenOf('admin');
    const res = await t.call('POST', `/api/admin/users/${a.user.id}/logout`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().invalidated).toBeGreaterThanOrEqual(2);
    for (const s of [a, b]) {
      expect((await t.call('GET', '/api/integrations', { token: s.tokens.accessToken })).statusCode).toBe(401);
      expect((await t.call('GET', '/api/me', { token: s.tokens.refreshToken })).statusCode).toBe(401);
    }
  });

  it('disabling a user ends sessions, deactivates tokens and blocks login; enabling allows login again', async () => {
    const session = await t.login('sales');
    const created = await t.call('POST', '/api/integrations', {
      token: session.tokens.accessToken,
      body: { name: 'crm sync', permissions: ['view_contractors'], time: 3.6e6 },
    });
    expect(created.statusCode).toBe(201);
    const apiToken = created.json().token as string;
    expect((await t.call('GET', '/api/integrations', { token: apiToken })).statusCode).toBe(403); // token lacks use_tokens
    const admin = await t.tokenOf('admin');
    const off = await t.call('PATCH', `/api/admin/users/${session.user.id}`, {
      token: admin,
      body: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await t.call('GET', '/api/integrations', { token: session.tokens.accessToken })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/integrations/permissions', { token: apiToken })).statusCode).toBe(401);
    const login = await t.call('GET', '/api/login/basic', { headers: basic('sales', DEMO_PASSWORD) });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account is disabled');
    await t.call('PATCH', `/api/admin/users/${session.user.id}`, { token: admin, body: { enabled: true } });
    expect((await t.call('GET', '/api/login/basic', { headers: basic('sales', DEMO_PASSWORD) })).statusCode).toBe(200);
  });

  it('nobody changes their own role or enabled state', async () => {
    const me = await t.login('admin');
    const res = await t.call('PATCH', `/api/admin/users/${me.user.id}`, {
      token: me.tokens.accessToken,
      body: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/own role or enabled state/);
  });
});

describe('HTTP contract', () => {
  it('400 for malformed JSON', async () => {
    const admin = await t.tokenOf('admin');
    const res = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Malformed JSON in request body' });
  });

  it('413 for a JSON body over 1 MiB, and nothing changes', async () => {
    const admin = await t.tokenOf('admin');
    const before = (await t.call('GET', '/api/admin/roles', { token: admin })).json().data.length;
    const big = JSON.stringify({ name: 'huge', permissions: { view_sensors: true }, pad: 'x'.repeat(1024 * 1024) });
    const res = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
    expect((await t.call('GET', '/api/admin/roles', { token: admin })).json().data.length).toBe(before);
  });

  it('400 with a readable message for a schema violation', async () => {
    const admin = await t.tokenOf('admin');
    const res = await t.call('POST', '/api/integrations', {
      token: admin,
      body: { name: '', permissions: [], time: 3.6e6 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Token name is required/);
  });

  it('404 in the error shape for an unknown route', async () => {
    const res = await t.call('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('serves an OpenAPI document per service and the runtime config', async () => {
    for (const base of ['/api', '/adp-api', '/apiusers-api', '/updater/gsm', '/updater/wifi', '/updater/gen3']) {
      const res = await t.call('GET', `${base}/openapi.json`);
      expect(res.statusCode, base).toBe(200);
      expect(res.json().openapi).toMatch(/^3\./);
    }
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/login/basic');
    const config = (await t.call('GET', '/config.json')).json();
    expect(config.version).toBe('19.8.5');
    expect(config.services).toMatchObject({ main: '/api', adp: '/adp-api', gen3: '/updater/gen3' });
  });
});

describe('one forbidden call per permission group', () => {
  it('View: viewer cannot read personal logs (view_logs)', async () => {
    const res = await t.call('GET', '/api/audit/logs/personal', { token: await t.tokenOf('viewer') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/view_logs/);
  });
  it('Admin: technician cannot list staff users', async () => {
    expect((await t.call('GET', '/api/admin/users', { token: await t.tokenOf('technician') })).statusCode).toBe(403);
  });
  it('Modify-like admin mutation: sales cannot create a role and nothing is created', async () => {
    const res = await t.call('POST', '/api/admin/roles', {
      token: await t.tokenOf('sales'),
      body: { name: 'sneaky', permissions: [] },
    });
    expect(res.statusCode).toBe(403);
    const roles = (await t.call('GET', '/api/admin/roles', { token: await t.tokenOf('admin') })).json().data as {
      name: string;
    }[];
    expect(roles.map((r) => r.name)).not.toContain('sneaky');
  });
  it('Other: viewer cannot use tokens (use_tokens)', async () => {
    expect((await t.call('GET', '/api/integrations', { token: await t.tokenOf('viewer') })).statusCode).toBe(403);
  });
});
