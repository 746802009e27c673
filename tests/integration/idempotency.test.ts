/**
 * The Idempotency-Key header on the two "create" calls a double submit or a retry could repeat:
 * POST /api/integrations (a token) and POST /api/sensors (an order). A repeated key replays the
 * first answer instead of creating again; the same key with another body is refused; failures
 * are not remembered; keys are per user and route and expire after 24 hours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiTokens, sensors } from '../../server/db/schema';
import { IDEMPOTENCY_HEADER } from '../../server/idempotency';
import { createTestApp, type TestApp } from '../support/testApp';

const WEEK = 6.048e8;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tokenCount = async (name: string) =>
  (await t.ctx.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.name, name))).length;
const sensorCount = async () => (await t.ctx.db.select({ id: sensors.id }).from(sensors)).length;

function createToken(user: string, key: string | undefined, body: unknown) {
  return t.tokenOf(user).then((token) =>
    t.call('POST', '/api/integrations', {
      token,
      body,
      headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

describe('POST /api/integrations with Idempotency-Key', () => {
  it('creates once and replays the first answer, secret included, for a repeated key', async () => {
    const body = { name: 'idem-replay', permissions: ['view_sensors'], time: WEEK };
    const first = await createToken('technician', 'key-replay-1', body);
    expect(first.statusCode, first.body).toBe(201);
    const second = await createToken('technician', 'key-replay-1', body);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await tokenCount('idem-replay')).toBe(1);
  });

  it('refuses the same key with a different body (422) and creates nothing more', async () => {
    await createToken('technician', 'key-mismatch', { name: 'idem-mismatch', permissions: [], time: WEEK });
    const other = await createToken('technician', 'key-mismatch', {
      name: 'idem-mismatch-2',
      permissions: [],
      time: WEEK,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/Idempotency-Key/);
    expect(await tokenCount('idem-mismatch-2')).toBe(0);
  });

  it('keeps keys apart per user', async () => {
    const body = { name: 'idem-per-user', permissions: [], time: WEEK };
    expect((await createToken('technician', 'key-shared', body)).statusCode).toBe(201);
    expect((await createToken('admin', 'key-shared', body)).statusCode).toBe(201);
    expect(await tokenCount('idem-per-user')).toBe(2);
  });

  it('does not remember a failure: the same key may be retried with a corrected body', async () => {
    const bad = await createToken('technician', 'key-failure', {
      name: 'idem-failure',
      permissions: ['no_such_permission'],
      time: WEEK,
    });
    expect(bad.statusCode).toBe(400);
    const good = await createToken('technician', 'key-failure', { name: 'idem-failure', permissions: [], time: WEEK });
    expect(good.statusCode).toBe(201);
    expect(await tokenCount('idem-failure')).toBe(1);
  });

  it('lets a concurrent duplicate create nothing (409 while the first runs, or the replay)', async () => {
    const body = { name: 'idem-concurrent', permissions: [], time: WEEK };
    const answers = await Promise.all([
      createToken('technician', 'key-concurrent', body),
      createToken('technician', 'key-concurrent', body),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect(await tokenCount('idem-concurrent')).toBe(1);
  });

  it('still creates twice without a key, and refuses a malformed key', async () => {
    const body = { name: 'idem-none', permissions: [], time: WEEK };
    expect((await createToken('technician', undefined, body)).statusCode).toBe(201);
    expect((await createToken('technician', undefined, body)).statusCode).toBe(201);
    expect(await tokenCount('idem-none')).toBe(2);
    const long = await createToken('technician', 'k'.repeat(256), body);
    expect(long.statusCode).toBe(400);
    expect(await tokenCount('idem-none')).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    const body = { name: 'idem-expiry', permissions: [], time: WEEK };
    expect((await createToken('technician', 'key-expiry', body)).statusCode).toBe(201);
    await t.ctx.db.execute(
      sql`update idempotency_keys set created_at = created_at - interval '25 hours' where key = 'key-expiry'`,
    );
    expect((await createToken('technician', 'key-expiry', body)).statusCode).toBe(201);
    expect(await tokenCount('idem-expiry')).toBe(2);
  });
});

describe('POST /api/sensors (order) with Idempotency-Key', () => {
  const order = {
    amount: 3,
    communication: 'GSM',
    measured: ['pm10'],
    latitude: 50.057,
    longitude: 19.96,
    contractorId: null,
  };

  it('orders once and replays the same CSV for a repeated key', async () => {
    const token = await t.tokenOf('admin');
    const before = await sensorCount();
    const send = () =>
      t.call('POST', '/api/sensors', {
        token,
        body: order,
        headers: { accept: 'text/csv', [IDEMPOTENCY_HEADER]: 'order-1' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/csv/);
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toMatch(/text\/csv/);
    expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(second.body).toBe(first.body);
    expect(await sensorCount()).toBe(before + 3);
  });

  it('refuses the key of an order for a different order', async () => {
    const token = await t.tokenOf('admin');
    const before = await sensorCount();
    const send = (amount: number) =>
      t.call('POST', '/api/sensors', {
        token,
        body: { ...order, amount },
        headers: { accept: 'text/csv', [IDEMPOTENCY_HEADER]: 'order-2' },
      });
    expect((await send(1)).statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(422);
    expect(await sensorCount()).toBe(before + 1);
  });
});
