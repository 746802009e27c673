/**
 * Password sign-in hardening (issue 9): failed attempts are throttled per username and per client
 * address (429 + Retry-After, audited, window-based, reset by a success), and an unknown username
 * costs the same password check as a known one (no enumeration by timing). Small limits through the
 * LOGIN_* environment variables; each test uses its own usernames and addresses. The client address
 * comes from X-Forwarded-For only when the peer is a proxy TRUST_PROXY names (none by default), and
 * attempts answered 429 count no further.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/testApp';

const PER_USER = 3;
const PER_ADDRESS = 8;
const WINDOW_SEC = 600;
/** The reverse proxy in front of the app: TRUST_PROXY names it (a range holding it). */
const PROXY = '10.1.2.3';
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_USER: String(PER_USER),
  LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
  LOGIN_THROTTLE_WINDOW_SEC: String(WINDOW_SEC),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '10.1.0.0/16' } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let nextAddress = 1;
/** A fresh client address, as the trusted proxy reports it in X-Forwarded-For. */
const freshAddress = () => `192.0.2.${nextAddress++}`;

/** A password sign-in from `peer` (the proxy unless said otherwise) carrying X-Forwarded-For: `address`. */
function signIn(username: string, password: string, address: string, app = t, peer = PROXY) {
  return app.app.inject({
    method: 'GET',
    url: '/api/login/basic',
    remoteAddress: peer,
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      'x-forwarded-for': address,
    },
  });
}

async function auditMessages(type: string): Promise<string[]> {
  const res = await t.call('GET', `/api/audit/logs/admin?type=${type}&limit=100`, { token: await t.tokenOf('admin') });
  expect(res.statusCode).toBe(200);
  return (res.json().data.logs as { message: string }[]).map((l) => l.message);
}

describe('throttling per username', () => {
  it(`refuses the attempt after ${PER_USER} failures with 429 and Retry-After, even with the right password`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_USER; i++)
      expect((await signIn('viewer', 'wrong-password-1', address)).statusCode).toBe(401);
    const refused = await signIn('viewer', DEMO_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      message: 'Too many failed sign-in attempts. Try again in 10 minutes.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SEC - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SEC);
    // Another address does not help: the limit is the username's.
    expect((await signIn('viewer', DEMO_PASSWORD, freshAddress())).statusCode).toBe(429);
  });

  it('writes one LoginThrottled audit record when the limit starts refusing', async () => {
    const messages = (await auditMessages('LoginThrottled')).filter((m) => m.includes('for viewer'));
    expect(messages).toEqual([`Password sign-in for viewer refused for 10 minutes after ${PER_USER} failed attempts`]);
  });

  it('ends with the window: the real user gets back in, never locked out for good', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (WINDOW_SEC + 1) * 1000);
    const res = await signIn('viewer', DEMO_PASSWORD, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a successful sign-in starts the username count over', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_USER - 1; i++)
      expect((await signIn('technician', 'wrong-password-1', address)).statusCode).toBe(401);
    expect((await signIn('technician', DEMO_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < PER_USER; i++)
      expect((await signIn('technician', 'wrong-password-1', address)).statusCode).toBe(401);
    expect((await signIn('technician', DEMO_PASSWORD, address)).statusCode).toBe(429);
  });

  it('counts parallel guesses before checking them, so they cannot all slip past the limit', async () => {
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn('sales', 'wrong-password-1', address)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(PER_USER);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - PER_USER);
  });

  it('treats an unknown username exactly like a known one', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_USER; i++)
      expect((await signIn('nobody-here', 'wrong-password-1', address)).statusCode).toBe(401);
    expect((await signIn('nobody-here', 'wrong-password-1', address)).statusCode).toBe(429);
  });
});

