/**
 * Safe rollouts (issue 13, beyond the spec), driven by the simulator with a fake clock: per-sensor
 * retries and the quarantine after them (listed, refused by new deployments until released,
 * audited), the success gate between waves, a failure rate per version, every sensor's timeline
 * (GET /deployments/:id/sensors/:sensorId/events) and the progress series, and Gen3 deployments
 * being applied.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentSensorEvents,
  deploymentSensors,
  deployments,
  firmwareVersions,
  sensors,
  updaterSensors,
} from '../../server/db/schema';
import { startSimulator } from '../../server/simulator';
import { createTestApp, type TestApp } from '../support/testApp';
import { freeGsmSensors, lastAudit } from '../support/records';

const GSM = '/updater/gsm';
const MIN = 60_000;
/** Ticks run after the wall clock, which stamps a deployment's creation (its first timeline event). */
const T0 = Date.now() + 3_600_000;
const at = (ms: number) => new Date(T0 + ms);
let t: TestApp;
let dataDir: string;
let tech: string;
let viewer: string;
let pool: number[] = [];
const take = (n: number) => pool.splice(0, n);

const deploy = (body: Record<string, unknown>, token = tech) =>
  t.call('POST', `${GSM}/deployments`, { token, body: { period: 7200, ...body } });

async function statuses(id: number) {
  const rows = await t.ctx.db
    .select({
      sensorId: deploymentSensors.sensorId,
      status: deploymentSensors.status,
      failures: deploymentSensors.failures,
    })
    .from(deploymentSensors)
    .where(eq(deploymentSensors.deploymentId, id))
    .orderBy(asc(deploymentSensors.sensorId));
  return rows;
}
const countBy = (rows: { status: string }[]) =>
  rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollouts-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [tech, viewer] = await Promise.all([t.tokenOf('technician'), t.tokenOf('viewer')]);
  await t.ctx.db.insert(firmwareVersions).values([
    { family: 'gsm', version: '9.5.0.1', status: 'Production', description: 'test' },
    { family: 'gsm', version: '9.5.0.2', status: 'Production', description: 'always fails', simulatedFailureRate: 1 },
  ]);
  pool = await freeGsmSensors(t.ctx.db);
  expect(pool.length).toBeGreaterThan(30);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the demo seed', () => {
  it('gives every sensor of a seeded GSM or Wi-Fi deployment a timeline that ends where the sensor is', async () => {
    const rows = await t.ctx.db
      .select({
        deploymentId: deploymentSensors.deploymentId,
        sensorId: deploymentSensors.sensorId,
        status: deploymentSensors.status,
      })
      .from(deploymentSensors);
    const events = await t.ctx.db.select().from(deploymentSensorEvents).orderBy(asc(deploymentSensorEvents.id));
    const byRow = new Map<string, (typeof events)[number][]>();
    for (const e of events)
      byRow.set(`${e.deploymentId}:${e.sensorId}`, [...(byRow.get(`${e.deploymentId}:${e.sensorId}`) ?? []), e]);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      const timeline = byRow.get(`${r.deploymentId}:${r.sensorId}`) ?? [];
      expect(timeline.length, `${r.deploymentId}:${r.sensorId}`).toBeGreaterThan(0);
      expect(timeline[0]!.fromStatus).toBeNull();
      expect(timeline.at(-1)!.status).toBe(r.status);
      timeline.slice(1).forEach((e, i) => {
        expect(e.fromStatus).toBe(timeline[i]!.status);
        expect(e.at.getTime()).toBeGreaterThanOrEqual(timeline[i]!.at.getTime());
      });
    }
  });
});

