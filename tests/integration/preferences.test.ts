/**
 * Personal preferences, column presets and saved queries (document 2, sections 2.10, 3, 5):
 * defaults, create / update / reorder / delete / import / migrate, the refusals for preset 1 (All),
 * saved-query values that must parse, the selected-preset rule, per-user isolation, and one audit
 * event per change written in the same transaction.
 *
 * The routes are mounted locally (preferenceRoutes + presetRoutes + savedQueryRoutes, as the service
 * list does), so the test also shows that registering them side by side is harmless. API tokens
 * (`aqt_…`) are refused on all of them, checked through the whole app.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../common/permissions';
import { BUILT_IN_PRESETS, DEFAULT_SAVED_QUERIES, type Preset, type SavedQuery } from '../../common/presets';
import { auditLogs } from '../../server/db/schema';
import { installErrorHandling } from '../../server/http/errors';
import { servicePlugin } from '../../server/http/service';
import { preferenceRoutes } from '../../server/services/main/presets/preferenceRoutes';
import { presetRoutes } from '../../server/services/main/presets/presetRoutes';
import { savedQueryRoutes } from '../../server/services/main/presets/queryRoutes';
import { SESSION_ONLY_MESSAGE } from '../../server/services/main/sessionOnly';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(
    servicePlugin(
      { prefix: '/api', title: 't', description: 't', routes: [preferenceRoutes, presetRoutes, savedQueryRoutes] },
      t.ctx,
    ),
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function call(user: string | null, method: string, url: string, body?: unknown) {
  const token = user ? await t.tokenOf(user) : undefined;
  const res = await app.inject({
    method: method as never,
    url: `/api${url}`,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  // Response bodies are read loosely here; their shapes are what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.body ? (res.json() as Record<string, any>) : undefined };
}

const presetsOf = async (user: string) =>
  (await call(user, 'GET', '/preferences/presets')).body!.data.presets as Preset[];
const queriesOf = async (user: string, kind: string) =>
  (await call(user, 'GET', `/preferences/queries/${kind}`)).body!.data.queries as SavedQuery[];
const prefsOf = async (user: string) =>
  (await call(user, 'GET', '/preferences')).body!.data as { theme: string; locale: string; selectedPresetId: number };

/** Audit events of a user written after `since` (a log id), oldest first. */
async function eventsSince(user: string, since: number) {
  const rows = await t.ctx.db
    .select({
      logId: auditLogs.logId,
      eventType: auditLogs.eventType,
      message: auditLogs.message,
      source: auditLogs.sourceName,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userName, user),
        inArray(auditLogs.eventType, [
          'PresetSaved',
          'PresetDeleted',
          'QuerySaved',
          'QueryDeleted',
          'PreferencesUpdated',
        ]),
      ),
    )
    .orderBy(desc(auditLogs.logId));
  return rows.filter((r) => r.logId > since).reverse();
}
async function lastLogId(): Promise<number> {
  const [row] = await t.ctx.db.select({ id: auditLogs.logId }).from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
  return row?.id ?? 0;
}

describe('defaults', () => {
  it('a user without rows gets the built-in presets, the default saved queries and preset 1', async () => {
    expect(await presetsOf('viewer')).toEqual(BUILT_IN_PRESETS);
    expect((await presetsOf('viewer')).map((p) => p.name)).toEqual(['All', 'Measurements', 'Calibrations', 'Details']);
    expect((await presetsOf('viewer'))[0]).toEqual({ id: 1, name: 'All', visibility: true, fieldsValues: null });
    expect(await queriesOf('viewer', 'installations')).toEqual([
      {
        id: 1,
        name: 'visible on the map and not working for more than 3 days',
        value: 'isVisible = true and lastMeasurement < now() - 3d',
        visibility: true,
      },
    ]);
    expect(await queriesOf('viewer', 'sensors')).toEqual(DEFAULT_SAVED_QUERIES.sensors);
    expect(await prefsOf('viewer')).toEqual({ theme: 'light', locale: 'en', selectedPresetId: 1 });
  });

  it('needs a session and a known list kind', async () => {
    expect((await call(null, 'GET', '/preferences/presets')).status).toBe(401);
    expect((await call('viewer', 'GET', '/preferences/queries/contractors')).status).toBe(400);
  });
});

