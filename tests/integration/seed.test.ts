import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../server/db/index';
import * as schema from '../../server/db/schema';
import { ensureBuiltInRoles, isDatabaseEmpty, seedDemo, type SeedSummary } from '../../server/db/seed';
import { verifyPassword } from '../../server/auth/password';
import {
  ACTIVITY_HOURS,
  ADP_USER_STATUSES,
  ADP_USER_TYPES,
  CLIENT_TYPES,
  COMMUNICATIONS,
  CONTRACTOR_TYPES,
  REQUEST_STATES,
  REQUEST_TYPES,
  SENSOR_STATUSES,
  TAG_CONTEXTS,
  TAG_TYPES,
  UPDATER_STATUS_VALUES,
} from '../../common/domain';
import { AUDIT_EVENT_TYPES } from '../../common/auditEvents';
import { PERMISSIONS } from '../../common/permissions';
import { openPgliteFrom } from '../support/pgliteTemplates';
import { email as emailRule, phone as phoneRule, versionNumber } from '../../common/validation';
import { FileStore, sniffImageType } from '../../server/storage/files';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const PASSWORD = 'admin-demo-pass';

async function rows<T = Record<string, unknown>>(db: Executor, query: string): Promise<T[]> {
  const res = await db.execute(sql.raw(query));
  return (res as unknown as { rows: T[] }).rows;
}

async function count(db: Executor, query: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, `SELECT (${query})::int AS n`);
  return Number(row!.n);
}

async function distinct(db: Executor, table: string, column: string, where = 'true'): Promise<string[]> {
  const r = await rows<{ v: string }>(db, `SELECT DISTINCT ${column} AS v FROM ${table} WHERE ${where} ORDER BY 1`);
  return r.map((x) => x.v);
}

/** Every seeded table, each row as JSON in primary-key order (the password hash has a random salt). */
async function dumpAll(db: Executor): Promise<Record<string, string>> {
  const tables = [
    'roles',
    'staff_users',
    'contractors',
    'tags',
    'sensors',
    'installations',
    'installation_history',
    'measurement_summaries',
    'installation_requests',
    'files',
    'request_images',
    'sensor_tag_values',
    'installation_tag_values',
    'contractor_tag_values',
    'adp_plans',
    'adp_users',
    'adp_trials',
    'adp_access_definitions',
    'api_users',
    'firmware_versions',
    'firmware_binaries',
    'wifi_commits',
    'deployments',
    'deployment_sensors',
    'updater_sensors',
    'audit_logs',
    'sensor_models',
  ];
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = await rows<{ j: unknown }>(db, `SELECT to_jsonb(t) - 'password_hash' AS j FROM ${t} t ORDER BY 1`);
    out[t] = JSON.stringify(r.map((x) => x.j));
  }
  return out;
}

/**
 * SHA-256 of the whole demo data set at NOW with the default seed. It changes only when the demo
 * data changes on purpose (then record the new value); a refactoring of the seed must keep it.
 */
const DEMO_DATA_SHA256 = '1164d285eae500f8663f6d84f11a1dfd58bca7447b03bf5c8873693d6cc3474c';

const tokens = (db: Executor) => rows(db, 'SELECT id, sensor_token FROM sensors ORDER BY id');
const coords = (db: Executor) =>
  rows(db, 'SELECT id, installation_id, latitude, longitude FROM installations ORDER BY id');

