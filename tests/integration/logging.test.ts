/**
 * Logging (issue 9): with default settings every 5xx is logged with its request id (also sent as
 * X-Request-Id) and route, never the body nor the SQL parameters; with request logging on, no line
 * carries a token (aqt_…, bearer, refresh), a password or a bound parameter. Log output is captured
 * through the logger's stream option.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

function capture() {
  const raw: string[] = [];
  return {
    raw,
    stream: { write: (line: string) => void raw.push(line) },
    lines: () => raw.map((l) => JSON.parse(l) as LogLine),
    clear: () => void raw.splice(0),
  };
}

const SECRET_SEARCH = 'TOPSECRET-42';

describe('default settings', () => {
  const log = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ build: { logStream: log.stream } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a 500 with the request id of the X-Request-Id header and the route, without the bound parameters', async () => {
    const token = await t.tokenOf('admin');
    await t.ctx.db.execute(sql.raw('ALTER TABLE api_users RENAME COLUMN custom_id TO custom_id_gone'));
    log.clear();
    try {
      const res = await t.call('GET', `/apiusers-api/users?search=${SECRET_SEARCH}`, { token });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, message: 'Internal server error' });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = log.lines().find((l) => l.reqId === id && l.level === 50);
      expect(line, log.raw.join('\n')).toMatchObject({
        method: 'GET',
        route: '/apiusers-api/users',
        statusCode: 500,
        msg: 'request failed',
      });
      const err = line!.err as { message: string; cause?: { message: string } };
      expect(err.message).toMatch(/^Failed query: .*params: \[REDACTED\]$/s);
      expect(err.cause?.message).toMatch(/custom_id/);
      expect(log.raw.join('\n')).not.toContain(SECRET_SEARCH);
    } finally {
      await t.ctx.db.execute(sql.raw('ALTER TABLE api_users RENAME COLUMN custom_id_gone TO custom_id'));
    }
  });

  it('does not log requests, nor 4xx answers', async () => {
    log.clear();
    const token = await t.tokenOf('admin');
    expect((await t.call('GET', '/api/sensors?limit=1', { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sensors/999999', { token })).statusCode).toBe(404);
    expect(
      (await t.call('POST', '/api/admin/roles', { token, body: { name: 'x\u0000', password: DEMO_PASSWORD } }))
        .statusCode,
    ).toBe(400);
    expect(log.raw).toEqual([]);
  });

  it('sends an X-Request-Id on every answer, keeping a plain one the caller gave', async () => {
    const mine = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(mine.headers['x-request-id']).toBe('trace-abc.123');
    const forged = await t.call('GET', '/healthz', { headers: { 'x-request-id': 'x"}\t{"level":60' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await t.call('GET', '/api/no-such-route');
    expect(notFound.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const badUrl = await t.call('GET', '/api/sensors/%ED%A0%80');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('with request logging on (LOG_REQUESTS=1)', () => {
  const log = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ build: { logger: true, logStream: log.stream } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs one line per request with its id and a sanitised URL', async () => {
    log.clear();
    const res = await t.call('GET', '/healthz');
    const lines = log.lines().filter((l) => l.reqId === res.headers['x-request-id']);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.req).toMatchObject({ method: 'GET', url: '/healthz' });
  });

  it('never writes a token, a password or a bound parameter', async () => {
    log.clear();
    const apiToken = 'aqt_S3cr3tT0kenValue0123456789';
    await t.call('GET', `/login?token=${apiToken}`);
    await t.call('GET', `/api/sensors?limit=1&access_token=${apiToken}`);
    const login = await t.login('admin');
    await t.call('GET', '/api/me', { token: login.tokens.refreshToken });
    await t.call('GET', '/api/sensors?limit=1', { token: apiToken });
    await t.call('GET', '/api/login/basic', {
      headers: { authorization: `Basic ${Buffer.from(`admin:${DEMO_PASSWORD}`).toString('base64')}` },
    });
    await t.call('POST', '/api/logout', { token: login.tokens.refreshToken, body: { password: DEMO_PASSWORD } });
    const all = log.raw.join('\n');
    expect(all).toContain('/login?token=[REDACTED]');
    expect(all).toContain('access_token=[REDACTED]');
    for (const secret of [
      apiToken,
      'S3cr3tT0ken',
      login.tokens.refreshToken,
      login.tokens.accessToken,
      DEMO_PASSWORD,
      Buffer.from(`admin:${DEMO_PASSWORD}`).toString('base64'),
    ])
      expect(all).not.toContain(secret);
  });
});
