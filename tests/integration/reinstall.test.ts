/**
 * Reinstall over HTTP (document 2, sections 2.3, 3, 4, 5): the successor installation, the closed
 * predecessor, the sensor moved, status changed only when asked and allowed, a waiting request
 * marked installed, tags and factors as sent, history, audit and live updates — and every refusal
 * changing nothing. Also the sensor activity endpoint used by the activity indicator.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  auditLogs,
  installationHistory,
  installationRequests,
  installationTagValues,
  installations,
  sensors,
  tags,
} from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let technician: string;
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  technician = await t.tokenOf('technician');
});
afterAll(() => t?.close());

/** A current installation of an Installed sensor, a different one each call. */
const used = new Set<number>();
async function currentOne() {
  const rows = await db()
    .select({ i: installations, status: sensors.status })
    .from(installations)
    .innerJoin(sensors, eq(sensors.currentInstallationId, installations.id))
    .where(and(isNull(installations.removedAt), eq(sensors.status, 'Installed')))
    .limit(40);
  const pick = rows.find((r) => !used.has(r.i.id))!;
  used.add(pick.i.id);
  return pick.i;
}

const payload = (over: Record<string, unknown> = {}) => ({
  previousInstallationId: null,
  lat: 50.0571234567,
  lon: 19.9601234567,
  contractorId: 1,
  visible: true,
  ...over,
});
const installationCount = async () => (await db().select({ n: count() }).from(installations))[0]!.n;
const byNumber = async (n: number) =>
  (await db().select().from(installations).where(eq(installations.installationId, n)))[0]!;