describe('demo seed', () => {
  let a: Database;
  let summary: SeedSummary;
  /** State of the first database right after seeding, before the tests below add rows. */
  let snapshot: { tokens: unknown[]; coords: unknown[]; dump: Record<string, string> };
  /** The file store the first seed writes its request photos to. */
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-seed-files-'));
  const fileStore = new FileStore(fileDir);

  beforeAll(async () => {
    a = await openPgliteFrom('empty');
    expect(await isDatabaseEmpty(a.db)).toBe(true);
    const started = performance.now();
    summary = await seedDemo(a.db, { adminPassword: PASSWORD, now: NOW, files: fileStore });
    const ms = Math.round(performance.now() - started);
    console.log(`seedDemo: ${ms} ms on ${a.kind}`, summary.counts);
    snapshot = { tokens: await tokens(a.db), coords: await coords(a.db), dump: await dumpAll(a.db) };
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    fs.rmSync(fileDir, { recursive: true, force: true });
  });

  it('gives requests of every state and client type notes and photos whose files are stored', async () => {
    const db = a.db;
    for (const state of REQUEST_STATES) {
      const where = `state = '${state}'`;
      expect(await count(db, `SELECT count(*) FROM installation_requests WHERE ${where}`), state).toBeGreaterThan(30);
      expect(
        await count(db, `SELECT count(*) FROM installation_requests WHERE ${where} AND notes IS NOT NULL`),
        state,
      ).toBeGreaterThan(0);
      expect(
        await count(db, `SELECT count(*) FROM installation_requests WHERE ${where} AND staff_notes IS NOT NULL`),
        state,
      ).toBeGreaterThan(0);
      expect(
        await count(
          db,
          `SELECT count(DISTINCT r.id) FROM installation_requests r JOIN request_images i ON i.request_id = r.id WHERE r.${where}`,
        ),
        state,
      ).toBeGreaterThan(5);
    }
    expect(
      await distinct(db, 'installation_requests r JOIN request_images i ON i.request_id = r.id', 'r.client_type'),
    ).toEqual([...CLIENT_TYPES].sort());
    // Every photo's file is in the store, hash-verified, and a real PNG.
    const keys = await distinct(db, 'request_images', 'file_key');
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      const { meta, bytes } = await fileStore.get(db, key);
      expect(meta).toMatchObject({ kind: 'image', contentType: 'image/png', size: bytes.length });
      expect(sniffImageType(bytes)).toBe('image/png');
    }
  });

  it('reports what it inserted', async () => {
    for (const [table, n] of Object.entries(summary.counts)) {
      expect(await count(a.db, `SELECT count(*) FROM ${table}`), table).toBe(n);
    }
    expect(await isDatabaseEmpty(a.db)).toBe(false);
  });

  it('creates the minimum volumes', async () => {
    const db = a.db;
    expect(await count(db, 'SELECT count(*) FROM sensors')).toBeGreaterThanOrEqual(1200);
    expect(await count(db, 'SELECT count(*) FROM contractors')).toBeGreaterThanOrEqual(120);
    expect(await count(db, 'SELECT count(*) FROM installations')).toBeGreaterThanOrEqual(850);
    expect(await count(db, 'SELECT count(*) FROM installations WHERE successor_id IS NOT NULL')).toBeGreaterThanOrEqual(
      90,
    );
    expect(await count(db, 'SELECT count(*) FROM installation_requests')).toBe(220);
    expect(await count(db, 'SELECT count(*) FROM adp_users')).toBe(320);
    // Portal users of every type in every status, with settings, and access definitions for the non-CLIENT types.
    expect(await count(db, 'SELECT count(*) FROM (SELECT DISTINCT type, status FROM adp_users) x')).toBe(18);
    expect(await count(db, `SELECT count(*) FROM adp_users WHERE settings = '{}'::jsonb`)).toBe(0);
    expect(
      await count(
        db,
        `SELECT count(DISTINCT u.type) FROM adp_users u JOIN adp_access_definitions d ON d.user_id = u.id WHERE d.osm_id IS NOT NULL OR d.installation_id IS NOT NULL`,
      ),
    ).toBe(5);
    expect(await count(db, 'SELECT count(*) FROM adp_trials')).toBeGreaterThan(0);
    expect(await count(db, 'SELECT count(*) FROM api_users')).toBe(320);
    expect(await count(db, `SELECT count(*) FROM firmware_versions WHERE family = 'gsm'`)).toBe(12);
    expect(
      await count(db, `SELECT count(*) FROM firmware_versions WHERE family = 'gen3' AND description IS NOT NULL`),
    ).toBe(6);
    expect(await count(db, 'SELECT count(*) FROM wifi_commits')).toBe(20);
    expect(await count(db, `SELECT count(*) FROM deployments WHERE family = 'gsm'`)).toBeGreaterThanOrEqual(15);
    expect(await count(db, `SELECT count(*) FROM deployments WHERE family = 'wifi'`)).toBeGreaterThanOrEqual(8);
    expect(await count(db, `SELECT count(*) FROM deployments WHERE family = 'gen3'`)).toBeGreaterThanOrEqual(10);
    expect(await count(db, 'SELECT count(*) FROM audit_logs')).toBeGreaterThanOrEqual(300);
    expect(await count(db, 'SELECT count(*) FROM staff_users')).toBeGreaterThanOrEqual(12);
    expect(await count(db, 'SELECT count(*) FROM staff_users WHERE NOT enabled')).toBe(1);
    // every GSM and NB-IoT sensor has a GSM-updater row
    expect(await count(db, `SELECT count(*) FROM updater_sensors WHERE family = 'gsm'`)).toBe(
      await count(db, `SELECT count(*) FROM sensors WHERE communication IN ('GSM', 'NBIOT')`),
    );
    // every installation has at least one history snapshot, and some have several
    expect(
      await count(
        db,
        'SELECT count(*) FROM installations i WHERE NOT EXISTS (SELECT 1 FROM installation_history h WHERE h.installation_id = i.id)',
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        'SELECT count(*) FROM (SELECT installation_id FROM installation_history GROUP BY 1 HAVING count(*) > 2) x',
      ),
    ).toBeGreaterThan(50);
  });

  it('covers every enumeration', async () => {
    const db = a.db;
    expect(await distinct(db, 'sensors', 'status')).toEqual([...SENSOR_STATUSES].sort());
    expect(await distinct(db, 'sensors', 'communication')).toEqual([...COMMUNICATIONS].sort());
    expect(await distinct(db, 'contractors', 'type')).toEqual([...CONTRACTOR_TYPES].sort());
    for (const context of TAG_CONTEXTS) {
      expect(await distinct(db, 'tags', 'type', `context = '${context}'`), context).toEqual([...TAG_TYPES].sort());
    }
    expect(await distinct(db, 'installation_requests', 'state')).toEqual([...REQUEST_STATES].sort());
    expect(await distinct(db, 'installation_requests', 'request_type')).toEqual([...REQUEST_TYPES].sort());
    expect(await distinct(db, 'installation_requests', 'client_type')).toEqual([...CLIENT_TYPES].sort());
    expect(await distinct(db, 'adp_users', 'type')).toEqual([...ADP_USER_TYPES].sort());
    expect(await distinct(db, 'adp_users', 'status')).toEqual([...ADP_USER_STATUSES].sort());
    expect(await distinct(db, 'firmware_versions', 'status', `family = 'gsm'`)).toEqual([
      'Deprecated',
      'Experimental',
      'Production',
    ]);
    expect(await distinct(db, 'deployments', 'status', `family = 'gsm'`)).toEqual(['Finished', 'Halted', 'Rolling']);
    const updaterStatuses = [
      ...(await distinct(db, 'deployment_sensors', 'status')),
      ...(await distinct(db, 'updater_sensors', 'status')),
    ];
    for (const s of updaterStatuses) expect(UPDATER_STATUS_VALUES).toContain(s);
    for (const t of await distinct(db, 'audit_logs', 'event_type')) expect(AUDIT_EVENT_TYPES).toContain(t);
    // most sensors are installed; GSM and Wi-Fi dominate
    expect(await count(db, `SELECT count(*) FROM sensors WHERE status = 'Installed'`)).toBeGreaterThan(600);
    expect(await count(db, `SELECT count(*) FROM sensors WHERE communication IN ('GSM', 'WIFI')`)).toBeGreaterThan(800);
    // WAITING and HOLD are about half of the requests
    const open = await count(db, `SELECT count(*) FROM installation_requests WHERE state IN ('WAITING', 'HOLD')`);
    expect(open).toBeGreaterThanOrEqual(90);
    expect(open).toBeLessThanOrEqual(130);
  });

  it('links sensors, installations and history consistently', async () => {
    const db = a.db;
    // current installation exists, belongs to the sensor and is not removed
    expect(
      await count(
        db,
        `SELECT count(*) FROM sensors s LEFT JOIN installations i ON i.id = s.current_installation_id
         WHERE s.current_installation_id IS NOT NULL AND (i.id IS NULL OR i.sensor_id <> s.id OR i.removed_at IS NOT NULL)`,
      ),
    ).toBe(0);
    // set exactly for installed, contract and suspended sensors
    expect(
      await count(
        db,
        `SELECT count(*) FROM sensors WHERE (current_installation_id IS NOT NULL) <>
         (status IN ('Installed', 'ContractTerminated', 'ContractEnded', 'Suspended'))`,
      ),
    ).toBe(0);
    // every installation that is not removed is some sensor's current one
    expect(
      await count(
        db,
        `SELECT count(*) FROM installations i WHERE i.removed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM sensors s WHERE s.current_installation_id = i.id)`,
      ),
    ).toBe(0);
    // predecessor/successor chains: same sensor, both directions, removal = next installation
    expect(
      await count(
        db,
        `SELECT count(*) FROM installations p JOIN installations n ON n.id = p.successor_id
         WHERE n.predecessor_id <> p.id OR n.sensor_id <> p.sensor_id OR p.removed_at <> n.installation_date`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT count(*) FROM installations n WHERE n.predecessor_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM installations p WHERE p.id = n.predecessor_id AND p.successor_id = n.id)`,
      ),
    ).toBe(0);
    // retired sensors have no contractor, a retirement date, and no current installation
    expect(
      await count(
        db,
        `SELECT count(*) FROM sensors WHERE status = 'Retired' AND (retired_at IS NULL OR contractor_id IS NOT NULL)`,
      ),
    ).toBe(0);
    expect(await count(db, `SELECT count(*) FROM sensors WHERE status <> 'Retired' AND retired_at IS NOT NULL`)).toBe(
      0,
    );
    // installation business ids are unique and start at 1000
    const [range] = await rows<{ min: number }>(db, 'SELECT min(installation_id) AS min FROM installations');
    expect(Number(range!.min)).toBe(1000);
    // the last history snapshot matches the row
    const last = await rows<{
      snapshot: Record<string, unknown>;
      latitude: number;
      is_visible: boolean;
      contact_email: string | null;
    }>(
      db,
      `SELECT DISTINCT ON (h.installation_id) h.snapshot, i.latitude, i.is_visible, i.contact_email
       FROM installation_history h JOIN installations i ON i.id = h.installation_id
       ORDER BY h.installation_id, h.changed_at DESC, h.id DESC`,
    );
    for (const x of last) {
      expect(x.snapshot.latitude).toBe(x.latitude);
      expect(x.snapshot.isVisible).toBe(x.is_visible);
      expect(x.snapshot.contactEmail).toBe(x.contact_email);
    }
    // measured and factors are copied from the sensor onto its current installation
    expect(
      await count(
        db,
        `SELECT count(*) FROM sensors s JOIN installations i ON i.id = s.current_installation_id
        WHERE i.measured <> s.measured OR i.factors <> s.factors`,
      ),
    ).toBe(0);
    // summaries exist for sensors with an installation
    expect(
      await count(
        db,
        `SELECT count(*) FROM sensors s WHERE s.current_installation_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM measurement_summaries m WHERE m.sensor_id = s.id)`,
      ),
    ).toBe(0);
  });

  it('stores values in the right shapes', async () => {
    const db = a.db;
    // tag values match the tag type
    const values = await rows<{ type: string; values: string[]; value: unknown }>(
      db,
      `SELECT t.type, t.values, v.value FROM tags t JOIN (
         SELECT tag_id, value FROM sensor_tag_values UNION ALL
         SELECT tag_id, value FROM installation_tag_values UNION ALL
         SELECT tag_id, value FROM contractor_tag_values) v ON v.tag_id = t.id`,
    );
    expect(values.length).toBeGreaterThan(3000);
    for (const { type, values: allowed, value } of values) {
      if (type === 'BOOLEAN') expect([true, false, null]).toContain(value);
      else if (type === 'INTEGER') expect(Number.isInteger(value)).toBe(true);
      else if (type === 'FLOAT') expect(typeof value).toBe('number');
      else if (type === 'ENUM') expect(allowed).toContain(value);
      else expect(typeof value).toBe('string');
    }
    for (const t of await rows<{ values: string[] }>(db, `SELECT values FROM tags WHERE type = 'ENUM'`)) {
      expect(t.values.length).toBeGreaterThanOrEqual(3);
      expect(t.values.length).toBeLessThanOrEqual(5);
    }
    // firmware versions
    for (const v of await distinct(db, 'firmware_versions', 'version')) expect(versionNumber(v)).toBeUndefined();
    for (const b of await rows<{ file_key: string; id: string; hash: string }>(
      db,
      'SELECT id, file_key, hash FROM firmware_binaries',
    )) {
      expect(b.file_key).toBe(`seed/${b.id}`);
      expect(b.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    for (const c of await rows<{ hash: string }>(db, 'SELECT hash FROM wifi_commits'))
      expect(c.hash).toMatch(/^[0-9a-f]{40}$/);
    // sensor tokens are unique hex
    expect(await count(db, 'SELECT count(DISTINCT sensor_token) FROM sensors')).toBe(
      await count(db, 'SELECT count(*) FROM sensors'),
    );
    for (const s of await rows<{ sensor_token: string; firmware_version: string | null }>(
      db,
      'SELECT sensor_token, firmware_version FROM sensors',
    )) {
      expect(s.sensor_token).toMatch(/^[0-9a-f]{16,}$/);
      if (s.firmware_version) expect(versionNumber(s.firmware_version.split('-')[0])).toBeUndefined();
    }
    // CRM ids are numeric and longer than 8 digits
    for (const { v } of await rows<{ v: string }>(db, 'SELECT hs_id AS v FROM contractors WHERE hs_id IS NOT NULL')) {
      expect(v).toMatch(/^\d{9,}$/);
    }
    expect(await count(db, 'SELECT count(*) FROM contractors WHERE end_of_deal < CURRENT_DATE')).toBeGreaterThan(0);
    // contact data is valid
    const contacts = await rows<{ e: string | null; p: string | null; v: string | null }>(
      db,
      `SELECT contact_email AS e, contact_phone_number AS p, visible_by AS v FROM installations
       UNION ALL SELECT email, phone, NULL FROM installation_requests`,
    );
    for (const { e, p, v } of contacts) {
      expect(emailRule(e)).toBeUndefined();
      expect(emailRule(v)).toBeUndefined();
      expect(phoneRule(p)).toBeUndefined();
      if (p) expect(p.startsWith('+48')).toBe(true);
    }
    // measurement summaries: 2 decimals, hours within the last 72, ascending
    const nowHour = Math.floor(NOW.getTime() / 3_600_000);
    for (const m of await rows<{ values: Record<string, number>; active_hours: number[] }>(
      db,
      'SELECT values, active_hours FROM measurement_summaries',
    )) {
      for (const v of Object.values(m.values)) expect(Math.round(v * 100) / 100).toBe(v);
      expect(m.active_hours.length).toBeLessThanOrEqual(ACTIVITY_HOURS);
      m.active_hours.forEach((h, i) => {
        expect(h).toBeGreaterThan(nowHour - ACTIVITY_HOURS);
        expect(h).toBeLessThanOrEqual(nowHour);
        if (i > 0) expect(h).toBeGreaterThan(m.active_hours[i - 1]!);
      });
    }
    // API limits: larger periods are never below smaller ones
    const order = ['second', 'minute', 'hour', 'day', 'month', 'year'] as const;
    const limits = await rows<{ a: schema.Limits | null; b: schema.Limits | null; samples: boolean }>(
      db,
      'SELECT limit_standard AS a, limit_samples AS b, samples_api AS samples FROM api_users',
    );
    for (const { a: std, b: smp, samples } of limits) {
      if (samples) expect(smp).not.toBeNull();
      for (const lim of [std, smp]) {
        if (!lim) continue;
        const set = order.filter((p) => lim[p] !== undefined).map((p) => lim[p]!);
        expect(set.length).toBeGreaterThan(0);
        set.forEach((v, i) => i > 0 && expect(v).toBeGreaterThanOrEqual(set[i - 1]!));
      }
    }
    // access definition ids are in 1000..10000
    expect(await count(db, 'SELECT count(*) FROM adp_access_definitions WHERE id < 1000 OR id > 10000')).toBe(0);
    // contractor only for the types that show the contractor editor
    expect(
      await count(
        db,
        `SELECT count(*) FROM adp_users WHERE (contractor_id IS NOT NULL) <> (type IN ('CLIENT', 'CLIENT_EXTRA_ACCESS', 'INTERNAL_ACCOUNT'))`,
      ),
    ).toBe(0);
  });

  it('creates the demo logins and built-in roles', async () => {
    const db = a.db;
    const users = await db
      .select({ name: schema.staffUsers.name, hash: schema.staffUsers.passwordHash, role: schema.roles.name })
      .from(schema.staffUsers)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.staffUsers.roleId));
    for (const name of ['admin', 'viewer', 'technician', 'sales']) {
      const u = users.find((x) => x.name === name);
      expect(u?.role).toBe(name);
    }
    const admin = users.find((u) => u.name === 'admin')!;
    expect(await verifyPassword(PASSWORD, admin.hash)).toBe(true);
    expect(users.filter((u) => u.hash === admin.hash)).toHaveLength(4);
    expect(users.filter((u) => u.role === 'default').length).toBeGreaterThanOrEqual(8);

    const [adminRole] = await db.select().from(schema.roles).where(eq(schema.roles.name, 'admin'));
    expect(Object.keys(adminRole!.permissions).sort()).toEqual(PERMISSIONS.map((p) => p.toLowerCase()).sort());
    expect(adminRole!.builtIn).toBe(true);

    // ensureBuiltInRoles is idempotent and resets the admin role only
    await db
      .update(schema.roles)
      .set({ permissions: { view_sensors: true } })
      .where(eq(schema.roles.name, 'admin'));
    await db
      .update(schema.roles)
      .set({ permissions: { view_sensors: true } })
      .where(eq(schema.roles.name, 'viewer'));
    await ensureBuiltInRoles(db);
    await ensureBuiltInRoles(db);
    const after = await db.select().from(schema.roles);
    expect(after).toHaveLength(5);
    expect(Object.keys(after.find((r) => r.name === 'admin')!.permissions)).toHaveLength(PERMISSIONS.length);
    expect(after.find((r) => r.name === 'viewer')!.permissions).toEqual({ view_sensors: true });
    expect(
      after
        .filter((r) => r.builtIn)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['admin', 'default']);
  });

  it('leaves the sequences ready for new rows', async () => {
    const db = a.db;
    const [contractor] = await db
      .insert(schema.contractors)
      .values({ name: 'Nowy Kontrahent Sp. z o.o.', type: 'AMBASSADOR' })
      .returning();
    expect(contractor!.id).toBeGreaterThan(summary.counts.contractors!);
    const [sensor] = await db
      .insert(schema.sensors)
      .values({
        sensorToken: 'ffffffffffffffffffffffffffffffff',
        communication: 'GSM',
        status: 'Ready',
        measured: ['pm25'],
      })
      .returning();
    expect(sensor!.id).toBeGreaterThan(summary.counts.sensors!);
    const [installation] = await db
      .insert(schema.installations)
      .values({
        installationId: 999_999,
        sensorId: sensor!.id,
        installationDate: NOW,
        status: 'Installed',
        latitude: 50,
        longitude: 20,
        measured: ['pm25'],
      })
      .returning();
    expect(installation!.id).toBeGreaterThan(summary.counts.installations!);
    await db.insert(schema.tags).values({ context: 'sensors', name: 'New tag', type: 'STRING' });
    await db
      .insert(schema.installationRequests)
      .values({ requestType: 'INSTALLATION', clientType: 'EMPTY', state: 'WAITING' });
    await db.insert(schema.adpUsers).values({
      nickname: 'New',
      email: 'new.user@example.com',
      status: 'NOT_ACTIVATED',
      planName: 'PLAN_EMPTY',
      type: 'LEAD',
    });
    await db.insert(schema.apiUsers).values({ username: 'brand-new-api-user' });
    await db.insert(schema.deployments).values({ family: 'gen3', sensors: [sensor!.id], status: 'Pending' });
    await db
      .insert(schema.installationHistory)
      .values({ installationId: installation!.id, sensorId: sensor!.id, snapshot: {} });
    await db.insert(schema.auditLogs).values({ eventType: 'SensorsOrdered', sourceName: 'Console', message: 'test' });
    await db.insert(schema.staffUsers).values({ name: 'new.person', roleId: 1 });
  });

  it('produces the recorded demo data set', () => {
    const hash = crypto.createHash('sha256');
    for (const [table, json] of Object.entries(snapshot.dump)) hash.update(`${table}\n${json}\n`);
    expect(hash.digest('hex')).toBe(DEMO_DATA_SHA256);
  });

  it('refuses to seed a database that already has data', async () => {
    await expect(seedDemo(a.db, { adminPassword: PASSWORD, now: NOW })).rejects.toThrow(/empty database/);
  });

  it('is deterministic for the same now and seed', async () => {
    const b = await openPgliteFrom('empty');
    try {
      await seedDemo(b.db, { adminPassword: PASSWORD, now: NOW });
      expect(await tokens(b.db)).toEqual(snapshot.tokens);
      expect(await coords(b.db)).toEqual(snapshot.coords);
      const dump = await dumpAll(b.db);
      for (const table of Object.keys(dump)) expect(dump[table], table).toBe(snapshot.dump[table]);
    } finally {
      await b.close();
    }
    // a different seed gives a different network
    const d = await openPgliteFrom('empty');
    try {
      await seedDemo(d.db, { adminPassword: PASSWORD, now: NOW, seed: 7 });
      expect(await tokens(d.db)).not.toEqual(snapshot.tokens);
    } finally {
      await d.close();
    }
  }, 120_000);
});