describe('presets', () => {
  it('creates, updates, hides and deletes a preset, with audit events', async () => {
    const since = await lastLogId();
    const created = await call('technician', 'POST', '/preferences/presets', {
      name: ' Custom ',
      fieldsValues: ['installationId'],
    });
    expect(created.status).toBe(201);
    expect(created.body!.data.preset).toEqual({
      id: 5,
      name: 'Custom',
      visibility: true,
      fieldsValues: ['installationId'],
    });

    const updated = await call('technician', 'PUT', '/preferences/presets/5', {
      name: 'Mine',
      visibility: false,
      fieldsValues: ['installationId', 'status'],
    });
    expect(updated.status).toBe(200);
    expect((await presetsOf('technician')).map((p) => [p.id, p.name, p.visibility])).toEqual([
      [1, 'All', true],
      [2, 'Measurements', true],
      [3, 'Calibrations', true],
      [4, 'Details', true],
      [5, 'Mine', false],
    ]);

    const removed = await call('technician', 'DELETE', '/preferences/presets/5');
    expect(removed.status).toBe(200);
    expect(removed.body!.data.presets.map((p: Preset) => p.id)).toEqual([1, 2, 3, 4]);
    expect((await call('technician', 'DELETE', '/preferences/presets/5')).status).toBe(404);

    const events = await eventsSince('technician', since);
    expect(events.map((e) => e.eventType)).toEqual(['PresetSaved', 'PresetSaved', 'PresetDeleted']);
    expect(events[0]!.message).toBe('Preset "Custom" (id 5) created');
    expect(events[1]!.message).toBe('Preset "Mine" (id 5) updated: name, hidden, columns');
    expect(events[2]!.message).toBe('Preset "Mine" (id 5) deleted');
    expect(events.every((e) => e.source === 'Console')).toBe(true);
  });

  it('refuses every change of preset 1 (All) but its place in the order', async () => {
    const since = await lastLogId();
    const edit = await call('sales', 'PUT', '/preferences/presets/1', {
      name: 'Everything',
      visibility: true,
      fieldsValues: null,
    });
    expect(edit).toMatchObject({
      status: 422,
      body: { status: 422, message: 'The built-in preset All cannot be edited' },
    });
    const hide = await call('sales', 'PUT', '/preferences/presets/1', {
      name: 'All',
      visibility: false,
      fieldsValues: null,
    });
    expect(hide.status).toBe(422);
    const del = await call('sales', 'DELETE', '/preferences/presets/1');
    expect(del).toMatchObject({ status: 422, body: { message: 'The built-in preset All cannot be deleted' } });
    expect(await presetsOf('sales')).toEqual(BUILT_IN_PRESETS);
    expect(await eventsSince('sales', since)).toEqual([]);

    const moved = await call('sales', 'PUT', '/preferences/presets/order', { ids: [2, 1, 3, 4] });
    expect(moved.status).toBe(200);
    expect((await presetsOf('sales')).map((p) => p.id)).toEqual([2, 1, 3, 4]);
    expect((await presetsOf('sales'))[1]).toEqual({ id: 1, name: 'All', visibility: true, fieldsValues: null });
  });

  it('validates names and columns', async () => {
    expect(
      await call('sales', 'POST', '/preferences/presets', { name: '  ', fieldsValues: ['installationId'] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'The name is required' },
    });
    expect((await call('sales', 'POST', '/preferences/presets', { name: 'X', fieldsValues: [] })).body!.message).toBe(
      'Choose at least one column',
    );
    expect(
      (await call('sales', 'POST', '/preferences/presets', { name: 'X', fieldsValues: ['a b'] })).body!.message,
    ).toBe('Invalid column name "a b"');
    expect((await call('sales', 'POST', '/preferences/presets', { name: 'X' })).status).toBe(400);
  });

  it('reorders only with every id once (409 otherwise, nothing changes)', async () => {
    const before = await presetsOf('sales');
    expect((await call('sales', 'PUT', '/preferences/presets/order', { ids: [1, 2, 3] })).status).toBe(409);
    expect((await call('sales', 'PUT', '/preferences/presets/order', { ids: [1, 2, 3, 3] })).status).toBe(409);
    expect((await call('sales', 'PUT', '/preferences/presets/order', { ids: [1, 2, 3, 9] })).status).toBe(409);
    expect(await presetsOf('sales')).toEqual(before);
  });

  it('imports all: appended, clashing ids renumbered, All never replaced', async () => {
    const since = await lastLogId();
    const res = await call('admin', 'POST', '/preferences/presets/import', {
      presets: [
        { id: 1, name: 'All', visibility: true, fieldsValues: null },
        { id: 3, name: 'Imported three', visibility: true, fieldsValues: ['status'] },
        { id: 9, name: 'Nine', visibility: false, fieldsValues: ['city'] },
        { name: 'No id', fieldsValues: ['installationId'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body!.data.renumbered).toEqual([
      { from: 1, to: 10 },
      { from: 3, to: 11 },
      { from: null, to: 12 },
    ]);
    expect((await presetsOf('admin')).map((p) => [p.id, p.name])).toEqual([
      [1, 'All'],
      [2, 'Measurements'],
      [3, 'Calibrations'],
      [4, 'Details'],
      [10, 'All'],
      [11, 'Imported three'],
      [9, 'Nine'],
      [12, 'No id'],
    ]);
    const events = await eventsSince('admin', since);
    expect(events.map((e) => e.eventType)).toEqual(['PresetSaved', 'PresetSaved', 'PresetSaved', 'PresetSaved']);
    expect(events[1]!.message).toBe('Preset "Imported three" imported as id 11 (id 3 was taken)');

    // An invalid item refuses the whole import.
    const bad = await call('admin', 'POST', '/preferences/presets/import', {
      presets: [
        { name: 'Fine', fieldsValues: ['status'] },
        { name: '', fieldsValues: ['status'] },
      ],
    });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Preset 2: The name is required' } });
    expect(await presetsOf('admin')).toHaveLength(8);
  });

  it('gives concurrent creations distinct ids (one lock per user)', async () => {
    const before = (await presetsOf('viewer')).length;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        call('viewer', 'POST', '/preferences/presets', { name: `Parallel ${n}`, fieldsValues: ['installationId'] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = results.map((r) => r.body!.data.preset.id as number);
    expect(new Set(ids).size).toBe(5);
    expect(await presetsOf('viewer')).toHaveLength(before + 5);
  });

  it('keeps presets per user', async () => {
    await call('viewer', 'POST', '/preferences/presets', { name: 'Viewer only', fieldsValues: ['installationId'] });
    expect((await presetsOf('viewer')).map((p) => p.name)).toContain('Viewer only');
    expect((await presetsOf('technician')).map((p) => p.name)).not.toContain('Viewer only');
    // Another user's preset id is simply not there for the caller.
    const viewerId = (await presetsOf('viewer')).find((p) => p.name === 'Viewer only')!.id;
    expect((await call('technician', 'DELETE', `/preferences/presets/${viewerId}`)).status).toBe(404);
    expect((await presetsOf('viewer')).map((p) => p.name)).toContain('Viewer only');
  });
});

describe('selected preset', () => {
  it('defaults to 1, is used only while visible, and falls back to 1 when deleted', async () => {
    const user = 'technician';
    await call(user, 'POST', '/preferences/presets', { name: 'Chosen', fieldsValues: ['installationId'] });
    const chosen = (await presetsOf(user)).find((p) => p.name === 'Chosen')!;
    const since = await lastLogId();

    expect(
      (await call(user, 'PATCH', '/preferences', { selectedPresetId: chosen.id })).body!.data.selectedPresetId,
    ).toBe(chosen.id);
    expect((await prefsOf(user)).selectedPresetId).toBe(chosen.id);

    await call(user, 'PUT', `/preferences/presets/${chosen.id}`, {
      name: 'Chosen',
      visibility: false,
      fieldsValues: ['installationId'],
    });
    expect((await prefsOf(user)).selectedPresetId).toBe(1);
    await call(user, 'PUT', `/preferences/presets/${chosen.id}`, {
      name: 'Chosen',
      visibility: true,
      fieldsValues: ['installationId'],
    });
    expect((await prefsOf(user)).selectedPresetId).toBe(chosen.id);

    await call(user, 'DELETE', `/preferences/presets/${chosen.id}`);
    expect((await prefsOf(user)).selectedPresetId).toBe(1);
    // A new preset that gets the same id is not selected by accident.
    await call(user, 'POST', '/preferences/presets', { name: 'Same id', fieldsValues: ['installationId'] });
    expect((await prefsOf(user)).selectedPresetId).toBe(1);

    const events = await eventsSince(user, since);
    expect(events.filter((e) => e.eventType === 'PreferencesUpdated').map((e) => e.message)).toEqual([
      `Preferences changed: selectedPresetId=${chosen.id}`,
    ]);
  });

  it('refuses a preset that does not exist, and keeps the theme', async () => {
    expect((await call('sales', 'PATCH', '/preferences', { selectedPresetId: 77 })).body).toEqual({
      status: 400,
      message: 'Preset 77 does not exist',
    });
    expect((await call('sales', 'PATCH', '/preferences', {})).status).toBe(400);
    const dark = await call('sales', 'PATCH', '/preferences', { theme: 'dark' });
    expect(dark.body!.data).toEqual({ theme: 'dark', locale: 'en', selectedPresetId: 1 });
    expect((await prefsOf('sales')).theme).toBe('dark');
    expect((await prefsOf('viewer')).theme).toBe('light');
  });
});

describe('language', () => {
  it("is kept per user, only 'en' or 'pl', audited, and leaves the other preferences as they were", async () => {
    const since = await lastLogId();
    const before = await prefsOf('technician');
    for (const locale of ['de', 'PL', '', null, 1])
      expect((await call('technician', 'PATCH', '/preferences', { locale })).status, String(locale)).toBe(400);
    expect(await prefsOf('technician')).toEqual(before);
    const res = await call('technician', 'PATCH', '/preferences', { locale: 'pl' });
    expect(res.status).toBe(200);
    expect(res.body!.data).toEqual({ ...before, locale: 'pl' });
    expect(await prefsOf('technician')).toEqual({ ...before, locale: 'pl' });
    expect((await prefsOf('viewer')).locale).toBe('en');
    // The theme changed alone keeps the language.
    await call('technician', 'PATCH', '/preferences', { theme: 'dark' });
    expect((await prefsOf('technician')).locale).toBe('pl');
    const events = await eventsSince('technician', since);
    expect(events.filter((e) => e.eventType === 'PreferencesUpdated').map((e) => e.message)).toEqual([
      'Preferences changed: locale=pl',
      'Preferences changed: theme=dark',
    ]);
  });
});

describe('saved queries', () => {
  it('refuses a value that does not parse, with the parser message naming the position', async () => {
    const res = await call('viewer', 'POST', '/preferences/queries/sensors', {
      name: 'Broken',
      value: 'communication in (GSM',
    });
    expect(res.status).toBe(400);
    expect(res.body!.message).toMatch(/at position 21/);
    expect(
      (await call('viewer', 'POST', '/preferences/queries/sensors', { name: 'Blank', value: '  ' })).body!.message,
    ).toBe('The query is required');
    expect(await queriesOf('viewer', 'sensors')).toEqual(DEFAULT_SAVED_QUERIES.sensors);
  });

  it('creates, edits, reorders and deletes per kind, with audit events', async () => {
    const since = await lastLogId();
    const created = await call('viewer', 'POST', '/preferences/queries/sensors', {
      name: 'Retired',
      value: 'status = Retired',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { data: { query: { id: 2, name: 'Retired', value: 'status = Retired', visibility: true } } },
    });
    expect(await queriesOf('viewer', 'installations')).toEqual(DEFAULT_SAVED_QUERIES.installations);

    const edited = await call('viewer', 'PUT', '/preferences/queries/sensors/2', {
      name: 'Retired or lost',
      value: 'status in (Retired, Lost)',
      visibility: false,
    });
    expect(edited.status).toBe(200);
    const bad = await call('viewer', 'PUT', '/preferences/queries/sensors/2', {
      name: 'x',
      value: 'status in',
      visibility: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body!.message).toMatch(/position 9/);

    expect((await call('viewer', 'PUT', '/preferences/queries/sensors/order', { ids: [2, 1] })).status).toBe(200);
    expect((await queriesOf('viewer', 'sensors')).map((q) => q.id)).toEqual([2, 1]);

    expect((await call('viewer', 'DELETE', '/preferences/queries/sensors/1')).status).toBe(200);
    expect((await call('viewer', 'DELETE', '/preferences/queries/sensors/2')).status).toBe(200);
    // An emptied list stays empty (the default does not come back).
    expect(await queriesOf('viewer', 'sensors')).toEqual([]);
    expect((await call('viewer', 'DELETE', '/preferences/queries/sensors/2')).status).toBe(404);

    const events = await eventsSince('viewer', since);
    expect(events.map((e) => e.eventType)).toEqual([
      'QuerySaved',
      'QuerySaved',
      'QuerySaved',
      'QueryDeleted',
      'QueryDeleted',
    ]);
    expect(events[0]!.message).toBe('Saved query "Retired" of sensors (id 2) created: status = Retired');
    expect(events[1]!.message).toBe('Saved query "Retired or lost" of sensors (id 2) updated: name, query, hidden');
    expect(events[3]!.message).toBe('Saved query "using GSM or Wi-Fi communications" of sensors (id 1) deleted');
  });

  it('imports with renumbering and refuses an import holding an invalid query', async () => {
    const res = await call('sales', 'POST', '/preferences/queries/installations/import', {
      queries: [
        { id: 1, name: 'Clash', value: 'contractorId = 12', visibility: true },
        { id: 5, name: 'Five', value: 'status = Installed', visibility: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body!.data.queries.map((q: SavedQuery) => [q.id, q.name])).toEqual([
      [1, 'visible on the map and not working for more than 3 days'],
      [6, 'Clash'],
      [5, 'Five'],
    ]);
    const bad = await call('sales', 'POST', '/preferences/queries/installations/import', {
      queries: [
        { name: 'Good', value: 'isVisible = true', visibility: true },
        { name: 'Bad', value: 'isVisible = ', visibility: true },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body!.message).toMatch(/^Query 2: Expected a value/);
    expect(await queriesOf('sales', 'installations')).toHaveLength(3);
  });

  it('keeps saved queries per user', async () => {
    expect(await queriesOf('technician', 'sensors')).toEqual(DEFAULT_SAVED_QUERIES.sensors);
    expect((await call('technician', 'DELETE', '/preferences/queries/installations/6')).status).toBe(404);
  });
});

describe('migration from older local storage', () => {
  it('adopts the old lists only while nothing is stored', async () => {
    const since = await lastLogId();
    const old = [
      { id: 1, name: 'All', visibility: true, fieldsValues: null },
      { id: 7, name: 'Old one', visibility: false, fieldsValues: ['installationId', 'city'] },
    ];
    const first = await call('sales', 'POST', '/preferences/queries/sensors/migrate', {
      queries: [{ id: 4, name: 'Old query', value: 'communication = GSM', visibility: true }],
    });
    expect(first.body!.data).toMatchObject({ migrated: true, queries: [{ id: 4, name: 'Old query' }] });
    const again = await call('sales', 'POST', '/preferences/queries/sensors/migrate', {
      queries: [{ name: 'Another', value: 'id = 1' }],
    });
    expect(again.body!.data).toMatchObject({ migrated: false, queries: [{ id: 4 }] });

    // sales changed its presets above: nothing to migrate; the fresh user "viewer" has presets stored too.
    expect((await call('sales', 'POST', '/preferences/presets/migrate', { presets: old })).body!.data.migrated).toBe(
      false,
    );
    const events = await eventsSince('sales', since);
    expect(events.map((e) => e.eventType)).toEqual(['QuerySaved']);
    expect(events[0]!.message).toBe('Saved queries of sensors migrated from local storage: "Old query"');
  });

  it('keeps All canonical and in its old place when presets are migrated', async () => {
    // jan.nowak has never changed anything: give the demo password so the test can sign in.
    await t.ctx.db.execute(
      sql`update staff_users set password_hash = (select password_hash from staff_users where name = 'admin') where name = 'jan.nowak'`,
    );
    const since = await lastLogId();
    const old = [
      { id: 3, name: 'Mine first', visibility: true, fieldsValues: ['installationId', 'city'] },
      { id: 1, name: 'Everything (old name)', visibility: false, fieldsValues: ['id'] },
      { id: 3, name: 'Same id', visibility: false, fieldsValues: ['status'] },
    ];
    const res = await call('jan.nowak', 'POST', '/preferences/presets/migrate', { presets: old });
    expect(res.status).toBe(200);
    expect(res.body!.data.migrated).toBe(true);
    expect(await presetsOf('jan.nowak')).toEqual([
      { id: 3, name: 'Mine first', visibility: true, fieldsValues: ['installationId', 'city'] },
      { id: 1, name: 'All', visibility: true, fieldsValues: null },
      { id: 4, name: 'Same id', visibility: false, fieldsValues: ['status'] },
    ]);
    expect(
      (await call('jan.nowak', 'POST', '/preferences/presets/migrate', { presets: old })).body!.data.migrated,
    ).toBe(false);
    expect((await eventsSince('jan.nowak', since)).map((e) => e.message)).toEqual([
      'Presets migrated from local storage: "Mine first", "Same id"',
    ]);
  });
});

describe('API tokens', () => {
  /** An `aqt_…` token of the admin with the given scope, made through the real app. */
  async function apiToken(permissions: string[]): Promise<string> {
    const res = await t.call('POST', '/api/integrations', {
      token: await t.tokenOf('admin'),
      body: { name: `prefs ${permissions.length}`, permissions, time: 3.6e6 },
    });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  }

  it("are refused (403) on every preference, preset and saved-query route: personal data is the session's", async () => {
    const created = await call('admin', 'POST', '/preferences/presets', {
      name: 'Keep me',
      visibility: true,
      fieldsValues: ['city'],
    });
    expect(created.status).toBe(201);
    const presetId = created.body!.data.preset.id as number;
    const query = await call('admin', 'POST', '/preferences/queries/sensors', {
      name: 'Keep query',
      value: 'status = Installed',
    });
    expect(query.status).toBe(201);
    const queryId = query.body!.data.query.id as number;
    const presets = await presetsOf('admin');
    const queries = await queriesOf('admin', 'sensors');
    const prefs = await prefsOf('admin');
    const since = await lastLogId();

    const routes: [string, string, unknown?][] = [
      ['GET', '/preferences'],
      ['PATCH', '/preferences', { theme: 'dark' }],
      ['GET', '/preferences/presets'],
      ['POST', '/preferences/presets', { name: 'Token preset', visibility: true, fieldsValues: null }],
      ['PUT', '/preferences/presets/order', { ids: presets.map((p) => p.id).reverse() }],
      [
        'POST',
        '/preferences/presets/import',
        { presets: [{ name: 'Imported', visibility: true, fieldsValues: null }] },
      ],
      ['POST', '/preferences/presets/migrate', { presets: [] }],
      ['PUT', `/preferences/presets/${presetId}`, { name: 'Renamed', visibility: false, fieldsValues: null }],
      ['DELETE', `/preferences/presets/${presetId}`],
      ['GET', '/preferences/queries/sensors'],
      ['POST', '/preferences/queries/sensors', { name: 'Token query', value: 'id = 1' }],
      ['PUT', '/preferences/queries/sensors/order', { ids: queries.map((q) => q.id).reverse() }],
      ['POST', '/preferences/queries/sensors/import', { queries: [{ name: 'Imported', value: 'id = 2' }] }],
      ['POST', '/preferences/queries/sensors/migrate', { queries: [] }],
      ['PUT', `/preferences/queries/sensors/${queryId}`, { name: 'Renamed', value: 'id = 3', visibility: true }],
      ['DELETE', `/preferences/queries/sensors/${queryId}`],
    ];
    // An empty scope, and a scope of every permission: neither reaches personal data.
    for (const token of [await apiToken([]), await apiToken([...PERMISSIONS])]) {
      for (const [method, url, body] of routes) {
        const res = await t.call(method, `/api${url}`, { token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json(), `${method} ${url}`).toEqual({ status: 403, message: SESSION_ONLY_MESSAGE });
      }
    }
    expect(await presetsOf('admin')).toEqual(presets);
    expect(await queriesOf('admin', 'sensors')).toEqual(queries);
    expect(await prefsOf('admin')).toEqual(prefs);
    expect(await eventsSince('admin', since)).toEqual([]);
    // The same routes still answer a signed-in session, and are still documented.
    const res = await t.call('GET', '/api/preferences/presets', { token: await t.tokenOf('admin') });
    expect(res.statusCode).toBe(200);
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/preferences', '/preferences/presets/{id}', '/preferences/queries/{kind}']),
    );
  });
});
