/**
 * Built-in roles and the deterministic demo data set (one builder per entity in ./seeds/).
 *
 * `seedDemo` builds every row in memory from a seeded PRNG (no Math.random, all dates relative to
 * `now`), then writes them in ONE transaction with chunked multi-row inserts and fixes the serial
 * sequences. With the same `now` and `seed` every row is identical, except the scrypt password
 * hash (its salt is random by design).
 *
 * Reference conventions used by the data:
 * - sensors.current_installation_id, installations.predecessor_id / successor_id,
 *   installation_history.installation_id and installation_tag_values.installation_id hold
 *   installations.id (the row id), while installations.installation_id is the separate business
 *   number (1000, 1001, 1003 …). All of them are foreign keys (migrations 0004 and 0010):
 *   sensors are therefore written first without their current installation, installations
 *   without their predecessor and successor, and both are linked once the installations exist.
 * - installations.installation_request_id is a foreign key to installation_requests: requests are
 *   written before installations.
 * - adp_access_definitions.installation_id holds the business installation number (it is what a
 *   developer-portal user sees in the public API).
 * - installation_history.snapshot is the installation row with camelCase keys, dates as ISO
 *   strings, plus `tags` (tag id → value).
 * - deployments.at_once is a sensor count; spacing and test_time are seconds.
 */
import { seedModules } from './seeds';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password';
import { ADMIN_ROLE, BUILT_IN_ROLES, DEFAULT_ROLE, PERMISSIONS } from '../../common/permissions';
import type { Db, Executor } from './index';
import { Prng } from './prng';
import {
  adpAccessDefinitions,
  adpPlans,
  adpTrials,
  adpUsers,
  apiUsers,
  auditLogs,
  contractorTagValues,
  contractors,
  deploymentSensorEvents,
  deploymentSensors,
  files,
  deployments,
  firmwareBinaries,
  firmwareVersions,
  installationHistory,
  installationRequests,
  installationTagValues,
  installations,
  measurementSummaries,
  requestImages,
  roles,
  sensorTagValues,
  sensors,
  staffUsers,
  tags,
  updaterSensors,
  wifiCommits,
} from './schema';
import { buildAdp } from './seeds/adpUsers';
import { buildApiUsers } from './seeds/apiUsers';
import { buildAudit } from './seeds/auditLogs';
import type { Ctx, InstallationRec, SensorRec } from './seeds/context';
import { buildContractors } from './seeds/contractors';
import { buildFirmware } from './seeds/firmware';
import { buildHistory } from './seeds/history';
import { buildInstallations } from './seeds/installations';
import { PLANS } from './seeds/reference';
import { buildRequestImages, buildRequests } from './seeds/requests';
import type { FileStore } from '../storage/files';
import { buildSensors } from './seeds/sensors';
import { buildStaff } from './seeds/staff';
import { buildSummaries } from './seeds/summaries';
import { buildTagValues } from './seeds/tagValues';
import { buildTags } from './seeds/tags';

// ================================================================ roles

const permissionMap = (names: readonly string[]): Record<string, boolean> =>
  Object.fromEntries(names.map((n) => [n.toLowerCase(), true]));

function sameMap(a: Record<string, boolean>, b: Record<string, boolean>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/**
 * Creates every role of BUILT_IN_ROLES that does not exist yet (names compared case-insensitively),
 * marks admin and default as built in, and resets the admin role to the whole permission
 * catalogue. Other roles keep whatever permissions staff gave them. Idempotent; safe at every start.
 */
export async function ensureBuiltInRoles(db: Executor, now?: Date, opts: { demoRoles?: boolean } = {}): Promise<void> {
  const existing = await db.select().from(roles);
  const byName = new Map(existing.map((r) => [r.name.toLowerCase(), r]));
  const adminMap = permissionMap(PERMISSIONS);
  const missing: (typeof roles.$inferInsert)[] = [];
  for (const [name, perms] of Object.entries(BUILT_IN_ROLES)) {
    const builtIn = name === ADMIN_ROLE || name === DEFAULT_ROLE;
    // admin and default always exist; the demo roles only come with the demo seed.
    if (!builtIn && !opts.demoRoles) continue;
    const wanted = name === ADMIN_ROLE ? adminMap : permissionMap(perms);
    const row = byName.get(name.toLowerCase());
    if (!row) {
      missing.push({ name, permissions: wanted, builtIn, createdAt: now, updatedAt: now });
      continue;
    }
    const patch: Partial<typeof roles.$inferInsert> = {};
    if (builtIn && !row.builtIn) patch.builtIn = true;
    if (name === ADMIN_ROLE && !sameMap(row.permissions ?? {}, adminMap)) patch.permissions = adminMap;
    if (Object.keys(patch).length > 0) {
      await db
        .update(roles)
        .set({ ...patch, updatedAt: now ?? new Date() })
        .where(eq(roles.id, row.id));
    }
  }
  if (missing.length > 0) await db.insert(roles).values(missing).onConflictDoNothing();
}

/** True when no staff user exists yet (first start). */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  return rows.length === 0;
}

