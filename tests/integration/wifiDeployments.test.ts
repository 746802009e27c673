/**
 * Wi-Fi deployments (document 2, sections 2.9, 5, 7; issue 13) over HTTP against a real database:
 * create from a branch, a tag, a full hash or a unique prefix (unknown and ambiguous commits 422),
 * validation (400, nothing written), the Wi-Fi updater enrolling only Wi-Fi sensors, permissions,
 * halt and delete, each audited; and the binary reads (info, logs, content).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentSensors, deployments, files, sensors, updaterSensors, wifiCommits } from '../../server/db/schema';
import { wifiBinaryFileKey } from '../../server/services/wifi/readRoutes';
import { createTestApp, type TestApp } from '../support/testApp';
import { lastAudit } from '../support/records';

const WIFI = '/updater/wifi';
let t: TestApp;
let dataDir: string;
let tech: string;
let viewer: string;
let sales: string;
/** Wi-Fi sensors in no Wi-Fi deployment, handed out a few at a time. */
let pool: number[] = [];
const take = (n: number) => {
  const ids = pool.splice(0, n);
  expect(ids).toHaveLength(n);
  return ids;
};
type Commit = typeof wifiCommits.$inferSelect;
let commits: Commit[] = [];

const deploy = (body: Record<string, unknown>, opts: { token?: string; query?: string } = {}) =>
  t.call('POST', `${WIFI}/deployments${opts.query ?? ''}`, { token: opts.token ?? tech, body });

