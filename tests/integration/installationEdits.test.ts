/**
 * The installation read form and inline editors over HTTP (document 2, sections 2.1, 4, 5, 7):
 * permissions, validation (a refused edit changes nothing), the history snapshot and audit entry of
 * every edit, the live update that follows it, and suspension per parameter.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { auditLogs, installationHistory, installations, tags } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let technician: string;
let viewer: string;
/** A current installation of the demo seed that measures pm25. */
let current: typeof installations.$inferSelect;

const db = () => t.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  technician = await t.tokenOf('technician');
  viewer = await t.tokenOf('viewer');
  const rows = await db().select().from(installations).where(isNull(installations.removedAt)).limit(50);
  current = rows.find((r) => r.measured.includes('pm25') && !r.measured.includes('no2'))!;
  expect(current).toBeDefined();
});
afterAll(() => t?.close());

const at = (path = '') => `/api/installations/${current.installationId}${path}`;
const row = async () => (await db().select().from(installations).where(eq(installations.id, current.id)))[0]!;
const historyCount = async () =>
  (
    await db()
      .select({ n: count() })
      .from(installationHistory)
      .where(eq(installationHistory.installationId, current.id))
  )[0]!.n;
const lastAudit = async () => (await db().select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;

/** Sets up a role with exactly these permissions on the sales user and returns its token. */
async function userWith(permissions: string[]): Promise<string> {
  const name = `Only ${permissions.join(' ')}`.slice(0, 60);
  expect((await t.call('POST', '/api/admin/roles', { token: admin, body: { name, permissions } })).statusCode).toBe(
    201,
  );
  expect((await t.call('PATCH', '/api/admin/users/4', { token: admin, body: { role: name } })).statusCode).toBe(200);
  return (await t.login('sales')).tokens.accessToken;
}

describe('GET /installations/{id}', () => {
  it('answers the read form used by reinstall', async () => {
    const res = await t.call('GET', at(), { token: admin });
    expect(res.statusCode).toBe(200);
    const { installation } = res.json().data;
    expect(installation.info).toMatchObject({
      installationId: current.installationId,
      status: current.status,
      contractor: { id: current.contractorId },
    });
    expect(installation.location.coordinates).toEqual({ latitude: current.latitude, longitude: current.longitude });
    expect(installation.location.address.altAddress1).toBe(current.alternativeAddress1);
    expect(installation.contact).toHaveProperty('email', current.contactEmail);
  });

  it('leaves out what the caller may not see, and answers 404 for an unknown installation', async () => {
    const token = await userWith(['view_installations']);
    const res = await t.call('GET', at(), { token });
    expect(res.statusCode).toBe(200);
    const { installation } = res.json().data;
    expect(installation.contact).toEqual({});
    expect(installation.info.contractor).toBeUndefined();
    expect(installation.params.factors).toEqual({});
    expect((await t.call('GET', '/api/installations/2147483000', { token: admin })).statusCode).toBe(404);
  });
});

describe('PATCH status', () => {
  it('changes the sensor status along the allowed transitions only', async () => {
    const wrong = await t.call('PATCH', at('/status'), { token: technician, body: { value: 'Retired' } });
    expect(wrong.statusCode).toBe(422);
    const unknown = await t.call('PATCH', at('/status'), { token: technician, body: { value: 'Broken' } });
    expect(unknown.statusCode).toBe(400);
    const ok = await t.call('PATCH', at('/status'), { token: technician, body: { value: 'ServiceRequired' } });
    expect(ok.statusCode).toBe(200);
    expect((await row()).status).toBe('ServiceRequired');
    expect(await lastAudit()).toMatchObject({ eventType: 'InstallationStatusChanged' });
    expect((await t.call('PATCH', at('/status'), { token: viewer, body: { value: 'Installed' } })).statusCode).toBe(
      403,
    );
    const back = await t.call('PATCH', at('/status'), { token: technician, body: { value: 'Installed' } });
    expect(back.json().data.status).toBe('Installed');
  });
});

describe('PATCH visibility, visibleBy, contact, alternative address', () => {
  it('toggles visibility with a history snapshot, an audit entry and a live update', async () => {
    const changed = vi.spyOn(t.ctx.realtime, 'installationsChanged');
    const before = await historyCount();
    const visible = !current.isVisible;
    const res = await t.call('PATCH', at('/visibility'), { token: technician, body: { visible } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ installationId: current.installationId, isVisible: visible });
    expect((await row()).isVisible).toBe(visible);
    expect(await historyCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      eventType: 'InstallationVisibilityChanged',
      userName: 'technician',
      message: `Installation ${current.installationId}: ${visible ? 'now visible' : 'now invisible'}`,
    });
    expect(changed).toHaveBeenCalledWith([current.installationId]);
    changed.mockRestore();
  });

  it('needs edit_visibility and a boolean', async () => {
    expect((await t.call('PATCH', at('/visibility'), { token: viewer, body: { visible: true } })).statusCode).toBe(403);
    const bad = await t.call('PATCH', at('/visibility'), { token: admin, body: { visible: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a valid e-mail for visibleBy, refuses anything else unchanged, and clears with an empty value', async () => {
    const before = (await row()).visibleBy;
    const bad = await t.call('PATCH', at('/visibleBy'), { token: technician, body: { value: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('visibleBy: Not a valid email');
    expect((await row()).visibleBy).toBe(before);
    const good = await t.call('PATCH', at('/visibleBy'), { token: technician, body: { value: ' owner@example.com ' } });
    expect(good.json().data.visibleBy).toBe('owner@example.com');
    const cleared = await t.call('PATCH', at('/visibleBy'), { token: technician, body: { value: '' } });
    expect(cleared.json().data.visibleBy).toBeNull();
    expect((await row()).visibleBy).toBeNull();
  });

  it('validates contact phone and e-mail, and a narrow permission suffices for its own field', async () => {
    const noPlus = await t.call('PATCH', at('/contact/phoneNumber'), { token: technician, body: { value: '48 123' } });
    expect(noPlus.statusCode).toBe(400);
    expect(noPlus.json().message).toBe('Contact phone: Country code required (+)');
    const ok = await t.call('PATCH', at('/contact/phoneNumber'), {
      token: technician,
      body: { value: '+48 600 100 200' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await row()).contactPhoneNumber).toBe('+48 600 100 200');

    const token = await userWith(['view_installations', 'edit_contact_full_name']);
    const name = await t.call('PATCH', at('/contact/fullName'), { token, body: { value: 'Jan Kowalski' } });
    expect(name.statusCode).toBe(200);
    expect((await row()).contactFullName).toBe('Jan Kowalski');
    const email = await t.call('PATCH', at('/contact/email'), { token, body: { value: 'jan@example.com' } });
    expect(email.statusCode).toBe(403);
    expect(await lastAudit()).toMatchObject({ eventType: 'InstallationContactChanged' });
  });

  it('sets and clears the alternative address lines', async () => {
    const res = await t.call('PATCH', at('/altaddress'), {
      token: technician,
      body: { altAddress1: 'Rynek 1', altAddress2: '  ' },
    });
    expect(res.json().data).toMatchObject({ altAddress1: 'Rynek 1', altAddress2: null });
    const r = await row();
    expect([r.alternativeAddress1, r.alternativeAddress2]).toEqual(['Rynek 1', null]);
    const long = await t.call('PATCH', at('/altaddress'), {
      token: technician,
      body: { altAddress1: 'x'.repeat(201), altAddress2: null },
    });
    expect(long.statusCode).toBe(400);
    expect((await row()).alternativeAddress1).toBe('Rynek 1');
  });

  it('refuses to edit a removed installation', async () => {
    const [removed] = await db().select().from(installations).where(isNotNull(installations.removedAt)).limit(1);
    expect(removed).toBeDefined();
    const res = await t.call('PATCH', `/api/installations/${removed!.installationId}/visibility`, {
      token: admin,
      body: { visible: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/was removed/);
  });
});

describe('PATCH tags and factors', () => {
  it('sets a tag value of the right type and shows it in the read form', async () => {
    const [tag] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.context, 'installations'), eq(tags.type, 'STRING')))
      .limit(1);
    expect(tag).toBeDefined();
    const wrong = await t.call('PATCH', at(`/tags/${tag!.id}`), { token: technician, body: { value: 12 } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.call('PATCH', at(`/tags/${tag!.id}`), { token: technician, body: { value: 'roof' } });
    expect(ok.json().data).toEqual({ tagId: tag!.id, value: 'roof' });
    const form = (await t.call('GET', at(), { token: admin })).json().data.installation;
    expect(form.tags[String(tag!.id)]).toBe('roof');
    expect(await lastAudit()).toMatchObject({ eventType: 'InstallationTagChanged' });
  });

  it('sets all three factors or none, per parameter permission', async () => {
    const partial = await t.call('PATCH', at('/factors/pm25'), { token: technician, body: { A: 1, B: null, C: 0 } });
    expect(partial.statusCode).toBe(400);
    const unknown = await t.call('PATCH', at('/factors/ox'), { token: technician, body: { A: 0, B: 1, C: 0 } });
    expect(unknown.statusCode).toBe(400);
    const set = await t.call('PATCH', at('/factors/pm25'), { token: technician, body: { A: 0.5, B: 1.1, C: -2 } });
    expect(set.statusCode).toBe(200);
    expect((await row()).factors.pm25).toEqual({ A: 0.5, B: 1.1, C: -2 });
    const token = await userWith(['view_installations', 'edit_pm10_factors']);
    expect(
      (await t.call('PATCH', at('/factors/pm25'), { token, body: { A: null, B: null, C: null } })).statusCode,
    ).toBe(403);
    const cleared = await t.call('PATCH', at('/factors/pm25'), {
      token: technician,
      body: { A: null, B: null, C: null },
    });
    expect(cleared.json().data).toEqual({ param: 'pm25', factors: null });
    expect((await row()).factors.pm25).toBeUndefined();
  });
});

describe('POST suspend / unsuspend', () => {
  const now = () => new Date().toISOString();

  it('suspends upper-case measurement types and answers the state per parameter', async () => {
    const from = now();
    const res = await t.call('POST', at('/suspend'), {
      token: technician,
      body: { startTime: from, measurementsTypes: ['PM25'], reason: 'Calibration', endTime: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ pm25: { suspended: true, suspendedFrom: from } });
    expect((await row()).suspensions.pm25).toMatchObject({ suspended: true, reason: 'Calibration' });
    expect(await lastAudit()).toMatchObject({ eventType: 'MeasurementSuspended' });

    const list = await t.call(
      'GET',
      `/api/installations?limit=1&query=${encodeURIComponent(`installationId = ${current.installationId}`)}`,
      { token: admin },
    );
    expect(list.json().data.installations[0]).toMatchObject({ pm25Suspended: true });

    const back = await t.call('POST', at('/unsuspend'), {
      token: technician,
      body: { startTime: now(), measurementsTypes: ['PM25'], reason: null, endTime: null },
    });
    expect(back.json().data).toEqual({ pm25: { suspended: false, suspendedFrom: null } });
    expect((await row()).suspensions.pm25?.suspended).toBe(false);
    expect(await lastAudit()).toMatchObject({ eventType: 'MeasurementUnsuspended' });
  });

  it('refuses lower-case or unknown types, parameters the installation does not measure, and a till before from', async () => {
    const before = (await row()).suspensions;
    const lower = await t.call('POST', at('/suspend'), {
      token: technician,
      body: { startTime: now(), measurementsTypes: ['pm25'], endTime: null },
    });
    expect(lower.statusCode).toBe(400);
    const notMeasured = await t.call('POST', at('/suspend'), {
      token: technician,
      body: { startTime: now(), measurementsTypes: ['NO2'], endTime: null },
    });
    expect(notMeasured.statusCode).toBe(422);
    expect(notMeasured.json().message).toMatch(/does not measure NO2/);
    const backwards = await t.call('POST', at('/suspend'), {
      token: technician,
      body: { startTime: '2026-11-02T10:00:00Z', measurementsTypes: ['PM25'], endTime: '2026-11-01T10:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The till time must be after the from time');
    const badDate = await t.call('POST', at('/suspend'), {
      token: technician,
      body: { startTime: '10000-01-01T00:00:00Z', measurementsTypes: ['PM25'] },
    });
    expect(badDate.statusCode).toBe(400);
    expect((await row()).suspensions).toEqual(before);
    expect(
      (
        await t.call('POST', at('/suspend'), {
          token: viewer,
          body: { startTime: now(), measurementsTypes: ['PM25'] },
        })
      ).statusCode,
    ).toBe(403);
  });
});
