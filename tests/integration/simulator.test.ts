/**
 * The fleet simulator, ticked by hand (the app's own simulator is off in tests): measurements move
 * lastMeasurementAt / values / the 72-hour activity, dead sensors go inactive, restart walks
 * RestartRequired → Pending → Ok (or Failed), idle keeps a sensor offline until idle_until, and
 * everything is the same for the same seed and tick times.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { FIXED_NOW, createTestApp, type TestApp } from '../support/testApp';
import { ACTIVITY_HOURS, INACTIVE_AFTER_MS } from '../../common/domain';
import type { Db } from '../../server/db';
import { installations, measurementSummaries, sensors, updaterSensors } from '../../server/db/schema';
import { startSimulator, type TickStats } from '../../server/simulator';
import { inOutage, isDead, reportIntervalMs } from '../../server/simulator/measurements';
import { restartFails } from '../../server/simulator/updater';

const SEED = 7;
const MIN = 60_000;
const HOUR = 3_600_000;
/** Ticks start after the demo seed's "now", so every seeded measurement is in the past. */
const T0 = FIXED_NOW.getTime() + HOUR;
const at = (ms: number) => new Date(T0 + ms);

let t: TestApp;
let admin: string;
const durations: number[] = [];
const db = () => t.ctx.db;

function record(stats: TickStats) {
  if (stats.measurements) durations.push(stats.durationMs);
  return stats;
}

/** The installed sensors the simulator considers: Installed, with a current installation. */
async function installedSensors(d: Db) {
  return d
    .select({ id: sensors.id, communication: sensors.communication, last: sensors.lastMeasurementAt })
    .from(sensors)
    .innerJoin(installations, and(eq(installations.id, sensors.currentInstallationId), isNull(installations.removedAt)))
    .where(eq(sensors.status, 'Installed'))
    .orderBy(asc(sensors.id));
}

async function updaterRow(id: number) {
  const [r] = await db()
    .select()
    .from(updaterSensors)
    .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, id)));
  return r!;
}

/** Everything the simulator writes, for comparing two runs. */
async function state(d: Db) {
  const [summaries, updater, last] = await Promise.all([
    d.select().from(measurementSummaries).orderBy(asc(measurementSummaries.sensorId)),
    d.select().from(updaterSensors).orderBy(asc(updaterSensors.family), asc(updaterSensors.sensorId)),
    d.select({ id: sensors.id, last: sensors.lastMeasurementAt }).from(sensors).orderBy(asc(sensors.id)),
  ]);
  return { summaries, updater, last };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});

afterAll(async () => {
  if (durations.length) {
    const sorted = [...durations].sort((a, b) => a - b);
    console.log(
      `Simulator measurement ticks on the demo seed: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms over ${sorted.length} ticks`,
    );
  }
  await t?.close();
});