const deploymentCount = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(deployments))[0]!.n;
/** The newest commit holding a branch or tag name. */
const newestWith = (key: 'branches' | 'tags', name: string) =>
  commits.filter((c) => c[key].includes(name)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'h-wifi-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [tech, viewer, sales] = await Promise.all([t.tokenOf('technician'), t.tokenOf('viewer'), t.tokenOf('sales')]);
  const inWifiDeployments = t.ctx.db
    .select({ id: deploymentSensors.sensorId })
    .from(deploymentSensors)
    .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
    .where(eq(deployments.family, 'wifi'));
  const free = await t.ctx.db
    .select({ id: sensors.id })
    .from(sensors)
    .where(and(eq(sensors.communication, 'WIFI'), notInArray(sensors.id, inWifiDeployments)))
    .orderBy(asc(sensors.id));
  pool = free.map((r) => r.id);
  expect(pool.length).toBeGreaterThan(20);
  commits = await t.ctx.db.select().from(wifiCommits);
  // Two commits sharing a 7-character prefix, on no branch and older than every other one.
  const old = new Date(Math.min(...commits.map((c) => c.createdAt.getTime())) - 86_400_000);
  await t.ctx.db.insert(wifiCommits).values([
    { hash: `deadbee0${'1'.repeat(32)}`, description: 'Twin one', author: 'Test', createdAt: old },
    { hash: `deadbee1${'2'.repeat(32)}`, description: 'Twin two', author: 'Test', createdAt: old },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('Wi-Fi deployments: what a deployment can be built from', () => {
  it('lists commits (hash, description, author), branches and tags; add_deployments only', async () => {
    const res = await t.call('GET', `${WIFI}/deployments/create`, { token: tech });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.commits.length).toBe(commits.length + 2);
    expect(body.commits[0]).toEqual({
      hash: expect.any(String),
      description: expect.any(String),
      author: expect.any(String),
    });
    expect(body.branches).toEqual(expect.arrayContaining(['main', 'develop']));
    expect(body.tags.length).toBeGreaterThan(0);
    expect((await t.call('GET', `${WIFI}/deployments/create`, { token: viewer })).statusCode).toBe(403);
  });
});

describe('Wi-Fi deployments: create', () => {
  it('creates from a branch: its newest commit, every sensor Enrolled, Wi-Fi sensors enrolled, audited', async () => {
    const ids = take(3);
    const develop = newestWith('branches', 'develop');
    const res = await deploy({ sensors: ids.join(','), commit: 'develop', amount: 1, spacing: 600, period: 3600 });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data.deployment;
    expect(d).toMatchObject({
      sensors: ids,
      version: develop.hash,
      status: 'Rolling',
      strategy: 'ROLLING',
      at_once: 1,
      spacing: 600,
      test_time: 3600,
    });
    const [stored] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, d.id));
    expect(stored!.commit).toBe(develop.hash);
    // `git describe`-like: the newest tag at or before the commit, plus the short hash.
    expect(stored!.version).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+(-g${develop.hash.slice(0, 7)})?$`));

    const one = await t.call('GET', `${WIFI}/deployments/${d.id}`, { token: viewer });
    expect(one.statusCode).toBe(200);
    expect(
      one.json().data.sensors.map((s: { id: number; status: string; version: string }) => [s.id, s.status, s.version]),
    ).toEqual(ids.map((id) => [id, 'Enrolled', stored!.version]));
    const enrolled = await t.ctx.db
      .select({ id: updaterSensors.sensorId, status: updaterSensors.status })
      .from(updaterSensors)
      .where(eq(updaterSensors.family, 'wifi'))
      .orderBy(asc(updaterSensors.sensorId));
    expect(enrolled.filter((e) => ids.includes(e.id))).toEqual(ids.map((id) => ({ id, status: 'Ok' })));
    expect((await lastAudit(t.ctx.db, 'DeploymentCreated'))?.message).toBe(
      `Wi-Fi deployment ${d.id} of commit ${develop.hash} (develop) to 3 sensors (ROLLING, 1 every 600 s, grace 3600 s)`,
    );
    const list = await t.call('GET', `${WIFI}/deployments?page=1&limit=10`, { token: viewer });
    expect(list.json().data[0]).toMatchObject({ id: d.id, version: develop.hash });
  });

  it('creates from a tag (its commit, version = the tag), a full hash and a unique 7-character prefix', async () => {
    const tag = commits.flatMap((c) => c.tags)[0]!;
    const tagged = newestWith('tags', tag);
    const fromTag = await deploy({ sensors: take(1), commit: tag, period: 600 });
    expect(fromTag.statusCode, fromTag.body).toBe(201);
    const d = fromTag.json().data.deployment;
    expect(d).toMatchObject({ version: tagged.hash, strategy: 'IMMEDIATE' });
    const [row] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, d.id));
    expect(row!.version).toBe(tag.replace(/^v/, ''));

    const some = commits.find((c) => c.branches.includes('main') && c.tags.length === 0)!;
    const full = await deploy({ sensors: take(1), commit: some.hash.toUpperCase(), period: 600 });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().data.deployment.version).toBe(some.hash);
    expect((await lastAudit(t.ctx.db, 'DeploymentCreated'))?.message).toContain(
      `of commit ${some.hash} (${some.hash.toUpperCase()})`,
    );

    const prefix = await deploy({ sensors: take(1), commit: some.hash.slice(0, 7), period: 600 });
    expect(prefix.statusCode, prefix.body).toBe(201);
    expect(prefix.json().data.deployment.version).toBe(some.hash);
    expect(
      (await deploy({ sensors: take(1), commit: `deadbee0${'1'.repeat(4)}`, period: 600 })).json().data.deployment
        .version,
    ).toBe(`deadbee0${'1'.repeat(32)}`);
  });

  it('refuses unknown and ambiguous commits (422) with a clear message, writing nothing', async () => {
    const before = await deploymentCount();
    const [a] = take(1);
    const cases: [string, string][] = [
      ['deadbee', 'The hash prefix deadbee is ambiguous'],
      ['no-such-branch', 'No branch, tag or commit no-such-branch in the Wi-Fi firmware repository'],
      ['abc12', 'a hash prefix needs at least 7 characters'],
      ['0000000000', 'No branch, tag or commit 0000000000'],
    ];
    for (const [commit, message] of cases) {
      const res = await deploy({ sensors: [a], commit, period: 600 });
      expect([commit, res.statusCode]).toEqual([commit, 422]);
      expect(res.json().message).toContain(message);
    }
    expect(await deploymentCount()).toBe(before);
  });

  it('validates every field (400) and takes only Wi-Fi sensors (422), writing nothing', async () => {
    const [a, b] = take(2);
    const base = { sensors: [a, b], commit: 'main', period: 3600 };
    const before = await deploymentCount();
    const bad: Record<string, unknown>[] = [
      { ...base, sensors: [] },
      { ...base, sensors: '' },
      { ...base, sensors: '5-1' },
      { ...base, sensors: '1,x' },
      { ...base, sensors: [0] },
      { ...base, commit: '' },
      { ...base, commit: '   ' },
      { ...base, commit: 'a b' },
      { ...base, commit: 'main..develop' },
      { ...base, commit: 'ma\u0001in' },
      { ...base, commit: 'x'.repeat(256) },
      { sensors: [a], period: 600 },
      { ...base, version: '2.7.1.0' },
      { ...base, period: 0 },
      { ...base, period: 1.5 },
      { sensors: [a], commit: 'main' },
      { ...base, amount: 2 },
      { ...base, spacing: 60 },
      { ...base, strategy: 'ROLLING' },
      { ...base, strategy: 'IMMEDIATE', amount: 1, spacing: 60 },
      { ...base, amount: 0, spacing: 60 },
      { ...base, autoHalt: { failedPercent: 150, minFinished: 1 } },
      { ...base, maxRetries: 11 },
    ];
    for (const body of bad) {
      const res = await deploy(body);
      expect([res.statusCode, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await deploy({ ...base, sensors: '5-1' })).json().message).toBe(
      'sensors: The range 5-1 goes down: write it as 1-5',
    );
    expect((await deploy({ ...base, commit: '' })).json().message).toBe('commit: It is required');

    // A GSM sensor is not the Wi-Fi updater's, and is not enrolled.
    const [gsm] = await t.ctx.db
      .select({ id: sensors.id })
      .from(sensors)
      .where(eq(sensors.communication, 'GSM'))
      .limit(1);
    const foreign = await deploy({ ...base, sensors: [a, gsm!.id] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(`Sensors not known to the Wi-Fi updater: ${gsm!.id}`);
    expect(await deploymentCount()).toBe(before);
    const wifiRows = await t.ctx.db
      .select({ id: updaterSensors.sensorId })
      .from(updaterSensors)
      .where(and(eq(updaterSensors.family, 'wifi'), eq(updaterSensors.sensorId, gsm!.id)));
    expect(wifiRows).toEqual([]);

    // Rules are stored; a Failed sensor needs allowFailed; sensors of a rolling deployment are busy.
    const ok = await deploy({
      ...base,
      amount: 1,
      spacing: 60,
      autoHalt: { failedPercent: 20, minFinished: 2 },
      waveSuccessPercent: 50,
      maxRetries: 2,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.deployment.rollout).toEqual({
      autoHalt: { failedPercent: 20, minFinished: 2 },
      waveSuccessPercent: 50,
      maxRetries: 2,
    });
    const busy = await deploy({ ...base, sensors: [a] });
    expect(busy.statusCode).toBe(409);
    const [c] = take(1);
    await deploy({ sensors: [c], commit: 'main', period: 60 }).then((r) =>
      t.call('POST', `${WIFI}/deployments/${r.json().data.deployment.id}/halt`, { token: tech }),
    );
    await t.ctx.db
      .update(updaterSensors)
      .set({ status: 'Failed' })
      .where(and(eq(updaterSensors.family, 'wifi'), eq(updaterSensors.sensorId, c!)));
    expect((await deploy({ sensors: [c], commit: 'main', period: 60 })).statusCode).toBe(422);
    const allowed = await deploy({ sensors: [c], commit: 'main', period: 60 }, { query: '?allowFailed=true' });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().data.deployment.allow_failed).toBe(true);
  });

  it('creates once for a repeated idempotency key (a double submit)', async () => {
    const body = { sensors: take(2), commit: 'main', period: 600 };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await t.call('POST', `${WIFI}/deployments`, { token: tech, body, headers });
    const second = await t.call('POST', `${WIFI}/deployments`, { token: tech, body, headers });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.deployment.id).toBe(first.json().data.deployment.id);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('enforces permissions: 401 without a token, 403 without add / halt / free deployments', async () => {
    const body = { sensors: [pool[0]], commit: 'main', period: 60 };
    expect((await t.call('POST', `${WIFI}/deployments`, { body })).statusCode).toBe(401);
    expect((await deploy(body, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('POST', `${WIFI}/deployments/1/halt`, { token: viewer })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${WIFI}/deployments/1`, { token: viewer })).statusCode).toBe(403);
  });

  it('halts only a Rolling deployment and deletes only one with blocked sensors, freeing them', async () => {
    const ids = take(2);
    const d = (await deploy({ sensors: ids, commit: 'develop', period: 3600 })).json().data.deployment;
    expect((await t.call('DELETE', `${WIFI}/deployments/${d.id}`, { token: tech })).statusCode).toBe(422);
    const halt = await t.call('POST', `${WIFI}/deployments/${d.id}/halt`, { token: tech });
    expect(halt.json()).toEqual({ data: { id: d.id, status: 'Halted' } });
    expect((await lastAudit(t.ctx.db, 'DeploymentHalted'))?.message).toBe(
      `Wi-Fi deployment ${d.id} halted (2 sensors not yet released skipped)`,
    );
    const again = await t.call('POST', `${WIFI}/deployments/${d.id}/halt`, { token: tech });
    expect(again.json()).toEqual({
      status: 409,
      message: `Wi-Fi deployment ${d.id} is Halted; only a Rolling deployment can be halted`,
    });
    // A GSM deployment id is not a Wi-Fi one.
    const [gsm] = await t.ctx.db
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.family, 'gsm'))
      .limit(1);
    expect((await t.call('POST', `${WIFI}/deployments/${gsm!.id}/halt`, { token: tech })).statusCode).toBe(404);

    await t.ctx.db.update(deployments).set({ blockedSensors: ids }).where(eq(deployments.id, d.id));
    const blocked = await deploy({ sensors: ids, commit: 'main', period: 60 });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain(`${ids[0]} (deployment ${d.id})`);
    const del = await t.call('DELETE', `${WIFI}/deployments/${d.id}`, { token: tech });
    expect(del.json()).toEqual({ data: { id: d.id, freed: ids } });
    expect((await lastAudit(t.ctx.db, 'DeploymentDeleted'))?.message).toContain(`Wi-Fi deployment ${d.id} deleted`);
    expect((await t.call('GET', `${WIFI}/deployments/${d.id}`, { token: tech })).statusCode).toBe(404);
    expect((await deploy({ sensors: ids, commit: 'main', period: 60 })).statusCode).toBe(201);
  });
});