describe('POST /installations/{installationId} (reinstall)', () => {
  it('creates the successor, closes the predecessor, moves the sensor and tells followers', async () => {
    const old = await currentOne();
    const changed = vi.spyOn(t.ctx.realtime, 'installationsChanged');
    const res = await t.call('POST', `/api/installations/${old.installationId}`, {
      token: technician,
      body: payload({
        fullName: 'Anna Nowak',
        email: 'anna@example.com',
        phoneNumber: '+48 600 000 000',
        altAddress1: 'Floor 2',
        factors: { pm25: { A: 0, B: null, C: 1 }, pm10: { A: null, B: null, C: null } },
      }),
    });
    expect(res.statusCode).toBe(201);
    const { installationId, sensorId } = res.json();
    expect(sensorId).toBe(old.sensorId);
    const created = await byNumber(installationId);
    // Chain links are row ids (installations.id), never business numbers.
    expect(created).toMatchObject({
      predecessorId: old.id,
      sensorId: old.sensorId,
      latitude: 50.057123,
      longitude: 19.960123,
      contractorId: 1,
      isVisible: true,
      contactFullName: 'Anna Nowak',
      alternativeAddress1: 'Floor 2',
      removedAt: null,
    });
    // B defaults to 1; a parameter with all three empty is left out.
    expect(created.factors).toEqual({ pm25: { A: 0, B: 1, C: 1 } });
    const closed = await byNumber(old.installationId);
    expect(closed.removedAt).not.toBeNull();
    expect(closed.successorId).toBe(created.id);
    const [sensor] = await db().select().from(sensors).where(eq(sensors.id, old.sensorId));
    expect(sensor!.currentInstallationId).toBe(created.id);
    expect(sensor!.status).toBe('Installed');
    const snapshots = await db()
      .select({ n: count() })
      .from(installationHistory)
      .where(eq(installationHistory.installationId, created.id));
    expect(snapshots[0]!.n).toBe(1);
    const [entry] = await db().select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
    expect(entry).toMatchObject({
      eventType: 'InstallationCreated',
      message: `Sensor ${old.sensorId} reinstalled: installation ${old.installationId} → ${installationId}`,
    });
    expect(changed).toHaveBeenCalledWith([old.installationId, installationId]);
    changed.mockRestore();
  });

  it('installs a waiting request, sets tags as sent and changes the status only when different and allowed', async () => {
    const old = await currentOne();
    const [request] = await db()
      .select()
      .from(installationRequests)
      .where(eq(installationRequests.state, 'WAITING'))
      .limit(1);
    const [tag] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.context, 'installations'), eq(tags.type, 'STRING')))
      .limit(1);
    const refused = await t.call('POST', `/api/installations/${old.installationId}`, {
      token: technician,
      body: payload({ requestId: request!.id, status: 'Retired' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Sensor status cannot change from Installed to Retired');

    const res = await t.call('POST', `/api/installations/${old.installationId}`, {
      token: technician,
      body: payload({ requestId: request!.id, status: 'Installed', tags: { [tag!.id]: 'balcony' } }),
    });
    expect(res.statusCode).toBe(201);
    const created = await byNumber(res.json().installationId);
    expect(created.installationRequestId).toBe(request!.id);
    expect(created.predecessorId).toBe(old.id);
    expect((await byNumber(old.installationId)).successorId).toBe(created.id);
    const history = await t.call('GET', `/api/history/installations/${created.installationId}`, { token: admin });
    expect(history.json().data[0]).toMatchObject({
      installationId: created.installationId,
      predecessorId: old.installationId,
      installationRequestId: request!.id,
    });
    const [state] = await db()
      .select({ state: installationRequests.state })
      .from(installationRequests)
      .where(eq(installationRequests.id, request!.id));
    expect(state!.state).toBe('DONE');
    const values = await db()
      .select()
      .from(installationTagValues)
      .where(eq(installationTagValues.entityId, created.id));
    expect(values.map((v) => [v.tagId, v.value])).toEqual([[tag!.id, 'balcony']]);
    const statusAudits = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'SensorStatusChanged'))
      .orderBy(desc(auditLogs.logId))
      .limit(1);
    expect(statusAudits[0]?.message ?? '').not.toContain(`Sensor ${old.sensorId} status`);

    // The same request cannot be installed twice.
    const other = await currentOne();
    const again = await t.call('POST', `/api/installations/${other.installationId}`, {
      token: technician,
      body: payload({ requestId: request!.id }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/is DONE/);
  });

  it('refuses bad input, unknown references, a removed installation and a missing permission, changing nothing', async () => {
    const old = await currentOne();
    const before = await installationCount();
    const url = `/api/installations/${old.installationId}`;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [payload({ lat: 91 }), 400, /lat/],
      [payload({ contractorId: undefined }), 400, /contractorId/],
      [payload({ email: 'nope' }), 400, /^email: Not a valid email$/],
      [payload({ phoneNumber: '600 000' }), 400, /phoneNumber: Country code required/],
      [payload({ factors: { pm25: { A: 1, B: 1, C: null } } }), 400, /factors\.pm25/],
      [payload({ contractorId: 999_999 }), 422, /Contractor 999999 does not exist/],
      [payload({ previousInstallationId: 2_000_000_000 }), 422, /Previous installation 2000000000 does not exist/],
      [payload({ tags: { 999999: 'x' } }), 422, /Installation tag 999999 does not exist/],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', url, { token: technician, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const viewer = await t.tokenOf('viewer');
    expect((await t.call('POST', url, { token: viewer, body: payload() })).statusCode).toBe(403);
    const [removed] = await db().select().from(installations).where(isNotNull(installations.removedAt)).limit(1);
    const res = await t.call('POST', `/api/installations/${removed!.installationId}`, {
      token: admin,
      body: payload(),
    });
    expect(res.statusCode).toBe(422);
    expect(await installationCount()).toBe(before);
    expect((await byNumber(old.installationId)).removedAt).toBeNull();
  });
});

/** GET as admin, the JSON body's data. */
async function data(url: string) {
  const res = await t.call('GET', url, { token: admin });
  expect(res.statusCode, url).toBe(200);
  return res.json().data;
}

describe('the installation chain (row ids in the database, business numbers in the API)', () => {
  it('links three reinstalls of one sensor both ways, and the history, its last record and the lists agree', async () => {
    const first = await currentOne();
    const numbers = [first.installationId];
    for (let k = 0; k < 3; k++) {
      const res = await t.call('POST', `/api/installations/${numbers.at(-1)}`, {
        token: technician,
        body: payload({ lat: 50 + k / 100 }),
      });
      expect(res.statusCode).toBe(201);
      numbers.push(res.json().installationId);
    }
    const rows = await Promise.all(numbers.map(byNumber));
    const before =
      first.predecessorId === null
        ? null
        : (await db().select().from(installations).where(eq(installations.id, first.predecessorId)))[0]!.installationId;

    for (const [k, n] of numbers.entries()) {
      // The database: row ids of the same sensor's installations.
      expect(rows[k]!.sensorId).toBe(first.sensorId);
      if (k > 0) expect(rows[k]!.predecessorId).toBe(rows[k - 1]!.id);
      expect(rows[k]!.successorId).toBe(k < 3 ? rows[k + 1]!.id : null);
      // The API: business numbers, the newest record of each installation first.
      const records = await data(`/api/history/installations/${n}`);
      expect(records[0]).toMatchObject({
        id: rows[k]!.id,
        installationId: n,
        sensorId: first.sensorId,
        predecessorId: k > 0 ? numbers[k - 1] : before,
        successorId: k < 3 ? numbers[k + 1] : null,
      });
      expect(await data(`/api/history/installations/${n}/last`)).toEqual(records[0]);
    }

    // Walk the chain through the API, backwards from the newest and forwards from the first.
    const walk = async (from: number, link: 'predecessorId' | 'successorId') => {
      const seen: number[] = [];
      for (let n: number | null = from; n !== null && seen.length < 10;) {
        const last = await data(`/api/history/installations/${n}/last`);
        expect(last.sensorId).toBe(first.sensorId);
        seen.push(n);
        n = last[link];
      }
      return seen;
    };
    expect((await walk(numbers[3]!, 'predecessorId')).slice(0, 4)).toEqual([...numbers].reverse());
    expect(await walk(numbers[0]!, 'successorId')).toEqual(numbers);

    // The sensor's history lists the same installations with the same links as their last records.
    const sensorHistory = await data(`/api/history/sensors/${first.sensorId}`);
    for (const n of numbers) {
      const inList = sensorHistory.find((r: { installationId: number }) => r.installationId === n);
      expect(inList).toEqual(await data(`/api/history/installations/${n}/last`));
    }

    // The installations list shows and queries the links as business numbers too.
    const list = await data(
      `/api/installations?${new URLSearchParams({ query: `sensorId = ${first.sensorId} and removedAt != null`, limit: '50' })}`,
    );
    const listed = new Map(list.installations.map((r: { installationId: number }) => [r.installationId, r] as const));
    for (const k of [0, 1, 2])
      expect(listed.get(numbers[k]!)).toMatchObject({
        predecessorId: k > 0 ? numbers[k - 1] : before,
        successorId: numbers[k + 1],
      });
    const byPredecessor = await data(
      `/api/installations?${new URLSearchParams({ query: `predecessorId = ${numbers[2]}` })}`,
    );
    expect(byPredecessor.installations.map((r: { installationId: number }) => r.installationId)).toEqual([numbers[3]]);
  });
});

describe("the console's `null` route rule (installation looked up from the sensor)", () => {
  it('GET /sensors/{id} names the current installation by the number POST /installations/{id} takes; none once retired', async () => {
    const old = await currentOne();
    const sensorInfo = async () =>
      (await t.call('GET', `/api/sensors/${old.sensorId}`, { token: technician })).json().data.sensor.info;
    expect((await sensorInfo()).currentInstallationId).toBe(old.installationId);
    const res = await t.call('POST', `/api/installations/${(await sensorInfo()).currentInstallationId}`, {
      token: technician,
      body: payload(),
    });
    expect(res.statusCode).toBe(201);
    expect((await sensorInfo()).currentInstallationId).toBe(res.json().installationId);

    // A retired sensor has no current installation: the console answers 406 and sends nothing.
    expect((await t.call('DELETE', `/api/sensors/${old.sensorId}`, { token: technician })).statusCode).toBe(200);
    expect((await sensorInfo()).currentInstallationId).toBeNull();
  });
});

describe('GET /sensor/{id}/activity', () => {
  it('tells active, inactive, visible and ghost sensors apart', async () => {
    const old = await currentOne();
    await db().update(sensors).set({ lastMeasurementAt: new Date() }).where(eq(sensors.id, old.sensorId));
    const active = await t.call('GET', `/api/sensor/${old.sensorId}/activity`, { token: admin });
    expect(active.json().data).toMatchObject({ id: old.sensorId, exists: true, active: true, visible: old.isVisible });

    await db()
      .update(sensors)
      .set({ lastMeasurementAt: new Date(Date.now() - 21 * 60_000) })
      .where(eq(sensors.id, old.sensorId));
    const inactive = await t.call('GET', `/api/sensor/${old.sensorId}/activity`, { token: admin });
    expect(inactive.json().data.active).toBe(false);

    const ghost = await t.call('GET', '/api/sensor/2147483000/activity', { token: admin });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.json().data).toEqual({
      id: 2147483000,
      exists: false,
      active: false,
      lastContact: null,
      visible: false,
    });
  });
});