describe('fleet simulator', () => {
  it('is deterministic: the same seed and tick times give the same data; another seed does not', async () => {
    const other = await createTestApp();
    const third = await createTestApp();
    try {
      const restart = (await updaterOkSensors(other.ctx.db)).slice(0, 5);
      for (const d of [other.ctx.db, third.ctx.db])
        await d
          .update(updaterSensors)
          .set({ status: 'RestartRequired' })
          .where(and(eq(updaterSensors.family, 'gsm'), inArray(updaterSensors.sensorId, restart)));
      const a = startSimulator(other.ctx, { autoTick: false, seed: SEED, measureEveryMs: 0 });
      const b = startSimulator(third.ctx, { autoTick: false, seed: SEED, measureEveryMs: 0 });
      for (const ms of [0, 2 * MIN, 3 * MIN, 7 * MIN, 26 * MIN]) {
        const [sa, sb] = [await a.tick(at(ms)), await b.tick(at(ms))];
        expect({ ...sa, durationMs: 0 }).toEqual({ ...sb, durationMs: 0 });
      }
      expect(await state(other.ctx.db)).toEqual(await state(third.ctx.db));

      // the first tick with another seed on a copy of the first database's starting point
      const fourth = await createTestApp();
      try {
        const c = startSimulator(fourth.ctx, { autoTick: false, seed: SEED + 1, measureEveryMs: 0 });
        await c.tick(at(0));
        expect((await state(fourth.ctx.db)).summaries).not.toEqual((await state(other.ctx.db)).summaries);
        await c.stop();
      } finally {
        await fourth.close();
      }
      await a.stop();
      await b.stop();
    } finally {
      await other.close();
      await third.close();
    }
  });

  it('moves lastMeasurementAt, values and the 72-hour activity of reporting sensors', async () => {
    const changed: number[][] = [];
    const sim = startSimulator(t.ctx, {
      autoTick: false,
      seed: SEED,
      measureEveryMs: 0,
      onInstallationsChanged: (ids) => void changed.push(ids),
    });
    const before = new Map((await installedSensors(db())).map((s) => [s.id, s.last]));
    const when = at(10 * MIN);
    const stats = record(await sim.tick(when));
    expect(stats.measurements!.installed).toBe(before.size);
    expect(stats.measurements!.reported).toBeGreaterThan(before.size / 2);

    const reported = await db()
      .select({ id: sensors.id, measured: sensors.measured, summary: measurementSummaries })
      .from(sensors)
      .innerJoin(measurementSummaries, eq(measurementSummaries.sensorId, sensors.id))
      .where(eq(sensors.lastMeasurementAt, when));
    expect(reported).toHaveLength(stats.measurements!.reported);
    // Live updates are told exactly the installations of the sensors that reported.
    const reportedInstallations = await db()
      .select({ id: sensors.currentInstallationId })
      .from(sensors)
      .where(eq(sensors.lastMeasurementAt, when));
    expect(changed).toHaveLength(1);
    expect([...changed[0]!].sort((x, y) => x - y)).toEqual(
      reportedInstallations.map((r) => r.id!).sort((x, y) => x - y),
    );
    const hour = Math.floor(when.getTime() / HOUR);
    for (const r of reported) {
      expect(before.has(r.id)).toBe(true);
      expect(isDead(SEED, r.id)).toBe(false);
      expect(r.summary.lastMeasurementAt).toEqual(when);
      expect(r.summary.activeHours[r.summary.activeHours.length - 1]).toBe(hour);
      expect(r.summary.activeHours.length).toBeLessThanOrEqual(ACTIVITY_HOURS);
      expect(Object.keys(r.summary.values).sort()).toEqual([...r.measured].sort());
    }
    // nothing but installed sensors reports
    const others = await db().select({ id: sensors.id }).from(sensors).where(eq(sensors.lastMeasurementAt, when));
    expect(others.every((s) => before.has(s.id))).toBe(true);

    // a sensor reports again only after its own interval
    const [one] = reported;
    const interval = reportIntervalMs(SEED, one!.id);
    await sim.tick(new Date(when.getTime() + interval - MIN));
    expect((await db().select().from(sensors).where(eq(sensors.id, one!.id)))[0]!.lastMeasurementAt).toEqual(when);
    await sim.stop();
  });

  it('keeps dead sensors silent, so they go inactive after 20 minutes while the rest stay active', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: SEED, measureEveryMs: 0 });
    // The seeded values are an hour older than the first tick: a dead sensor is already inactive,
    // and 20 one-minute ticks cover every healthy sensor's interval (2–5 minutes) several times.
    const end = 30 * MIN;
    for (let ms = 11 * MIN; ms <= end; ms += MIN) record(await sim.tick(at(ms)));
    const now = T0 + end;
    const all = await installedSensors(db());
    const active = all.filter((s) => s.last && now - s.last.getTime() < INACTIVE_AFTER_MS);
    const dead = all.filter((s) => isDead(SEED, s.id));
    expect(dead.length).toBeGreaterThan(0);
    for (const s of dead) expect(active.includes(s)).toBe(false);
    // everything that is neither dead, idle nor in an outage reported within its interval
    const idle = new Set(
      (
        await db()
          .select({ id: updaterSensors.sensorId })
          .from(updaterSensors)
          .where(and(eq(updaterSensors.status, 'IdleRequired'), isNotNull(updaterSensors.idleUntil)))
      ).map((r) => r.id),
    );
    const healthy = all.filter(
      (s) =>
        !isDead(SEED, s.id) &&
        !inOutage(SEED, s.id, at(end)) &&
        !inOutage(SEED, s.id, at(end - 10 * MIN)) &&
        !idle.has(s.id),
    );
    for (const s of healthy) expect(now - s.last!.getTime()).toBeLessThanOrEqual(reportIntervalMs(SEED, s.id));
    expect(active.length).toBeGreaterThan(all.length * 0.8);
    expect(active.length).toBeLessThan(all.length);
    await sim.stop();
  });

  it('keeps at most 72 hours of activity', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: SEED, measureEveryMs: 0 });
    // Every 12 hours for 84 hours: the activity of the first ticks falls out of the 72-hour window.
    for (let h = 1; h <= 85; h += 12) record(await sim.tick(at(h * HOUR)));
    const last = at(85 * HOUR);
    const nowHour = Math.floor(last.getTime() / HOUR);
    const rows = await db().select().from(measurementSummaries);
    let longest = 0;
    for (const r of rows) {
      longest = Math.max(longest, r.activeHours.length);
      expect(r.activeHours.length).toBeLessThanOrEqual(ACTIVITY_HOURS);
      if (r.lastMeasurementAt?.getTime() === last.getTime())
        for (const h of r.activeHours) expect(h).toBeGreaterThan(nowHour - ACTIVITY_HOURS);
    }
    expect(longest).toBeGreaterThan(5);
    await sim.stop();
  });

  it('walks a restart RestartRequired → Pending → Ok (or Failed, rarely), moving last_contact and last_updated', async () => {
    const ids = (await updaterOkSensors(db())).slice(0, 40);
    for (const id of ids)
      expect((await t.call('POST', `/updater/gsm/sensors/${id}/restart`, { token: admin })).statusCode).toBe(200);
    const sim = startSimulator(t.ctx, { autoTick: false, seed: SEED, measureEveryMs: HOUR });
    const t1 = at(100 * HOUR);
    const t2 = at(100 * HOUR + 2000);
    const s1 = await sim.tick(t1);
    expect(s1.updater.restarting).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) expect(await updaterRow(id)).toMatchObject({ status: 'Pending', lastContact: t1 });
    await sim.tick(t2);
    let failed = 0;
    for (const id of ids) {
      const fails = restartFails(SEED, id, t2);
      failed += fails ? 1 : 0;
      expect(await updaterRow(id)).toMatchObject({ status: fails ? 'Failed' : 'Ok', lastContact: t2, lastUpdated: t2 });
      const view = await t.call('GET', `/updater/gsm/sensors/${id}`, { token: admin });
      expect(view.json().data.status).toBe(fails ? 'Failed' : 'Ok');
    }
    expect(failed).toBeLessThan(ids.length / 4);
    // over many restarts the failure share is small but real
    const share = Array.from({ length: 2000 }, (_, i) => restartFails(SEED, i + 1, t2)).filter(Boolean).length / 2000;
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.15);
    // a third tick changes nothing for them; Failed can be restarted again
    await sim.tick(at(100 * HOUR + 4000));
    for (const id of ids) expect(['Ok', 'Failed']).toContain((await updaterRow(id)).status);
    expect((await t.call('POST', `/updater/gsm/sensors/${ids[0]}/restart`, { token: admin })).statusCode).toBe(200);
    await sim.stop();
  });

  it('keeps an idled sensor offline until idle_until, then back to Ok and reporting', async () => {
    const base = 200 * HOUR;
    const candidates = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .innerJoin(updaterSensors, and(eq(updaterSensors.sensorId, sensors.id), eq(updaterSensors.family, 'gsm')))
      .innerJoin(
        installations,
        and(eq(installations.id, sensors.currentInstallationId), isNull(installations.removedAt)),
      )
      .where(and(eq(sensors.status, 'Installed'), eq(updaterSensors.status, 'Ok')))
      .orderBy(asc(sensors.id));
    const id = candidates
      .map((c) => c.id)
      .find((x) => !isDead(SEED, x) && [0, 1, 2].every((h) => !inOutage(SEED, x, at(base + h * HOUR))))!;
    expect(id).toBeDefined();
    const res = await t.call('POST', `/updater/gsm/sensors/${id}/idle`, { token: admin });
    expect(res.json()).toEqual({ data: { id, status: 'IdleRequired' } });
    // the request happened "now"; replay it at the test's clock: idle for 30 minutes from `base`
    const idleUntil = at(base + 30 * MIN);
    await db()
      .update(updaterSensors)
      .set({ idleUntil })
      .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, id)));
    await db()
      .update(sensors)
      .set({ lastMeasurementAt: at(base - 10 * MIN) })
      .where(eq(sensors.id, id));

    const sim = startSimulator(t.ctx, { autoTick: false, seed: SEED, measureEveryMs: 0 });
    const lastOf = async () => (await db().select().from(sensors).where(eq(sensors.id, id)))[0]!.lastMeasurementAt;
    for (const ms of [MIN, 10 * MIN, 20 * MIN, 29 * MIN]) {
      await sim.tick(at(base + ms));
      expect(await updaterRow(id)).toMatchObject({ status: 'IdleRequired', idleUntil });
      expect(await lastOf()).toEqual(at(base - 10 * MIN));
    }
    // 39 minutes without data: inactive for the console
    expect(T0 + base + 29 * MIN - (await lastOf())!.getTime()).toBeGreaterThan(INACTIVE_AFTER_MS);
    const back = at(base + 31 * MIN);
    await sim.tick(back);
    expect(await updaterRow(id)).toMatchObject({ status: 'Ok', idleUntil: null, lastContact: back });
    expect(await lastOf()).toEqual(back);
    await sim.stop();
  });

  it('ticks on its own timer when asked to, and stops cleanly', async () => {
    // The simulator's timers are fake ones: its clock moves only when the test moves it, so "no tick
    // after stop" is the clock moved ten periods on and stop() called again, which waits for any
    // tick a timer started; no sleeping. (vi.waitFor moves the clock by its 50 ms interval per check:
    // less than a period, so the check that first sees a finished tick sees the next one not started.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Stopped between two ticks: the timer of the next one is cleared.
      const sim = startSimulator(t.ctx, { tickMs: 100, seed: SEED, log: () => {} });
      expect(sim.lastTick).toBeUndefined();
      vi.advanceTimersByTime(100);
      await vi.waitFor(() => expect(sim.lastTick).toBeDefined(), { timeout: 10_000 });
      await sim.stop();
      const last = sim.lastTick;
      await vi.advanceTimersByTimeAsync(1000);
      await sim.stop();
      expect(sim.lastTick).toBe(last);

      // Stopped during a tick (the clock moved synchronously: the timer's tick has just started):
      // stop() waits for it, and no timer is set after it.
      const during = startSimulator(t.ctx, { tickMs: 100, seed: SEED, log: () => {} });
      vi.advanceTimersByTime(100);
      await during.stop();
      const first = during.lastTick;
      expect(first).toBeDefined();
      await vi.advanceTimersByTimeAsync(1000);
      await during.stop();
      expect(during.lastTick).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** GSM sensors whose updater status is Ok and that are not retired, by id. */
async function updaterOkSensors(d: Db): Promise<number[]> {
  const rows = await d
    .select({ id: updaterSensors.sensorId })
    .from(updaterSensors)
    .innerJoin(sensors, eq(sensors.id, updaterSensors.sensorId))
    .where(
      and(
        eq(updaterSensors.family, 'gsm'),
        eq(updaterSensors.status, 'Ok'),
        eq(sensors.communication, 'GSM'),
        ne(sensors.status, 'Retired'),
      ),
    )
    .orderBy(asc(updaterSensors.sensorId));
  return rows.map((r) => r.id);
}