// ================================================================ public entry point

export interface SeedOptions {
  adminPassword: string;
  /** Reference time: every date is relative to it. Default: the current time. */
  now?: Date;
  /** PRNG seed. Default: DEFAULT_SEED. */
  seed?: number;
  /** Where the bytes of seeded files (request photos) go; without it only their rows are written. */
  files?: FileStore;
}

export interface SeedSummary {
  seed: number;
  now: string;
  durationMs: number;
  /** Rows inserted per table (SQL table names). */
  counts: Record<string, number>;
}

export const DEFAULT_SEED = 20240917;

/** Tables whose serial ids the seed sets explicitly; their sequences are moved past max(id). */
const SERIAL_TABLES: readonly (readonly [string, string])[] = [
  ['roles', 'id'],
  ['staff_users', 'id'],
  ['contractors', 'id'],
  ['tags', 'id'],
  ['sensors', 'id'],
  ['installations', 'id'],
  ['installation_history', 'id'],
  ['installation_requests', 'id'],
  ['adp_users', 'id'],
  ['api_users', 'id'],
  ['deployments', 'id'],
  ['audit_logs', 'log_id'],
];

const DOMAIN_TABLES: readonly PgTable[] = [
  staffUsers,
  contractors,
  sensors,
  installations,
  tags,
  adpUsers,
  apiUsers,
  deployments,
];

/**
 * Fills an EMPTY database with the demo network. Throws when staff users, contractors, sensors,
 * installations, tags or portal users already exist. Everything is written in one transaction, so
 * a failed seed leaves the database empty and the next start tries again.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const seed = opts.seed ?? DEFAULT_SEED;

  for (const table of [...DOMAIN_TABLES, ...(await seedModules()).map((m) => m.table)]) {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(table)
      .limit(1);
    if (rows.length > 0) throw new Error('seedDemo needs an empty database: domain rows already exist');
  }

  // Hashing is slow (scrypt): once, reused for every demo login.
  const passwordHash = await hashPassword(opts.adminPassword);
  await ensureBuiltInRoles(db, now, { demoRoles: true });
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const roleIds = new Map(roleRows.map((r) => [r.name.toLowerCase(), r.id]));

  const modules = await seedModules();
  const plan: InsertStep[] = [
    ...buildDemoData({ now, seed, passwordHash, roleIds, files: opts.files }),
    ...modules.map((m) => ({ name: m.name, table: m.table, rows: m.rows({ now, seed }) })),
  ];

  await db.transaction(async (tx) => {
    for (const step of plan) {
      await insertChunked(tx, step.table, step.rows, step.ignoreExisting);
      if (step.afterInsert) await step.afterInsert(tx);
    }
    for (const [table, column] of [
      ...SERIAL_TABLES,
      ...modules.flatMap((m) => (m.serial ? [[m.name, m.serial]] : [])),
    ]) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), ` +
            `coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`,
        ),
      );
    }
  });

  const counts: Record<string, number> = {};
  for (const step of plan) counts[step.name] = (counts[step.name] ?? 0) + step.rows.length;
  return { seed, now: now.toISOString(), durationMs: Math.round(performance.now() - started), counts };
}

const CHUNK = 500;

async function insertChunked(
  db: Executor,
  table: PgTable,
  rows: readonly object[],
  ignoreExisting = false,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const insert = db.insert(table).values(rows.slice(i, i + CHUNK) as never);
    await (ignoreExisting ? insert.onConflictDoNothing() : insert);
  }
}

interface InsertStep {
  name: string;
  table: PgTable;
  rows: object[];
  /** Reference rows another part of the app may have created already (plans). */
  ignoreExisting?: boolean;
  /** Runs right after the step's rows are written (links that need a later table's rows). */
  afterInsert?: (db: Executor) => Promise<void>;
}

/**
 * Links each installation to its predecessor and successor (installation row ids). Both are
 * foreign keys to installations, and a link may point into a later chunk of the insert: the rows
 * are written without them, then linked once every installation exists.
 */
