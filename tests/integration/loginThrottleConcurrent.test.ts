/**
 * Concurrent password sign-ins of one username under the default throttle (5 failures per user):
 * attempts are counted before their password is checked, so more than 5 at once used to get 429
 * even with the right password. Attempts refused only because the budget is held by attempts still
 * in flight now wait for them: 12 concurrent correct sign-ins all succeed, while 6 concurrent wrong
 * ones still get at most 5 password checks (401) and then 429.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_USER: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '50' } });
});
afterAll(() => t?.close());

const signIn = (username: string, password: string, address: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/login/basic',
    remoteAddress: address,
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('concurrent sign-ins of one username', () => {
  it('12 at once with the right password all succeed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn('sales', DEMO_PASSWORD, `198.51.100.${i + 1}`)),
    );
    expect(statuses(responses)).toEqual(Array(12).fill(200));
    // Nothing is left counted against the username, nor in flight.
    const rows = (await t.ctx.db.execute(
      sql`select key, failures from login_throttle where key in ('user:sales', 'pending:user:sales')`,
    )) as unknown as { rows: { key: string; failures: number }[] };
    expect(rows.rows.filter((r) => Number(r.failures) > 0)).toEqual([]);
  });

  it('6 at once with a wrong password: at most 5 password checks, then 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn('technician', 'wrong-password-1', `203.0.113.${i + 1}`)),
    );
    expect(statuses(responses)).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Completed failures refuse at once, even the right password.
    expect((await signIn('technician', DEMO_PASSWORD, '203.0.113.99')).statusCode).toBe(429);
  });
});
