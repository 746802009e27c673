/**
 * Gen3 updater writes (document 2, sections 2.9, 4, 5, 7; issue 13): version create, binary upload
 * (stored and hashed, inactive), activate (one active binary per module), deactivate, deployment
 * create — every validation, the permission of each (403 for a viewer), each audited, over HTTP
 * against a real database.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../common/domain';
import { auditLogs, deployments, firmwareBinaries, firmwareVersions, sensors } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';
import { lastAudit } from '../support/records';

const GEN3 = '/updater/gen3';
let t: TestApp;
let dataDir: string;
let tech: string;
let viewer: string;
let gen3Sensor: number;
let gsmSensor: number;
let retiredGen3Sensor: number | undefined;

async function upload(query: string, file: Buffer | null, token = tech, field = 'data') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file)]), 'module.bin');
  else form.append('note', 'no file');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `${GEN3}/binaries${query}`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

const auditCount = async (eventType: string) =>
  (await t.ctx.db.select({ id: auditLogs.logId }).from(auditLogs).where(eq(auditLogs.eventType, eventType))).length;

async function binariesOf(version: string, module?: number) {
  return t.ctx.db
    .select()
    .from(firmwareBinaries)
    .where(
      and(
        eq(firmwareBinaries.family, 'gen3'),
        eq(firmwareBinaries.version, version),
        module === undefined ? undefined : eq(firmwareBinaries.module, module),
      ),
    );
}

const activeIds = async (version: string, module: number) =>
  (await binariesOf(version, module)).filter((b) => b.active).map((b) => b.id);

const createVersion = (body: unknown, token = tech) => t.call('POST', `${GEN3}/versions`, { token, body });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'h-gen3-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [tech, viewer] = await Promise.all([t.tokenOf('technician'), t.tokenOf('viewer')]);
  const pick = async (comms: string[], retired: boolean) =>
    (
      await t.ctx.db
        .select({ id: sensors.id })
        .from(sensors)
        .where(
          and(
            inArray(sensors.communication, comms),
            retired ? eq(sensors.status, 'Retired') : notInArray(sensors.status, ['Retired']),
          ),
        )
        .orderBy(sensors.id)
        .limit(1)
    )[0]?.id;
  gen3Sensor = (await pick(['LORA', 'OTHER'], false))!;
  gsmSensor = (await pick(['GSM'], false))!;
  retiredGen3Sensor = await pick(['LORA', 'OTHER'], true);
  expect(gen3Sensor).toBeGreaterThan(0);
  expect(gsmSensor).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('POST /versions', () => {
  it('creates a version (add_versions), audited, readable at once', async () => {
    const res = await createVersion({ version: '7.0.0.1', description: '  First Gen3 cut  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ version: '7.0.0.1', description: 'First Gen3 cut' });
    expect((await lastAudit(t.ctx.db, 'VersionCreated'))?.message).toBe('Gen3 version 7.0.0.1 created');
    const one = await t.call('GET', `${GEN3}/versions/7.0.0.1`, { token: viewer });
    expect(one.json().data).toMatchObject({ version: '7.0.0.1', description: 'First Gen3 cut' });
    const list = await t.call('GET', `${GEN3}/versions?limit=1`, { token: viewer });
    expect(list.json().data[0].version).toBe('7.0.0.1');
    const empty = await createVersion({ version: '7.0.0.2' });
    expect(empty.json().data).toMatchObject({ version: '7.0.0.2', description: null });
  });

  it('refuses a duplicate (409), a bad version or description (400) and a viewer (403), writing nothing', async () => {
    const before = await t.ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.family, 'gen3'));
    expect((await createVersion({ version: '7.0.0.1' })).json()).toEqual({
      status: 409,
      message: 'Gen3 version 7.0.0.1 already exists',
    });
    for (const version of ['7.0.0', '256.0.0.1', '1.2.3.4.5', 'a.b.c.d', '', '  ', '1.2.3.-4', 7])
      expect((await createVersion({ version })).json(), String(version)).toMatchObject({ status: 400 });
    const bad = await createVersion({ version: '7.0.0' });
    expect(bad.json().message).toContain('[0-255].[0-255].[0-255].[0-255]');
    expect((await createVersion({ version: '7.0.0.9', description: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await createVersion({ version: '7.0.0.9', extra: 1 })).statusCode).toBe(400);
    expect((await createVersion({ description: 'no version' })).statusCode).toBe(400);
    expect((await createVersion({ version: '7.0.0.9' }, viewer)).statusCode).toBe(403);
    expect((await t.call('POST', `${GEN3}/versions`, { body: { version: '7.0.0.9' } })).statusCode).toBe(401);
    const after = await t.ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.family, 'gen3'));
    expect(after.length).toBe(before.length);
    expect((await createVersion({ version: '7.0.0.9', description: 'x'.repeat(255) })).statusCode).toBe(201);
  });
});

describe('POST /binaries', () => {
  it('stores the file (SHA-256, on disk), inactive, audited, and lists it first', async () => {
    const bytes = Buffer.from('gen3 module 1 build A');
    const res = await upload('?version=7.0.0.1&module=1&description=Build%20A', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(typeof id).toBe('string');
    const [row] = await t.ctx.db.select().from(firmwareBinaries).where(eq(firmwareBinaries.id, id));
    const sha = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(row).toMatchObject({ family: 'gen3', version: '7.0.0.1', module: 1, active: false, hash: sha });
    expect(row!.description).toBe('Build A');
    expect(await fs.readFile(path.join(dataDir, 'files', row!.fileKey))).toEqual(bytes);
    expect((await lastAudit(t.ctx.db, 'BinaryUploaded'))?.message).toContain(
      `Gen3 binary ${id} of version 7.0.0.1 module 1`,
    );
    const list = await t.call('GET', `${GEN3}/binaries/versions/7.0.0.1`, { token: viewer });
    expect(list.json()).toMatchObject({ totalCount: 1, data: [{ id, module: 1, active: false, hash: sha }] });
    const zero = await upload('?version=7.0.0.1&module=0', Buffer.from('module zero'));
    expect(zero.statusCode, zero.body).toBe(201);
    const [z] = await t.ctx.db.select().from(firmwareBinaries).where(eq(firmwareBinaries.id, zero.json().id));
    expect(z).toMatchObject({ module: 0, description: null, active: false });
  });

  it('refuses a bad module (400), an unknown version (404), no file (400), a huge file (413) and a viewer (403)', async () => {
    const before = (await binariesOf('7.0.0.1')).length;
    const file = Buffer.from('x');
    for (const module of ['-1', '1.5', 'abc', '', '2147483648', '99999999999'])
      expect((await upload(`?version=7.0.0.1&module=${module}`, file)).json(), module).toMatchObject({ status: 400 });
    expect((await upload('?version=7.0.0.1', file)).statusCode).toBe(400);
    expect((await upload('?module=1', file)).statusCode).toBe(400);
    expect((await upload('?version=7.0.0.1&module=1&description=' + 'd'.repeat(256), file)).statusCode).toBe(400);
    expect((await upload('?version=9.9.9.9&module=1', file)).json()).toEqual({
      status: 404,
      message: 'Gen3 version 9.9.9.9 does not exist',
    });
    expect((await upload('?version=7.0.0.1&module=1', null)).json()).toEqual({
      status: 400,
      message: 'The multipart field "data" with a file is required',
    });
    expect((await upload('?version=7.0.0.1&module=1', file, tech, 'file')).statusCode).toBe(400);
    expect((await upload('?version=7.0.0.1&module=1', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload('?version=7.0.0.1&module=1', Buffer.alloc(UPLOAD_LIMITS.firmware + 1))).statusCode).toBe(413);
    expect((await upload('?version=7.0.0.1&module=1', file, viewer)).statusCode).toBe(403);
    expect(
      (
        await t.call('POST', `${GEN3}/binaries?version=7.0.0.1&module=1`, {
          token: tech,
          body: { data: 'not multipart' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await binariesOf('7.0.0.1')).length).toBe(before);
  });
});

describe('activate and deactivate: one active binary per module', () => {
  const activate = (id: string, token = tech) => t.call('POST', `${GEN3}/binaries/${id}/activate`, { token });
  const deactivate = (body: unknown, token = tech) => t.call('POST', `${GEN3}/binaries/deactivate`, { token, body });
  const put = async (module: number, label: string) =>
    (await upload(`?version=7.0.0.2&module=${module}`, Buffer.from(label))).json().id as string;

  it('activating a binary deactivates the other active binary of its module only, audited', async () => {
    const a = await put(1, 'A');
    const b = await put(1, 'B');
    const other = await put(2, 'module two');
    const res = await activate(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: a, module: 1, active: true });
    expect(await activeIds('7.0.0.2', 1)).toEqual([a]);
    expect((await lastAudit(t.ctx.db, 'BinaryActivated'))?.message).toBe(
      `Gen3 binary ${a} of version 7.0.0.2 module 1 activated`,
    );
    expect((await activate(other)).statusCode).toBe(200);
    expect((await activate(b)).statusCode).toBe(200);
    expect(await activeIds('7.0.0.2', 1)).toEqual([b]);
    expect(await activeIds('7.0.0.2', 2)).toEqual([other]);
    expect((await lastAudit(t.ctx.db, 'BinaryActivated'))?.message).toBe(
      `Gen3 binary ${b} of version 7.0.0.2 module 1 activated (deactivated ${a})`,
    );
    const active = await t.call('GET', `${GEN3}/binaries/versions/7.0.0.2/active`, { token: viewer });
    expect(active.json().data.map((x: { id: string }) => x.id)).toEqual([b, other]);
    // Activating the active one changes nothing and writes no audit record.
    const audits = await auditCount('BinaryActivated');
    expect((await activate(b)).json().data).toMatchObject({ id: b, active: true });
    expect(await auditCount('BinaryActivated')).toBe(audits);
    expect(await activeIds('7.0.0.2', 1)).toEqual([b]);
  });

  it('concurrent activations of two binaries of a module leave exactly one active', async () => {
    const ids = await Promise.all(['C1', 'C2', 'C3'].map((l) => put(3, l)));
    const results = await Promise.all(ids.map((id) => activate(id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const active = await activeIds('7.0.0.2', 3);
    expect(active.length).toBe(1);
    expect(ids).toContain(active[0]);
  });

  it('deactivates the active binary of a module, audited; 404 when none or unknown', async () => {
    const [b] = await activeIds('7.0.0.2', 1);
    const res = await deactivate({ version: '7.0.0.2', module: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([{ id: b, active: false }]);
    expect(await activeIds('7.0.0.2', 1)).toEqual([]);
    expect(await activeIds('7.0.0.2', 2)).toHaveLength(1);
    expect((await lastAudit(t.ctx.db, 'BinaryDeactivated'))?.message).toBe(
      `Gen3 binary ${b} of version 7.0.0.2 module 1 deactivated`,
    );
    expect((await deactivate({ version: '7.0.0.2', module: 1 })).json()).toEqual({
      status: 404,
      message: 'Gen3 version 7.0.0.2 has no active binary of module 1',
    });
    expect((await deactivate({ version: '9.9.9.9', module: 1 })).statusCode).toBe(404);
    expect((await deactivate({ version: '7.0.0.2', module: 99 })).statusCode).toBe(404);
  });

  it('validates (400), refuses unknown binaries (404) and a viewer (403), changing nothing', async () => {
    const [two] = await activeIds('7.0.0.2', 2);
    for (const body of [
      { version: '7.0.0.2' },
      { module: 2 },
      { version: '7.0.0.2', module: -1 },
      { version: '7.0.0.2', module: '2' },
      { version: '7.0.0.2', module: 1.5 },
    ])
      expect((await deactivate(body)).json(), JSON.stringify(body)).toMatchObject({ status: 400 });
    expect((await activate('no-such-binary')).json()).toEqual({
      status: 404,
      message: 'Gen3 binary no-such-binary does not exist',
    });
    const gsmBinary = (
      await t.ctx.db
        .select({ id: firmwareBinaries.id })
        .from(firmwareBinaries)
        .where(eq(firmwareBinaries.family, 'gsm'))
        .limit(1)
    )[0]!.id;
    expect((await activate(gsmBinary)).statusCode).toBe(404);
    const [inactive] = (await binariesOf('7.0.0.2', 1)).filter((b) => !b.active);
    expect((await activate(inactive!.id, viewer)).statusCode).toBe(403);
    expect((await deactivate({ version: '7.0.0.2', module: 2 }, viewer)).statusCode).toBe(403);
    expect(await activeIds('7.0.0.2', 1)).toEqual([]);
    expect(await activeIds('7.0.0.2', 2)).toEqual([two]);
  });
});

describe('POST /deployments', () => {
  const deploy = (body: unknown, token = tech, headers?: Record<string, string>) =>
    t.call('POST', `${GEN3}/deployments`, { token, body, headers });
  const countGen3 = async () =>
    (await t.ctx.db.select({ id: deployments.id }).from(deployments).where(eq(deployments.family, 'gen3'))).length;

  it('creates a Pending deployment of a version to a Gen3 sensor, not yet applied, audited, listed first', async () => {
    const res = await deploy({ version: '7.0.0.1', sensorId: gen3Sensor });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ sensorId: gen3Sensor, version: '7.0.0.1', appliedDate: null });
    const [row] = await t.ctx.db.select().from(deployments).where(eq(deployments.id, d.id));
    expect(row).toMatchObject({ family: 'gen3', sensors: [gen3Sensor], status: 'Pending', appliedDate: null });
    expect((await lastAudit(t.ctx.db, 'DeploymentCreated'))?.message).toBe(
      `Gen3 deployment ${d.id} of version 7.0.0.1 to sensor ${gen3Sensor}`,
    );
    const list = await t.call('GET', `${GEN3}/deployments?limit=1`, { token: viewer });
    expect(list.json().data[0]).toEqual(d);
  });

  it('answers a repeated Idempotency-Key once', async () => {
    const before = await countGen3();
    const headers = { 'idempotency-key': 'gen3-double-submit' };
    const body = { version: '7.0.0.2', sensorId: gen3Sensor };
    const [first, second] = [await deploy(body, tech, headers), await deploy(body, tech, headers)];
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countGen3()).toBe(before + 1);
  });

  it('refuses bad input (400), unknown versions and sensors (422) and a viewer (403), writing nothing', async () => {
    const before = await countGen3();
    for (const body of [
      { version: '7.0.0.1' },
      { sensorId: gen3Sensor },
      { version: '7.0.0.1', sensorId: '12' },
      { version: '7.0.0.1', sensorId: 1.5 },
      { version: '7.0.0.1', sensorId: 0 },
      { version: '7.0.0.1', sensorId: 2147483648 },
      { version: '', sensorId: gen3Sensor },
      { version: '7.0.0.1', sensorId: gen3Sensor, sensors: [1] },
    ])
      expect((await deploy(body)).json(), JSON.stringify(body)).toMatchObject({ status: 400 });
    expect((await deploy({ version: '9.9.9.9', sensorId: gen3Sensor })).json()).toEqual({
      status: 422,
      message: 'Gen3 version 9.9.9.9 does not exist',
    });
    const gsmVersion = (
      await t.ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.family, 'gsm')).limit(1)
    )[0]!.version;
    expect((await deploy({ version: gsmVersion, sensorId: gen3Sensor })).statusCode).toBe(422);
    expect((await deploy({ version: '7.0.0.1', sensorId: 2_000_000_000 })).json()).toEqual({
      status: 422,
      message: 'Sensor 2000000000 does not exist',
    });
    expect((await deploy({ version: '7.0.0.1', sensorId: gsmSensor })).json()).toEqual({
      status: 422,
      message: `Sensor ${gsmSensor} (GSM) is not served by the Gen3 updater`,
    });
    if (retiredGen3Sensor !== undefined)
      expect((await deploy({ version: '7.0.0.1', sensorId: retiredGen3Sensor })).statusCode).toBe(422);
    expect((await deploy({ version: '7.0.0.1', sensorId: gen3Sensor }, viewer)).statusCode).toBe(403);
    expect(await countGen3()).toBe(before);
  });
});