async function linkInstallationChain(db: Executor, rows: readonly InstallationRec[]): Promise<void> {
  const links = rows.filter((x) => x.predecessorId !== null || x.successorId !== null);
  for (let i = 0; i < links.length; i += CHUNK) {
    const values = sql.join(
      links.slice(i, i + CHUNK).map((x) => sql`(${x.id}::int, ${x.predecessorId}::int, ${x.successorId}::int)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${installations} set predecessor_id = v.predecessor, successor_id = v.successor from (values ${values}) as v(id, predecessor, successor) where ${installations.id} = v.id`,
    );
  }
}

/**
 * Points each sensor at its current installation. sensors.current_installation_id is a foreign
 * key to installations, whose rows reference sensors in turn: sensors are written without it,
 * then linked once the installations exist.
 */
async function linkCurrentInstallations(db: Executor, sensorRows: readonly SensorRec[]): Promise<void> {
  const links = sensorRows.filter((s) => s.currentInstallationId !== null);
  for (let i = 0; i < links.length; i += CHUNK) {
    const values = sql.join(
      links.slice(i, i + CHUNK).map((s) => sql`(${s.id}::int, ${s.currentInstallationId}::int)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${sensors} set current_installation_id = v.installation from (values ${values}) as v(sensor, installation) where ${sensors.id} = v.sensor`,
    );
  }
}

// ================================================================ the builder

function buildDemoData(opts: {
  now: Date;
  seed: number;
  passwordHash: string;
  roleIds: Map<string, number>;
  files?: FileStore;
}): InsertStep[] {
  const c: Ctx = {
    now: opts.now,
    nowMs: opts.now.getTime(),
    root: new Prng(opts.seed),
    passwordHash: opts.passwordHash,
    roleIds: opts.roleIds,
  };
  const staff = buildStaff(c);
  const contractorRows = buildContractors(c);
  const tagRows = buildTags(c);
  const sensorRows = buildSensors(c, contractorRows);
  const inst = buildInstallations(c, sensorRows, contractorRows);
  const requests = buildRequests(c, sensorRows, inst, contractorRows);
  const requestPhotos = buildRequestImages(c, requests);
  // Firmware before tag values: deployments move sensors to the deployed version.
  const firmware = buildFirmware(c, sensorRows, staff);
  const tagValues = buildTagValues(c, tagRows, sensorRows, inst, contractorRows);
  const history = buildHistory(c, inst, tagValues.byInstallation);
  const summaries = buildSummaries(c, sensorRows, inst);
  const adp = buildAdp(c, contractorRows, inst);
  const apiUserRows = buildApiUsers(c, contractorRows);
  const audit = buildAudit(c, staff, sensorRows, inst, contractorRows, tagRows, requests, adp.users, apiUserRows);

  return [
    { name: 'staff_users', table: staffUsers, rows: staff.map(({ role: _role, ...row }) => row) },
    { name: 'contractors', table: contractors, rows: contractorRows },
    { name: 'tags', table: tags, rows: tagRows },
    {
      name: 'sensors',
      table: sensors,
      rows: sensorRows.map((s) => ({ ...s, currentInstallationId: null })),
    },
    { name: 'installation_requests', table: installationRequests, rows: requests },
    {
      name: 'installations',
      table: installations,
      rows: inst.map((x) => ({ ...x, predecessorId: null, successorId: null })),
      afterInsert: async (db) => {
        await linkInstallationChain(db, inst);
        await linkCurrentInstallations(db, sensorRows);
      },
    },
    { name: 'installation_history', table: installationHistory, rows: history },
    { name: 'measurement_summaries', table: measurementSummaries, rows: summaries },
    {
      name: 'files',
      table: files,
      rows: requestPhotos.files.map(({ bytes: _bytes, ...row }) => row),
      afterInsert: async () => {
        for (const f of requestPhotos.files) await opts.files?.writeBytes(f.key, f.bytes);
      },
    },
    { name: 'request_images', table: requestImages, rows: requestPhotos.images },
    { name: 'sensor_tag_values', table: sensorTagValues, rows: tagValues.sensors },
    { name: 'installation_tag_values', table: installationTagValues, rows: tagValues.installations },
    { name: 'contractor_tag_values', table: contractorTagValues, rows: tagValues.contractors },
    { name: 'adp_plans', table: adpPlans, rows: PLANS.map((p) => ({ ...p })), ignoreExisting: true },
    { name: 'adp_users', table: adpUsers, rows: adp.users },
    { name: 'adp_trials', table: adpTrials, rows: adp.trials },
    { name: 'adp_access_definitions', table: adpAccessDefinitions, rows: adp.access },
    { name: 'api_users', table: apiUsers, rows: apiUserRows },
    { name: 'firmware_versions', table: firmwareVersions, rows: firmware.versions },
    { name: 'firmware_binaries', table: firmwareBinaries, rows: firmware.binaries },
    { name: 'wifi_commits', table: wifiCommits, rows: firmware.commits },
    { name: 'deployments', table: deployments, rows: firmware.deployments },
    { name: 'deployment_sensors', table: deploymentSensors, rows: firmware.deploymentSensors },
    { name: 'deployment_sensor_events', table: deploymentSensorEvents, rows: firmware.deploymentSensorEvents },
    { name: 'updater_sensors', table: updaterSensors, rows: firmware.updater },
    { name: 'audit_logs', table: auditLogs, rows: audit },
  ];
}