describe('retries and quarantine', () => {
  it('retries a failing sensor maxRetries times, then quarantines it; new deployments refuse it until released', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 0 });
    const ids = take(2);
    const res = await deploy({ sensors: ids, version: '9.5.0.2', maxRetries: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data.deployment;
    for (let m = 0; m < 80 && (await statuses(d.id)).some((r) => r.status !== 'Failed'); m++)
      await sim.tick(at(m * MIN));
    await sim.stop();
    const rows = await statuses(d.id);
    // Three attempts each (the first and two retries), all failed by the version's own rate.
    expect(rows.map((r) => [r.status, r.failures])).toEqual([
      ['Failed', 3],
      ['Failed', 3],
    ]);
    const [deployment] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, d.id));
    expect(deployment!.status).toBe('Finished');
    expect(deployment!.blockedSensors.sort()).toEqual([...ids].sort());

    const timeline = (
      await t.call('GET', `${GSM}/deployments/${d.id}/sensors/${ids[0]}/events`, { token: viewer })
    ).json().data as { from_status: string | null; status: string; message: string }[];
    expect(timeline[0]).toMatchObject({ from_status: null, status: 'UpdatePlanned' });
    expect(timeline.filter((e) => e.message.includes('retry')).map((e) => e.message)).toEqual([
      'Attempt 1 failed (the update failed); retry 1 of 2',
      'Attempt 2 failed (the update failed); retry 2 of 2',
    ]);
    expect(timeline.at(-1)).toMatchObject({
      from_status: 'Updating',
      status: 'Failed',
      message: 'Attempt 3 failed (the update failed); quarantined after 3 failures',
    });
    // The timeline is a chain: each event leaves the status the previous one entered.
    timeline.slice(1).forEach((e, i) => expect(e.from_status).toBe(timeline[i]!.status));

    const listed = (await t.call('GET', `${GSM}/quarantine`, { token: viewer })).json().data;
    expect(listed.filter((q: { deployment_id: number }) => q.deployment_id === d.id)).toHaveLength(2);
    expect((await lastAudit(t.ctx.db, 'SensorsQuarantined'))?.message).toContain(`GSM deployment ${d.id}`);

    // Free the deployment's blocked sensors; the quarantine still refuses them.
    expect((await t.call('DELETE', `${GSM}/deployments/${d.id}`, { token: tech })).statusCode).toBe(200);
    const refused = await t.call('POST', `${GSM}/deployments?allowFailed=true`, {
      token: tech,
      body: { sensors: [ids[0]], version: '9.5.0.1', period: 7200 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Sensors quarantined after repeated failures (release them first): ${ids[0]}`);

    expect((await t.call('DELETE', `${GSM}/quarantine/${ids[0]}`, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${GSM}/quarantine/${ids[0]}`, { token: tech })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${GSM}/quarantine/${ids[0]}`, { token: tech })).statusCode).toBe(404);
    expect((await lastAudit(t.ctx.db, 'SensorReleased'))?.message).toContain(`Sensor ${ids[0]} released`);
    const again = await t.call('POST', `${GSM}/deployments?allowFailed=true`, {
      token: tech,
      body: { sensors: [ids[0]], version: '9.5.0.1', period: 7200 },
    });
    expect(again.statusCode, again.body).toBe(201);
    await t.call('POST', `${GSM}/deployments/${again.json().data.deployment.id}/halt`, { token: tech });
  });

  it('without maxRetries a failure is final and nothing is quarantined (the spec behaviour)', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 1 });
    const ids = take(1);
    const d = (await deploy({ sensors: ids, version: '9.5.0.1' })).json().data.deployment;
    for (let m = 100; m < 140 && (await statuses(d.id))[0]!.status !== 'Failed'; m++) await sim.tick(at(m * MIN));
    await sim.stop();
    expect((await statuses(d.id))[0]).toMatchObject({ status: 'Failed', failures: 1 });
    const listed = (await t.call('GET', `${GSM}/quarantine`, { token: viewer })).json().data;
    expect(listed.some((q: { sensor_id: number }) => q.sensor_id === ids[0])).toBe(false);
  });

  it('a retried sensor whose grace period expires again counts one more failure', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 0 });
    const ids = take(1);
    // A grace period of one second: every attempt expires on the next tick.
    const d = (await deploy({ sensors: ids, version: '9.5.0.1', period: 1, maxRetries: 1 })).json().data.deployment;
    for (let m = 200; m < 210; m++) await sim.tick(at(m * MIN));
    await sim.stop();
    expect((await statuses(d.id))[0]).toMatchObject({ status: 'Failed', failures: 2 });
    const events = (
      await t.call('GET', `${GSM}/deployments/${d.id}/sensors/${ids[0]}/events`, { token: viewer })
    ).json().data as { message: string }[];
    expect(events.map((e) => e.message)).toContain(
      'Attempt 1 failed (not Updated within the grace period of 1 s); retry 1 of 1',
    );
  });
});

describe('waves, timeline and progress', () => {
  it('holds the next wave until waveSuccessPercent of the previous one has Updated', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 0 });
    const d = (
      await deploy({ sensors: take(4), version: '9.5.0.1', amount: 2, spacing: 60, waveSuccessPercent: 100 })
    ).json().data.deployment;
    await sim.tick(at(300 * MIN));
    expect(countBy(await statuses(d.id))).toEqual({ UpdateQueued: 2, UpdatePlanned: 2 });
    // Spacing is over after one minute, but the first wave has not Updated yet.
    await sim.tick(at(302 * MIN));
    expect(countBy(await statuses(d.id)).UpdatePlanned).toBe(2);
    // The gate opens on the tick that sees the first wave Updated, not before.
    for (let m = 303; m < 340 && countBy(await statuses(d.id)).UpdatePlanned; m++) {
      const before = await statuses(d.id);
      await sim.tick(at(m * MIN));
      const after = countBy(await statuses(d.id));
      if (after.UpdatePlanned === undefined) expect(after.Updated ?? 0).toBeGreaterThanOrEqual(2);
      else expect(before.filter((r) => r.status === 'UpdatePlanned')).toHaveLength(2);
    }
    expect(countBy(await statuses(d.id)).UpdatePlanned).toBeUndefined();
    const waves = await t.ctx.db
      .select({ wave: deploymentSensors.wave })
      .from(deploymentSensors)
      .where(eq(deploymentSensors.deploymentId, d.id))
      .orderBy(asc(deploymentSensors.sensorId));
    expect(waves.map((w) => w.wave)).toEqual([1, 1, 2, 2]);
    await sim.stop();
  });

  it('serves the progress of a deployment from its timeline, ending in the current counts', async () => {
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 0 });
    const ids = take(6);
    const d = (await deploy({ sensors: ids, version: '9.5.0.1', amount: 2, spacing: 600 })).json().data.deployment;
    for (let m = 400; m < 420; m++) await sim.tick(at(m * MIN));
    await t.call('POST', `${GSM}/deployments/${d.id}/halt`, { token: tech });
    for (let m = 420; m < 440; m++) await sim.tick(at(m * MIN));
    await sim.stop();
    const res = await t.call('GET', `${GSM}/deployments/${d.id}/progress`, { token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().data as { at: string; planned: number; updated: number; skipped: number }[];
    expect(points.length).toBeGreaterThan(2);
    expect(points.length).toBeLessThanOrEqual(120);
    const counts = countBy(await statuses(d.id));
    expect(points.at(-1)).toEqual({
      at: points.at(-1)!.at,
      planned: 0,
      in_flight: 0,
      updated: counts.Updated ?? 0,
      failed: 0,
      skipped: counts.Skipped ?? 0,
    });
    expect(counts.Skipped).toBeGreaterThan(0);
    // Every point accounts for every sensor (the first one may still be mid-creation: all planned).
    for (const p of points)
      expect(Object.entries(p).reduce((n, [k, v]) => (k === 'at' ? n : n + (v as number)), 0)).toBe(ids.length);
    expect(Date.parse(points[0]!.at)).toBeLessThan(Date.parse(points.at(-1)!.at));
  });

  it('draws a deployment created a moment ago: two points, every sensor planned', async () => {
    const ids = take(2);
    const d = (await deploy({ sensors: ids, version: '9.5.0.1', amount: 1, spacing: 600 })).json().data.deployment;
    const points = (await t.call('GET', `${GSM}/deployments/${d.id}/progress`, { token: viewer })).json().data;
    expect(points).toHaveLength(2);
    for (const p of points) expect(p).toMatchObject({ planned: 2, in_flight: 0, updated: 0, failed: 0, skipped: 0 });
    await t.call('POST', `${GSM}/deployments/${d.id}/halt`, { token: tech });
  });

  it('answers 404 for a sensor outside the deployment and for another family, 403 without view_deployments', async () => {
    const [d] = await t.ctx.db.select().from(deployments).where(eq(deployments.family, 'gsm')).limit(1);
    const outside = 2_000_000_000;
    expect(
      (await t.call('GET', `${GSM}/deployments/${d!.id}/sensors/${outside}/events`, { token: viewer })).statusCode,
    ).toBe(404);
    const [wifi] = await t.ctx.db.select().from(deployments).where(eq(deployments.family, 'wifi')).limit(1);
    expect((await t.call('GET', `${GSM}/deployments/${wifi!.id}/progress`, { token: viewer })).statusCode).toBe(404);
    const nobody = await t.tokenOf('sales');
    expect((await t.call('GET', `${GSM}/deployments/${d!.id}/progress`, { token: nobody })).statusCode).toBe(403);
    expect((await t.call('GET', `${GSM}/quarantine`, { token: nobody })).statusCode).toBe(403);
  });
});

describe('Wi-Fi deployments', () => {
  it('walk Enrolled → Queued → Requested → Building → Uploading → Pending → Testing → Deployed, each sensor with its built binary and log', async () => {
    const inWifi = t.ctx.db
      .select({ id: deploymentSensors.sensorId })
      .from(deploymentSensors)
      .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
      .where(eq(deployments.family, 'wifi'));
    const free = await t.ctx.db
      .select({ id: sensors.id })
      .from(sensors)
      .where(and(eq(sensors.communication, 'WIFI'), notInArray(sensors.id, inWifi)))
      .orderBy(asc(sensors.id))
      .limit(3);
    const ids = free.map((r) => r.id);
    const res = await t.call('POST', '/updater/wifi/deployments', {
      token: tech,
      body: { sensors: ids, commit: 'develop', period: 7200, amount: 2, spacing: 60 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data.deployment;
    expect(countBy(await statuses(d.id))).toEqual({ Enrolled: 3 });
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12, failureRate: 0 });
    for (let m = 600; m < 660 && (await statuses(d.id)).some((r) => r.status !== 'Deployed'); m++)
      await sim.tick(at(m * MIN));
    await sim.stop();
    const [row] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, d.id));
    expect(row!.status).toBe('Finished');
    const built = await t.ctx.db.select().from(deploymentSensors).where(eq(deploymentSensors.deploymentId, d.id));
    for (const b of built) {
      expect(b).toMatchObject({ status: 'Deployed', reportsVersion: row!.version, hasLogs: true });
      expect(b.binary).toMatch(/^[0-9a-f]{16}$/);
      expect(b.logs).toContain(`[build] checking out ${row!.commit}`);
      expect(b.logs).toContain(`[build] configuring for sensor ${b.sensorId}`);
    }
    const info = await t.call('GET', `/updater/wifi/binary/${built[0]!.binary}`, { token: viewer });
    expect(info.json().data).toMatchObject({ sensor: built[0]!.sensorId, status: 'Deployed', has_logs: true });
    const events = (
      await t.call('GET', `/updater/wifi/deployments/${d.id}/sensors/${ids[2]}/events`, { token: viewer })
    ).json().data as { status: string }[];
    expect(events.map((e) => e.status)).toEqual([
      'Enrolled',
      'Queued',
      'Requested',
      'Building',
      'Uploading',
      'Pending',
      'Testing',
      'Deployed',
    ]);
    const updater = await t.ctx.db
      .select({ status: updaterSensors.status, version: updaterSensors.version })
      .from(updaterSensors)
      .where(and(eq(updaterSensors.family, 'wifi'), inArray(updaterSensors.sensorId, ids)));
    expect(updater).toEqual(ids.map(() => ({ status: 'Deployed', version: row!.version })));
  });
});

describe('Gen3 deployments', () => {
  it('are applied when the sensor calls in: applied date set, the sensor reports the version', async () => {
    const [seeded] = await t.ctx.db.select().from(deployments).where(eq(deployments.family, 'gen3')).limit(1);
    await t.ctx.db
      .insert(deployments)
      .values([
        { family: 'gen3', sensors: seeded!.sensors, version: '5.3.0.1', status: 'Pending', createdAt: at(499 * MIN) },
      ]);
    const pending = await t.ctx.db
      .select()
      .from(deployments)
      .where(and(eq(deployments.family, 'gen3'), isNull(deployments.appliedDate)));
    expect(pending.length).toBeGreaterThan(0);
    const sim = startSimulator(t.ctx, { autoTick: false, seed: 5, measureEveryMs: 1e12 });
    for (let m = 500; m < 520; m++) await sim.tick(at(m * MIN));
    await sim.stop();
    for (const p of pending) {
      const [row] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, p.id));
      expect(row!.appliedDate).not.toBeNull();
      expect(row!.status).toBe('Deployed');
    }
    const newest = new Map(pending.map((p) => [p.sensors[0]!, p.version]));
    for (const [sensorId, version] of newest) {
      const [s] = await t.ctx.db.select({ v: sensors.firmwareVersion }).from(sensors).where(eq(sensors.id, sensorId));
      expect(s!.v).toBe(version);
    }
  });
});