describe('Wi-Fi binaries', () => {
  it('reads a seeded binary: info, logs as text; no content until its file is stored; view_deployments', async () => {
    const [row] = await t.ctx.db
      .select({
        binary: deploymentSensors.binary,
        sensor: deploymentSensors.sensorId,
        status: deploymentSensors.status,
        version: deploymentSensors.version,
        logs: deploymentSensors.logs,
      })
      .from(deploymentSensors)
      .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
      .where(and(eq(deployments.family, 'wifi'), eq(deploymentSensors.hasLogs, true)))
      .limit(1);
    const binary = row!.binary!;
    const info = await t.call('GET', `${WIFI}/binary/${binary}`, { token: viewer });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toEqual({
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sensor: row!.sensor,
      status: row!.status,
      version: row!.version,
      has_logs: true,
      is_present: false,
    });
    const logs = await t.call('GET', `${WIFI}/binary/${binary}/logs`, { token: viewer });
    expect(logs.statusCode).toBe(200);
    expect(logs.headers['content-type']).toContain('text/plain');
    expect(logs.body).toBe(row!.logs);
    expect((await t.call('GET', `${WIFI}/binary/${binary}/content`, { token: viewer })).statusCode).toBe(404);

    // Once the binary's file is stored it is present and downloadable, hash-verified.
    const bytes = crypto.randomBytes(4096);
    await t.ctx.files.writeBytes(wifiBinaryFileKey(binary), bytes);
    await t.ctx.db.insert(files).values({
      key: wifiBinaryFileKey(binary),
      kind: 'firmware',
      contentType: 'application/octet-stream',
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
    expect((await t.call('GET', `${WIFI}/binary/${binary}`, { token: viewer })).json().data.is_present).toBe(true);
    const content = await t.call('GET', `${WIFI}/binary/${binary}/content`, { token: viewer });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-disposition']).toBe(`attachment; filename="${binary}.bin"`);
    expect(Buffer.compare(content.rawPayload, bytes)).toBe(0);

    for (const suffix of ['', '/logs', '/content']) {
      expect((await t.call('GET', `${WIFI}/binary/${binary}${suffix}`, { token: sales })).statusCode).toBe(403);
      expect((await t.call('GET', `${WIFI}/binary/${binary}${suffix}`)).statusCode).toBe(401);
      expect((await t.call('GET', `${WIFI}/binary/nosuchbinary${suffix}`, { token: viewer })).statusCode).toBe(404);
      expect((await t.call('GET', `${WIFI}/binary/bad.id${suffix}`, { token: viewer })).statusCode).toBe(400);
    }
  });

  it('says 404 for the logs of a binary without logs', async () => {
    const [row] = await t.ctx.db
      .select({ deploymentId: deploymentSensors.deploymentId, sensorId: deploymentSensors.sensorId })
      .from(deploymentSensors)
      .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
      .where(and(eq(deployments.family, 'wifi'), sql`${deploymentSensors.binary} is not null`))
      .limit(1);
    await t.ctx.db
      .update(deploymentSensors)
      .set({ binary: 'nologs0001', hasLogs: false, logs: null })
      .where(and(eq(deploymentSensors.deploymentId, row!.deploymentId), eq(deploymentSensors.sensorId, row!.sensorId)));
    const probe = await t.call('GET', `${WIFI}/binary/nologs0001`, { token: viewer });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().data).toMatchObject({ sensor: row!.sensorId, has_logs: false, is_present: false });
    const logs = await t.call('GET', `${WIFI}/binary/nologs0001/logs`, { token: viewer });
    expect(logs.json()).toEqual({ status: 404, message: 'Binary nologs0001 has no logs' });
  });
});
