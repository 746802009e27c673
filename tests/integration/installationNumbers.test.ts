/**
 * New installation business numbers (`max + 1`) are chosen one writer at a time: a reinstall and a
 * sensor order running at once on PostgreSQL both wait for the same lock, then get different
 * numbers (an order once skipped the lock, so the two could pick the same number and one failed
 * on the unique key). PGlite has one connection, so nothing runs beside a transaction there: the
 * file runs on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { installations, sensors } from '../../server/db/schema';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

let t: TestApp;
const db = () => t.ctx.db;

beforeAll(async () => {
  if (usePostgres) t = await createTestApp();
});
afterAll(() => t?.close());

/** Backends of this database waiting for an advisory lock. */
async function waitingForAdvisoryLock(): Promise<number> {
  const res = await db().execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe.runIf(usePostgres)('new installation numbers', () => {
  it('a reinstall and a sensor order at once wait for one another and get different numbers', async () => {
    const [old] = await db()
      .select({ installationId: installations.installationId })
      .from(installations)
      .innerJoin(sensors, eq(sensors.currentInstallationId, installations.id))
      .where(and(isNull(installations.removedAt), eq(sensors.status, 'Installed')))
      .limit(1);
    const admin = await t.tokenOf('admin');
    // Hold the numbers' lock, so both requests are inside their transactions before either may go on.
    let release!: () => void;
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('installations.installation_id'))`);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    const reinstall = t.call('POST', `/api/installations/${old!.installationId}`, {
      token: admin,
      body: { previousInstallationId: null, lat: 50.06, lon: 19.96, contractorId: 1, visible: true },
    });
    const order = t.call('POST', '/api/sensors', {
      token: admin,
      body: { amount: 2, communication: 'NBIOT', measured: ['pm10'], latitude: 50.06, longitude: 19.96 },
    });
    try {
      await vi.waitFor(async () => expect(await waitingForAdvisoryLock()).toBe(2), { timeout: 20_000, interval: 20 });
    } finally {
      release();
      await holder;
    }
    const [reinstalled, ordered] = await Promise.all([reinstall, order]);
    expect(reinstalled.statusCode, reinstalled.body).toBe(201);
    expect(ordered.statusCode, ordered.body).toBe(200);
    const numbers = (await db().select({ n: installations.installationId }).from(installations)).map((r) => r.n);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
