/**
 * GSM firmware (document 2, sections 2.9, 4–9; issue 13): version create (two bank files, stored and
 * hashed, validation, duplicate, size limit), version status, deployment create / halt / delete with
 * every validation and permission, each audited; then the simulator drives deployments with a fake
 * clock: rolling pacing, halt, grace period and the auto-halt rule.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../common/domain';
import { MAX_DEPLOYMENT_SENSORS } from '../../common/firmware';
import { deploymentSensors, deployments, firmwareBinaries, updaterSensors } from '../../server/db/schema';
import { startSimulator, type Simulator } from '../../server/simulator';
import { FIXED_NOW, createTestApp, type TestApp } from '../support/testApp';
import { freeGsmSensors, lastAudit } from '../support/records';

const GSM = '/updater/gsm';
const MIN = 60_000;
let t: TestApp;
let dataDir: string;
let admin: string;
let tech: string;
let viewer: string;
/** GSM sensors in updater status Ok and in no rolling deployment, handed out a few at a time. */
let pool: number[] = [];
const take = (n: number) => pool.splice(0, n);

async function multipart(query: string, files: Record<string, Buffer | string>, token = admin) {
  const form = new FormData();
  for (const [k, v] of Object.entries(files))
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v)]), `${k}.bin`);
  const req = new Request('http://local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `${GSM}/versions${query}`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

const banks = (label: string) => ({
  buildBankFirst: Buffer.from(`bank0 ${label}`),
  buildBankSecond: Buffer.from(`bank1 ${label}`),
});

const deploy = (body: Record<string, unknown>, opts: { token?: string; query?: string } = {}) =>
  t.call('POST', `${GSM}/deployments${opts.query ?? ''}`, { token: opts.token ?? tech, body });

async function sensorRows(id: number) {
  return t.ctx.db
    .select()
    .from(deploymentSensors)
    .where(eq(deploymentSensors.deploymentId, id))
    .orderBy(asc(deploymentSensors.sensorId));
}
const countBy = (rows: { status: string }[]) =>
  rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
async function deploymentRow(id: number) {
  const [d] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, id));
  return d!;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'h-fw-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [admin, tech, viewer] = await Promise.all([t.tokenOf('admin'), t.tokenOf('technician'), t.tokenOf('viewer')]);
  pool = await freeGsmSensors(t.ctx.db);
  expect(pool.length).toBeGreaterThan(40);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('GSM versions', () => {
  it('creates a version with both banks stored on disk, hashed, Experimental, audited', async () => {
    const files = banks('9.1.0.1');
    const res = await multipart('?version=9.1.0.1&description=First%20cut', files);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.version).toMatchObject({
      version: '9.1.0.1',
      description: 'First cut',
      status: 'Experimental',
    });
    const bins = await t.ctx.db
      .select()
      .from(firmwareBinaries)
      .where(and(eq(firmwareBinaries.family, 'gsm'), eq(firmwareBinaries.version, '9.1.0.1')))
      .orderBy(asc(firmwareBinaries.bank));
    expect(bins.map((b) => b.bank)).toEqual([0, 1]);
    for (const [i, b] of bins.entries()) {
      const bytes = i === 0 ? files.buildBankFirst : files.buildBankSecond;
      const sha = crypto.createHash('sha256').update(bytes).digest('hex');
      expect(b.hash).toBe(sha);
      expect(await fs.readFile(path.join(dataDir, 'files', b.fileKey))).toEqual(bytes);
    }
    expect((await lastAudit(t.ctx.db, 'VersionCreated'))?.message).toContain('9.1.0.1');
    const list = await t.call('GET', `${GSM}/versions?search=9.1.0.1`, { token: viewer });
    expect(list.json().data.map((v: { version: string }) => v.version)).toEqual(['9.1.0.1']);
  });

  it('refuses a duplicate (409), a bad version (400), a missing bank (400), a long comment (400) and a huge file (413)', async () => {
    expect((await multipart('?version=9.1.0.1', banks('dup'))).statusCode).toBe(409);
    for (const v of ['9.1.0', '256.1.1.1', '1.2.3.4.5', 'a.b.c.d', '%00', ''])
      expect((await multipart(`?version=${encodeURIComponent(v)}`, banks('bad'))).json()).toMatchObject({
        status: 400,
      });
    const one = await multipart('?version=9.1.0.2', { buildBankFirst: Buffer.from('x') });
    expect(one.json()).toEqual({
      status: 400,
      message: 'The multipart field "buildBankSecond" with a file is required',
    });
    expect((await multipart(`?version=9.1.0.2&description=${'x'.repeat(256)}`, banks('c'))).statusCode).toBe(400);
    const big = await multipart('?version=9.1.0.3', {
      buildBankFirst: Buffer.alloc(UPLOAD_LIMITS.firmware + 1),
      buildBankSecond: Buffer.from('y'),
    });
    expect(big.statusCode).toBe(413);
    const none = await t.call('GET', `${GSM}/versions?search=9.1.0.`, { token: admin });
    expect(none.json().data.map((v: { version: string }) => v.version)).toEqual(['9.1.0.1']);
  });

  it('changes the status (add_versions), audited; 404 unknown, 400 bad status, 403 for a viewer', async () => {
    const res = await t.call('PATCH', `${GSM}/versions/9.1.0.1/status`, {
      token: tech,
      body: { status: 'Production' },
    });
    expect(res.json()).toEqual({ data: { version: '9.1.0.1', status: 'Production' } });
    expect((await lastAudit(t.ctx.db, 'VersionStatusChanged'))?.message).toBe(
      'GSM version 9.1.0.1: Experimental → Production',
    );
    expect(
      (await t.call('PATCH', `${GSM}/versions/9.9.9.9/status`, { token: tech, body: { status: 'Production' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('PATCH', `${GSM}/versions/9.1.0.1/status`, { token: tech, body: { status: 'Retired' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call('PATCH', `${GSM}/versions/9.1.0.1/status`, { token: viewer, body: { status: 'Deprecated' } }))
        .statusCode,
    ).toBe(403);
    expect((await multipart('?version=9.1.0.5', banks('v'), viewer)).statusCode).toBe(403);
  });
});

describe('GSM deployments: create, halt, delete', () => {
  it('creates a rolling deployment from a range text, every sensor UpdatePlanned, audited', async () => {
    const ids = take(3);
    const res = await deploy({ sensors: ids.join(','), version: '9.1.0.1', amount: 1, spacing: 600, period: 3600 });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data.deployment;
    expect(d).toMatchObject({
      sensors: ids,
      version: '9.1.0.1',
      status: 'Rolling',
      strategy: 'ROLLING',
      at_once: 1,
      spacing: 600,
      test_time: 3600,
      allow_failed: false,
    });
    const sensors = await t.call('GET', `${GSM}/deployments/${d.id}/sensors`, { token: viewer });
    expect(sensors.json().data.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual(
      ids.map((id) => [id, 'UpdatePlanned']),
    );
    expect((await lastAudit(t.ctx.db, 'DeploymentCreated'))?.message).toContain(
      `GSM deployment ${d.id} of version 9.1.0.1 to 3`,
    );
  });

  it('validates every field (400) and refuses what cannot be deployed (422, 409), writing nothing', async () => {
    const [a, b] = take(2);
    const base = { sensors: [a, b], version: '9.1.0.1', period: 3600 };
    const before = (await t.ctx.db.select({ id: deployments.id }).from(deployments)).length;
    const bad: [Record<string, unknown>, number][] = [
      [{ ...base, sensors: [] }, 400],
      [{ ...base, sensors: '' }, 400],
      [{ ...base, sensors: '5-1' }, 400],
      [{ ...base, sensors: `1-${MAX_DEPLOYMENT_SENSORS + 1}` }, 400],
      [{ ...base, sensors: [0] }, 400],
      [{ ...base, sensors: [1e20] }, 400],
      [{ ...base, sensors: ['1'] }, 400],
      [{ ...base, version: '' }, 400],
      [{ ...base, version: '1.2.3' }, 400],
      [{ ...base, version: 'x\u0000' }, 400],
      [{ ...base, version: '\ud800' }, 400],
      [{ ...base, period: 0 }, 400],
      [{ ...base, period: 1.5 }, 400],
      [{ ...base, period: 1e12 }, 400],
      [{ sensors: [a], version: '9.1.0.1' }, 400],
      [{ ...base, amount: 2 }, 400],
      [{ ...base, strategy: 'ROLLING' }, 400],
      [{ ...base, strategy: 'IMMEDIATE', amount: 1, spacing: 60 }, 400],
      [{ ...base, amount: 1, spacing: 60, extra: true }, 400],
      [{ ...base, autoHalt: { failedPercent: 150, minFinished: 1 } }, 400],
      [{ ...base, maxRetries: 11 }, 400],
      [{ ...base, version: '9.9.9.9' }, 422],
      [{ ...base, sensors: [a, 2_000_000_000] }, 422],
    ];
    for (const [body, status] of bad) {
      const res = await deploy(body);
      expect([res.statusCode, JSON.stringify(body)]).toEqual([status, JSON.stringify(body)]);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await deploy({ ...base, sensors: '5-1' })).json().message).toBe(
      'sensors: The range 5-1 goes down: write it as 1-5',
    );
    expect((await t.ctx.db.select({ id: deployments.id }).from(deployments)).length).toBe(before);

    // A sensor in Failed state needs allowFailed.
    await t.ctx.db
      .update(updaterSensors)
      .set({ status: 'Failed' })
      .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, b!)));
    const failed = await deploy(base);
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toContain(`Sensors in Failed state: ${b}`);
    const allowed = await deploy(base, { query: '?allowFailed=true' });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.deployment.allow_failed).toBe(true);
    // Both sensors are now in a rolling deployment.
    const busy = await deploy({ ...base, sensors: [a] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain(`${a} (deployment ${allowed.json().data.deployment.id})`);
  });

  it('enforces permissions: 401 without a token, 403 without add / halt / free', async () => {
    const body = { sensors: take(1), version: '9.1.0.1', period: 60 };
    expect((await t.call('POST', `${GSM}/deployments`, { body })).statusCode).toBe(401);
    expect((await deploy(body, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('POST', `${GSM}/deployments/1/halt`, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${GSM}/deployments/1`, { token: viewer })).statusCode).toBe(403);
  });

  it('halts only a Rolling deployment and deletes only one with blocked sensors that is not Rolling', async () => {
    const ids = take(2);
    const d = (await deploy({ sensors: ids, version: '9.1.0.1', period: 3600 })).json().data.deployment;
    expect(d.strategy).toBe('IMMEDIATE');
    expect((await t.call('DELETE', `${GSM}/deployments/${d.id}`, { token: tech })).statusCode).toBe(422);
    const halt = await t.call('POST', `${GSM}/deployments/${d.id}/halt`, { token: tech });
    expect(halt.json()).toEqual({ data: { id: d.id, status: 'Halted' } });
    expect(countBy(await sensorRows(d.id))).toEqual({ Skipped: 2 });
    expect((await lastAudit(t.ctx.db, 'DeploymentHalted'))?.message).toBe(
      `GSM deployment ${d.id} halted (2 sensors not yet released skipped)`,
    );
    const again = await t.call('POST', `${GSM}/deployments/${d.id}/halt`, { token: tech });
    expect(again.json()).toEqual({
      status: 409,
      message: `GSM deployment ${d.id} is Halted; only a Rolling deployment can be halted`,
    });
    expect((await t.call('POST', `${GSM}/deployments/999999/halt`, { token: tech })).statusCode).toBe(404);
    expect((await t.call('POST', `${GSM}/deployments/99999999999/halt`, { token: tech })).statusCode).toBe(400);

    // Blocked sensors: deleting frees them, and they can be deployed again.
    await t.ctx.db.update(deployments).set({ blockedSensors: ids }).where(eq(deployments.id, d.id));
    const blocked = await deploy({ sensors: ids, version: '9.1.0.1', period: 60 });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain(`${ids[0]} (deployment ${d.id})`);
    const del = await t.call('DELETE', `${GSM}/deployments/${d.id}`, { token: tech });
    expect(del.json()).toEqual({ data: { id: d.id, freed: ids } });
    expect((await lastAudit(t.ctx.db, 'DeploymentDeleted'))?.message).toContain(`GSM deployment ${d.id} deleted`);
    expect((await t.call('GET', `${GSM}/deployments/${d.id}/sensors`, { token: tech })).statusCode).toBe(404);
    expect((await deploy({ sensors: ids, version: '9.1.0.1', period: 60 })).statusCode).toBe(201);
  });

  it('refuses to delete a Rolling deployment (409)', async () => {
    const d = (await deploy({ sensors: take(1), version: '9.1.0.1', period: 60 })).json().data.deployment;
    await t.ctx.db
      .update(deployments)
      .set({ blockedSensors: [d.sensors[0]] })
      .where(eq(deployments.id, d.id));
    expect((await t.call('DELETE', `${GSM}/deployments/${d.id}`, { token: tech })).statusCode).toBe(409);
  });
});

describe('the simulator runs deployments (fake clock)', () => {
  let sim: Simulator;
  const T0 = FIXED_NOW.getTime() + 2 * 3_600_000;
  const at = (ms: number) => new Date(T0 + ms);
  beforeAll(() => {
    sim = startSimulator(t.ctx, { autoTick: false, seed: 3, measureEveryMs: 1e12, failureRate: 0 });
  });
  afterAll(() => sim.stop());

  it('releases `amount` sensors every `spacing`, walks them to Updated, stops releasing when halted', async () => {
    const ids = take(6);
    const d = (await deploy({ sensors: ids, version: '9.1.0.1', amount: 2, spacing: 600, period: 7200 })).json().data
      .deployment;
    await sim.tick(at(0));
    expect(countBy(await sensorRows(d.id))).toEqual({ UpdateQueued: 2, UpdatePlanned: 4 });
    const [u] = await t.ctx.db
      .select({ status: updaterSensors.status })
      .from(updaterSensors)
      .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, ids[0]!)));
    expect(u!.status).toBe('UpdateQueued');
    await sim.tick(at(MIN));
    expect(countBy(await sensorRows(d.id))).toEqual({ UpdatePending: 2, UpdatePlanned: 4 });
    // Spacing not over yet: no new wave.
    await sim.tick(at(5 * MIN));
    expect((await sensorRows(d.id)).filter((r) => r.status === 'UpdatePlanned')).toHaveLength(4);
    await sim.tick(at(10 * MIN));
    expect((await sensorRows(d.id)).filter((r) => r.status === 'UpdatePlanned')).toHaveLength(2);

    await t.call('POST', `${GSM}/deployments/${d.id}/halt`, { token: tech });
    for (let m = 11; m <= 60; m++) await sim.tick(at(m * MIN));
    const rows = await sensorRows(d.id);
    expect(countBy(rows)).toEqual({ Updated: 4, Skipped: 2 });
    expect(rows.filter((r) => r.status === 'Updated').every((r) => r.reportsVersion === '9.1.0.1')).toBe(true);
    const updated = await t.ctx.db
      .select({ version: updaterSensors.version, status: updaterSensors.status })
      .from(updaterSensors)
      .where(and(eq(updaterSensors.family, 'gsm'), inArray(updaterSensors.sensorId, ids.slice(0, 4))));
    expect(updated.every((s) => s.version === '9.1.0.1' && s.status === 'Updated')).toBe(true);
    expect((await deploymentRow(d.id)).status).toBe('Halted');
  });

  it('finishes a deployment whose sensors are all done', async () => {
    const d = (await deploy({ sensors: take(3), version: '9.1.0.1', period: 7200 })).json().data.deployment;
    for (let m = 100; m <= 140; m++) await sim.tick(at(m * MIN));
    expect(countBy(await sensorRows(d.id))).toEqual({ Updated: 3 });
    const row = await deploymentRow(d.id);
    expect(row.status).toBe('Finished');
    expect(row.tillDate?.getTime()).toBeGreaterThan(T0);
  });

  it('fails and blocks a sensor whose grace period expires', async () => {
    const res = await deploy({ sensors: take(2), version: '9.1.0.1', period: 60 });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data.deployment;
    await sim.tick(at(200 * MIN));
    await sim.tick(at(202 * MIN));
    expect(countBy(await sensorRows(d.id))).toEqual({ Failed: 2 });
    const row = await deploymentRow(d.id);
    expect(row.blockedSensors).toEqual(d.sensors);
    expect(row.status).toBe('Finished');
  });

  it('auto-halts when more than failedPercent of at least minFinished sensors failed (DeploymentAutoHalted)', async () => {
    const failing = startSimulator(t.ctx, { autoTick: false, seed: 3, measureEveryMs: 1e12, failureRate: 1 });
    const ids = take(8);
    const d = (
      await deploy({
        sensors: ids,
        version: '9.1.0.1',
        amount: 2,
        spacing: 600,
        period: 7200,
        autoHalt: { failedPercent: 10, minFinished: 2 },
      })
    ).json().data.deployment;
    expect(d.rollout).toEqual({ autoHalt: { failedPercent: 10, minFinished: 2 } });
    let m = 300;
    while ((await deploymentRow(d.id)).status === 'Rolling' && m < 360) await failing.tick(at(m++ * MIN));
    await failing.stop();
    const row = await deploymentRow(d.id);
    expect(row.status).toBe('Halted');
    expect(row.statusReason).toMatch(/^Auto-halted: \d+ of \d+ finished sensors failed/);
    const counts = countBy(await sensorRows(d.id));
    expect(counts.Updated).toBeUndefined();
    expect(counts.Skipped).toBeGreaterThan(0);
    expect((await lastAudit(t.ctx.db, 'DeploymentAutoHalted'))?.message).toContain(
      `GSM deployment ${d.id}: Auto-halted`,
    );
    const listed = await t.call('GET', `${GSM}/deployments?limit=50`, { token: viewer });
    expect(listed.json().data.find((x: { id: number }) => x.id === d.id).status_reason).toBe(row.statusReason);
  });
});