describe('throttling per client address', () => {
  it(`refuses an address after ${PER_ADDRESS} failures over any usernames, and audits it`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await signIn(`sprayed${i}`, 'wrong-password-1', address)).statusCode).toBe(401);
    const refused = await signIn('sprayed-last', 'wrong-password-1', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditMessages('LoginThrottled')).toContain(
      `Password sign-in from ${address} refused for 10 minutes after ${PER_ADDRESS} failed attempts`,
    );
    // Other addresses are not affected.
    expect((await signIn('admin', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('successful sign-ins do not use up the address budget (an office behind one NAT)', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      expect((await signIn('admin', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('the client address: X-Forwarded-For only from a trusted proxy', () => {
  it('off by default: rotating X-Forwarded-For does not escape the address limit', async () => {
    const direct = await createTestApp({ env: LIMITS });
    try {
      for (let i = 0; i < PER_ADDRESS; i++)
        expect(
          (await signIn(`rotating${i}`, 'wrong-password-1', freshAddress(), direct, '198.51.100.7')).statusCode,
        ).toBe(401);
      const refused = await signIn('rotating-last', 'wrong-password-1', freshAddress(), direct, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      // The socket's address is the one blocked; another peer is not.
      expect((await signIn('admin', DEMO_PASSWORD, freshAddress(), direct, '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it('a peer TRUST_PROXY does not name cannot pin failures on another address', async () => {
    const victim = freshAddress();
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      expect((await signIn(`framing${i}`, 'wrong-password-1', victim, t, '203.0.113.9')).statusCode).not.toBe(200);
    // The failures were counted against 203.0.113.9, the real peer, not against the victim.
    expect((await signIn('admin', DEMO_PASSWORD, victim)).statusCode).toBe(200);
    expect((await signIn('admin', DEMO_PASSWORD, freshAddress(), t, '203.0.113.9')).statusCode).toBe(429);
  });
});

describe('attempts answered 429 count no further', () => {
  it('refusals for a blocked username do not use up the budget of the address they come from', async () => {
    const office = freshAddress();
    for (let i = 0; i < PER_USER; i++)
      expect((await signIn('locked-out', 'wrong-password-1', office)).statusCode).toBe(401);
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      expect((await signIn('locked-out', 'wrong-password-1', office)).statusCode).toBe(429);
    expect((await signIn('admin', DEMO_PASSWORD, office)).statusCode).toBe(200);
  });

  it('refusals from a blocked address do not count against the username', async () => {
    const blocked = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await signIn(`spray-b${i}`, 'wrong-password-1', blocked)).statusCode).toBe(401);
    for (let i = 0; i < PER_USER + 2; i++)
      expect((await signIn('bystander', 'wrong-password-1', blocked)).statusCode).toBe(429);
    // From elsewhere the username still has its whole budget.
    for (let i = 0; i < PER_USER; i++)
      expect((await signIn('bystander', 'wrong-password-1', freshAddress())).statusCode).toBe(401);
    expect((await signIn('bystander', 'wrong-password-1', freshAddress())).statusCode).toBe(429);
  });

  it('a blocked key is not bumped again while its window lasts', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_USER + 5; i++) await signIn('counted-once', 'wrong-password-1', address);
    const rows = (await t.ctx.db.execute(
      sql`select failures from login_throttle where key = ${'user:counted-once'}`,
    )) as unknown as { rows: { failures: number }[] };
    expect(rows.rows.map((r) => Number(r.failures))).toEqual([PER_USER + 1]);
  });
});

describe('no username enumeration by timing', () => {
  it('an unknown username costs the same scrypt derivation as a known one with a wrong password', async () => {
    // The dummy hash is made at start-up; one unknown sign-in makes sure it is ready before counting.
    await signIn('warm-up-unknown', 'wrong-password-1', freshAddress());
    const scrypt = vi.spyOn(crypto, 'scrypt');
    expect((await signIn('no-such-user', 'wrong-password-1', freshAddress())).statusCode).toBe(401);
    const unknown = scrypt.mock.calls.map((c) => c[3]);
    scrypt.mockClear();
    expect((await signIn('admin', 'wrong-password-1', freshAddress())).statusCode).toBe(401);
    const known = scrypt.mock.calls.map((c) => c[3]);
    expect(unknown).toHaveLength(1);
    expect(known).toHaveLength(1);
    // Same cost parameters (N, r, p): the same work either way.
    expect(unknown[0]).toEqual(known[0]);
  });
});
