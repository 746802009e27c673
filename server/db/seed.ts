/**
 * Built-in roles and the deterministic demo data set.
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
 *   number (1000, 1001, 1003 …). The current installation, the history and the tag values are
 *   foreign keys (migration 0002); sensors are therefore written first without their current
 *   installation and linked once the installations exist.
 * - adp_access_definitions.installation_id holds the business installation number (it is what a
 *   developer-portal user sees in the public API).
 * - installation_history.snapshot is the installation row with camelCase keys, dates as ISO
 *   strings, plus `tags` (tag id → value).
 * - deployments.at_once is a sensor count; spacing and test_time are seconds.
 */
import { seedModules } from './seeds';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password';
import type { AuditEventType, AuditSource } from '../../common/auditEvents';
import {
  ADP_USER_STATUSES,
  ADP_USER_TYPES,
  CONTRACTOR_TYPES,
  DEFAULT_MEASURED,
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  REQUEST_STATES,
  REQUEST_TYPES,
  TAG_CONTEXTS,
  type Communication,
  type SensorStatus,
  type TagContext,
  type TagType,
  type UpdaterStatus,
} from '../../common/domain';
import { ADMIN_ROLE, BUILT_IN_ROLES, DEFAULT_ROLE, PERMISSIONS } from '../../common/permissions';
import type { Db, Executor } from './index';
import { Prng, hashString, roundTo } from './prng';
import {
  adpAccessDefinitions,
  adpPlans,
  adpTrials,
  adpUsers,
  apiUsers,
  auditLogs,
  contractorTagValues,
  contractors,
  deploymentSensors,
  deployments,
  firmwareBinaries,
  firmwareVersions,
  installationHistory,
  installationRequests,
  installationTagValues,
  installations,
  measurementSummaries,
  roles,
  sensorTagValues,
  sensors,
  staffUsers,
  tags,
  updaterSensors,
  wifiCommits,
  type FactorMap,
  type Factors,
  type Limits,
  type Suspension,
  type TagValue,
} from './schema';
import { snapshotOf } from './snapshots';

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
    ...buildDemoData({ now, seed, passwordHash, roleIds }),
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

// ================================================================ static reference data

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const OPERATOR_DOMAIN = 'aqnet.pl';

interface Voivodeship {
  en: string;
  pl: string;
  osm: string;
}

const VOIVODESHIPS = {
  MAZ: { en: 'Masovian Voivodeship', pl: 'województwo mazowieckie', osm: 'R130935' },
  MAL: { en: 'Lesser Poland Voivodeship', pl: 'województwo małopolskie', osm: 'R224457' },
  SLA: { en: 'Silesian Voivodeship', pl: 'województwo śląskie', osm: 'R224458' },
  WLK: { en: 'Greater Poland Voivodeship', pl: 'województwo wielkopolskie', osm: 'R130971' },
  DLS: { en: 'Lower Silesian Voivodeship', pl: 'województwo dolnośląskie', osm: 'R224461' },
  LDZ: { en: 'Łódź Voivodeship', pl: 'województwo łódzkie', osm: 'R224459' },
  POM: { en: 'Pomeranian Voivodeship', pl: 'województwo pomorskie', osm: 'R130975' },
  ZPM: { en: 'West Pomeranian Voivodeship', pl: 'województwo zachodniopomorskie', osm: 'R104401' },
  KPM: { en: 'Kuyavian-Pomeranian Voivodeship', pl: 'województwo kujawsko-pomorskie', osm: 'R223407' },
  LUB: { en: 'Lublin Voivodeship', pl: 'województwo lubelskie', osm: 'R130919' },
  PDL: { en: 'Podlaskie Voivodeship', pl: 'województwo podlaskie', osm: 'R224460' },
  PKR: { en: 'Subcarpathian Voivodeship', pl: 'województwo podkarpackie', osm: 'R130957' },
  SWK: { en: 'Holy Cross Voivodeship', pl: 'województwo świętokrzyskie', osm: 'R130914' },
  WMZ: { en: 'Warmian-Masurian Voivodeship', pl: 'województwo warmińsko-mazurskie', osm: 'R223408' },
  OPO: { en: 'Opole Voivodeship', pl: 'województwo opolskie', osm: 'R224462' },
  LBS: { en: 'Lubusz Voivodeship', pl: 'województwo lubuskie', osm: 'R130969' },
} satisfies Record<string, Voivodeship>;

type VoivodeshipKey = keyof typeof VOIVODESHIPS;

interface City {
  local: string;
  en: string;
  lat: number;
  lon: number;
  /** Typical elevation above mean sea level, metres. */
  elev: number;
  voiv: VoivodeshipKey;
  osm: string;
  /** Share of the network placed in this city. */
  weight: number;
  /** Jitter radius in degrees of latitude. */
  radius: number;
  /** First two digits of the city's postal codes. */
  postal: readonly string[];
  streets?: readonly string[];
}

// prettier-ignore
const CITIES: readonly City[] = [
  { local: 'Warszawa', en: 'Warsaw', lat: 52.2297, lon: 21.0122, elev: 100, voiv: 'MAZ', osm: 'R336075', weight: 14, radius: 0.08, postal: ['00', '01', '02', '03', '04'],
    streets: ['Marszałkowska', 'Puławska', 'Grójecka', 'Aleje Jerozolimskie', 'Nowy Świat', 'Targowa', 'Grochowska', 'Wołoska', 'Żelazna', 'Świętokrzyska', 'Belwederska', 'Modlińska'] },
  { local: 'Kraków', en: 'Krakow', lat: 50.0647, lon: 19.945, elev: 219, voiv: 'MAL', osm: 'R2768922', weight: 16, radius: 0.06, postal: ['30', '31'],
    streets: ['Floriańska', 'Karmelicka', 'Długa', 'Dietla', 'Kalwaryjska', 'Wielicka', 'Zakopiańska', 'Bora-Komorowskiego', 'Opolska', 'Kamieńskiego', 'Mogilska', 'Aleja Pokoju', 'Królewska', 'Bulwarowa'] },
  { local: 'Łódź', en: 'Lodz', lat: 51.7592, lon: 19.456, elev: 200, voiv: 'LDZ', osm: 'R1582777', weight: 5, radius: 0.06, postal: ['90', '91', '92', '93', '94'],
    streets: ['Piotrkowska', 'Zgierska', 'Kilińskiego', 'Narutowicza', 'Pabianicka', 'Rzgowska'] },
  { local: 'Wrocław', en: 'Wroclaw', lat: 51.1079, lon: 17.0385, elev: 120, voiv: 'DLS', osm: 'R451516', weight: 6, radius: 0.06, postal: ['50', '51', '52', '53', '54'],
    streets: ['Legnicka', 'Grabiszyńska', 'Świdnicka', 'Krzycka', 'Powstańców Śląskich', 'Kazimierza Wielkiego'] },
  { local: 'Poznań', en: 'Poznan', lat: 52.4064, lon: 16.9252, elev: 60, voiv: 'WLK', osm: 'R165941', weight: 5, radius: 0.06, postal: ['60', '61'],
    streets: ['Głogowska', 'Garbary', 'Dąbrowskiego', 'Półwiejska', 'Grunwaldzka', 'Hetmańska'] },
  { local: 'Gdańsk', en: 'Gdansk', lat: 54.352, lon: 18.6466, elev: 10, voiv: 'POM', osm: 'R7373058', weight: 4, radius: 0.06, postal: ['80'],
    streets: ['Grunwaldzka', 'Długa', 'Kartuska', 'Hallera', 'Słowackiego', 'Rakoczego'] },
  { local: 'Szczecin', en: 'Szczecin', lat: 53.4285, lon: 14.5528, elev: 25, voiv: 'ZPM', osm: 'R389920', weight: 3, radius: 0.06, postal: ['70', '71'] },
  { local: 'Bydgoszcz', en: 'Bydgoszcz', lat: 53.1235, lon: 18.0084, elev: 60, voiv: 'KPM', osm: 'R1921094', weight: 2, radius: 0.05, postal: ['85'] },
  { local: 'Lublin', en: 'Lublin', lat: 51.2465, lon: 22.5684, elev: 200, voiv: 'LUB', osm: 'R2767864', weight: 3, radius: 0.05, postal: ['20'] },
  { local: 'Białystok', en: 'Bialystok', lat: 53.1325, lon: 23.1688, elev: 140, voiv: 'PDL', osm: 'R2833719', weight: 2, radius: 0.04, postal: ['15'] },
  { local: 'Katowice', en: 'Katowice', lat: 50.2649, lon: 19.0238, elev: 270, voiv: 'SLA', osm: 'R1584096', weight: 5, radius: 0.05, postal: ['40'],
    streets: ['Mikołowska', 'Chorzowska', 'Francuska', 'Mariacka', 'Gliwicka', 'Bocheńskiego'] },
  { local: 'Gdynia', en: 'Gdynia', lat: 54.5189, lon: 18.5305, elev: 20, voiv: 'POM', osm: 'R2796426', weight: 2, radius: 0.04, postal: ['81'] },
  { local: 'Częstochowa', en: 'Czestochowa', lat: 50.8118, lon: 19.1203, elev: 250, voiv: 'SLA', osm: 'R2768920', weight: 2, radius: 0.04, postal: ['42'] },
  { local: 'Radom', en: 'Radom', lat: 51.4027, lon: 21.1471, elev: 170, voiv: 'MAZ', osm: 'R2768915', weight: 1.5, radius: 0.04, postal: ['26'] },
  { local: 'Toruń', en: 'Torun', lat: 53.0138, lon: 18.5984, elev: 60, voiv: 'KPM', osm: 'R2768930', weight: 1.5, radius: 0.04, postal: ['87'] },
  { local: 'Sosnowiec', en: 'Sosnowiec', lat: 50.2863, lon: 19.1041, elev: 260, voiv: 'SLA', osm: 'R2768941', weight: 2, radius: 0.035, postal: ['41'] },
  { local: 'Rzeszów', en: 'Rzeszow', lat: 50.0412, lon: 21.9991, elev: 210, voiv: 'PKR', osm: 'R2768933', weight: 2, radius: 0.04, postal: ['35'] },
  { local: 'Kielce', en: 'Kielce', lat: 50.8661, lon: 20.6286, elev: 260, voiv: 'SWK', osm: 'R2768917', weight: 1.5, radius: 0.04, postal: ['25'] },
  { local: 'Gliwice', en: 'Gliwice', lat: 50.2945, lon: 18.6714, elev: 220, voiv: 'SLA', osm: 'R2768927', weight: 2, radius: 0.035, postal: ['44'] },
  { local: 'Zabrze', en: 'Zabrze', lat: 50.3249, lon: 18.7857, elev: 250, voiv: 'SLA', osm: 'R2768944', weight: 1.5, radius: 0.03, postal: ['41'] },
  { local: 'Olsztyn', en: 'Olsztyn', lat: 53.7784, lon: 20.4801, elev: 120, voiv: 'WMZ', osm: 'R2768925', weight: 1.5, radius: 0.04, postal: ['10'] },
  { local: 'Bielsko-Biała', en: 'Bielsko-Biala', lat: 49.8224, lon: 19.0584, elev: 330, voiv: 'SLA', osm: 'R2768904', weight: 2.5, radius: 0.04, postal: ['43'] },
  { local: 'Bytom', en: 'Bytom', lat: 50.3484, lon: 18.9157, elev: 290, voiv: 'SLA', osm: 'R2768907', weight: 1.5, radius: 0.03, postal: ['41'] },
  { local: 'Zielona Góra', en: 'Zielona Gora', lat: 51.9356, lon: 15.5062, elev: 140, voiv: 'LBS', osm: 'R2768947', weight: 1, radius: 0.04, postal: ['65'] },
  { local: 'Rybnik', en: 'Rybnik', lat: 50.1022, lon: 18.5463, elev: 240, voiv: 'SLA', osm: 'R2768936', weight: 2.5, radius: 0.04, postal: ['44'] },
  { local: 'Ruda Śląska', en: 'Ruda Slaska', lat: 50.2558, lon: 18.8556, elev: 260, voiv: 'SLA', osm: 'R2768935', weight: 1, radius: 0.03, postal: ['41'] },
  { local: 'Opole', en: 'Opole', lat: 50.6751, lon: 17.9213, elev: 160, voiv: 'OPO', osm: 'R2768926', weight: 1.5, radius: 0.04, postal: ['45'] },
  { local: 'Tychy', en: 'Tychy', lat: 50.1372, lon: 18.9664, elev: 250, voiv: 'SLA', osm: 'R2768942', weight: 1.5, radius: 0.03, postal: ['43'] },
  { local: 'Gorzów Wielkopolski', en: 'Gorzow Wielkopolski', lat: 52.7368, lon: 15.2288, elev: 50, voiv: 'LBS', osm: 'R2768911', weight: 1, radius: 0.035, postal: ['66'] },
  { local: 'Elbląg', en: 'Elblag', lat: 54.1561, lon: 19.4045, elev: 10, voiv: 'WMZ', osm: 'R2768910', weight: 1, radius: 0.03, postal: ['82'] },
  { local: 'Płock', en: 'Plock', lat: 52.5463, lon: 19.7065, elev: 110, voiv: 'MAZ', osm: 'R2768929', weight: 1, radius: 0.03, postal: ['09'] },
  { local: 'Wałbrzych', en: 'Walbrzych', lat: 50.7714, lon: 16.2843, elev: 450, voiv: 'DLS', osm: 'R2768943', weight: 1, radius: 0.03, postal: ['58'] },
  { local: 'Tarnów', en: 'Tarnow', lat: 50.0121, lon: 20.9858, elev: 210, voiv: 'MAL', osm: 'R2768939', weight: 1.5, radius: 0.03, postal: ['33'] },
  { local: 'Chorzów', en: 'Chorzow', lat: 50.2975, lon: 18.9545, elev: 270, voiv: 'SLA', osm: 'R2768908', weight: 1, radius: 0.025, postal: ['41'] },
  { local: 'Koszalin', en: 'Koszalin', lat: 54.1944, lon: 16.1722, elev: 35, voiv: 'ZPM', osm: 'R2768918', weight: 1, radius: 0.03, postal: ['75'] },
  { local: 'Kalisz', en: 'Kalisz', lat: 51.7611, lon: 18.091, elev: 110, voiv: 'WLK', osm: 'R2768916', weight: 1, radius: 0.03, postal: ['62'] },
  { local: 'Legnica', en: 'Legnica', lat: 51.207, lon: 16.155, elev: 120, voiv: 'DLS', osm: 'R2768921', weight: 1, radius: 0.03, postal: ['59'] },
  { local: 'Nowy Sącz', en: 'Nowy Sacz', lat: 49.6175, lon: 20.7154, elev: 290, voiv: 'MAL', osm: 'R2768924', weight: 2, radius: 0.03, postal: ['33'] },
  { local: 'Zakopane', en: 'Zakopane', lat: 49.2992, lon: 19.9496, elev: 840, voiv: 'MAL', osm: 'R2768946', weight: 2, radius: 0.025, postal: ['34'],
    streets: ['Krupówki', 'Kościeliska', 'Chramcówki', 'Nowotarska', 'Jagiellońska', 'Zamoyskiego'] },
  { local: 'Oświęcim', en: 'Oswiecim', lat: 50.0344, lon: 19.2098, elev: 240, voiv: 'MAL', osm: 'R2768928', weight: 1, radius: 0.025, postal: ['32'] },
  { local: 'Skawina', en: 'Skawina', lat: 49.975, lon: 19.828, elev: 220, voiv: 'MAL', osm: 'R2768937', weight: 2, radius: 0.02, postal: ['32'] },
  { local: 'Pszczyna', en: 'Pszczyna', lat: 49.98, lon: 18.954, elev: 255, voiv: 'SLA', osm: 'R2768931', weight: 1.5, radius: 0.02, postal: ['43'] },
  { local: 'Suwałki', en: 'Suwalki', lat: 54.1118, lon: 22.9309, elev: 170, voiv: 'PDL', osm: 'R2768938', weight: 1, radius: 0.025, postal: ['16'] },
];

const CITY_WEIGHTS = CITIES.map((c) => [c, c.weight] as const);

// prettier-ignore
const COMMON_STREETS = [
  'Mickiewicza', 'Słowackiego', 'Kościuszki', 'Piłsudskiego', 'Sienkiewicza', 'Kopernika', 'Jana Pawła II', 'Polna',
  'Leśna', 'Ogrodowa', 'Lipowa', 'Szkolna', 'Kwiatowa', 'Słoneczna', 'Łąkowa', 'Brzozowa', 'Sportowa', 'Kolejowa',
  'Parkowa', 'Zielona', 'Konopnickiej', 'Prusa', 'Reymonta', 'Żeromskiego', 'Chopina', 'Moniuszki', 'Wyspiańskiego',
  'Matejki', 'Narutowicza', 'Batorego', '3 Maja', '11 Listopada', 'Armii Krajowej', 'Wojska Polskiego', 'Piastowska',
  'Jagiellońska', 'Dworcowa', 'Przemysłowa', 'Akacjowa', 'Klonowa', 'Dębowa', 'Cicha', 'Spacerowa', 'Rynek',
  'Krakowska', 'Warszawska', 'Krótka', 'Wiśniowa', 'Różana', 'Graniczna',
];

// prettier-ignore
const MALE_FIRST = ['Jan', 'Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub', 'Adam', 'Łukasz', 'Mateusz', 'Grzegorz', 'Marek', 'Wojciech', 'Kamil', 'Rafał', 'Bartosz', 'Szymon', 'Dawid', 'Maciej', 'Robert', 'Sebastian', 'Filip', 'Kacper'];
// prettier-ignore
const FEMALE_FIRST = ['Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Barbara', 'Ewa', 'Magdalena', 'Joanna', 'Aleksandra', 'Monika', 'Zofia', 'Natalia', 'Karolina', 'Marta', 'Julia', 'Dorota', 'Beata', 'Iwona', 'Paulina', 'Justyna', 'Weronika', 'Alicja', 'Hanna', 'Elżbieta'];
// prettier-ignore
const SURNAMES = ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Wojciechowski', 'Kwiatkowski', 'Krawczyk', 'Kaczmarek', 'Piotrowski', 'Grabowski', 'Zając', 'Pawłowski', 'Michalski', 'Król', 'Wieczorek', 'Jabłoński', 'Wróbel', 'Nowakowski', 'Majewski', 'Olszewski', 'Stępień', 'Malinowski', 'Jaworski', 'Adamczyk', 'Dudek', 'Nowicki', 'Pawlak', 'Górski', 'Witkowski', 'Walczak', 'Sikora', 'Baran', 'Rutkowski', 'Michalak', 'Szewczyk', 'Ostrowski', 'Tomaszewski', 'Pietrzak', 'Zalewski', 'Wróblewski'];

const MAIL_PROVIDERS = ['gmail.com', 'wp.pl', 'onet.pl', 'o2.pl', 'interia.pl', 'outlook.com', 'poczta.fm'] as const;
const UNIVERSITY_DOMAINS = [
  'uj.edu.pl',
  'agh.edu.pl',
  'pw.edu.pl',
  'uw.edu.pl',
  'pwr.edu.pl',
  'put.poznan.pl',
  'ug.edu.pl',
  'umcs.pl',
] as const;

// prettier-ignore
const COMPANY_PREFIX = ['Eko', 'Termo', 'Bud', 'Inter', 'Pol', 'Agro', 'Tech', 'Energo', 'Mega', 'Net', 'Trans', 'Data', 'Hydro', 'Elektro', 'Geo', 'Med', 'Auto', 'Info', 'Stal', 'Drew', 'Lux', 'Nova', 'Prima', 'Optima', 'Vita', 'Sol', 'Aero', 'Klima', 'Went', 'Kom'];
// prettier-ignore
const COMPANY_SUFFIX = ['pol', 'mex', 'bud', 'tech', 'trans', 'soft', 'med', 'dom', 'net', 'serwis', 'gaz', 'met', 'plast', 'system', 'tron', 'lab', 'air', 'vent', 'term', 'sat'];
const LEGAL_FORMS = ['Sp. z o.o.', 'Sp. z o.o.', 'Sp. z o.o.', 'S.A.', 'Sp. j.', 's.c.', 'Sp. k.'] as const;
// prettier-ignore
const PATRONS = ['Adama Mickiewicza', 'Marii Skłodowskiej-Curie', 'Jana Pawła II', 'Henryka Sienkiewicza', 'Mikołaja Kopernika', 'Janusza Korczaka', 'Tadeusza Kościuszki', 'Juliusza Słowackiego', 'Stefana Żeromskiego', 'Władysława Reymonta'];

/** Staff who own CRM companies (companyOwner). */
const COMPANY_OWNERS = [
  'Sara Sales',
  'Anna Kowalska',
  'Michał Zieliński',
  'Karolina Szymańska',
  'Paweł Jaworski',
] as const;

// prettier-ignore
const GSM_VERSIONS: readonly (readonly [version: string, status: string, description: string | null, ageDays: number, sensorWeight: number])[] = [
  ['3.8.2.4', 'Deprecated', 'Legacy modem stack', 1100, 2],
  ['3.9.0.11', 'Deprecated', null, 980, 1],
  ['3.9.1.2', 'Deprecated', 'Fixes APN fallback on the Plus network', 900, 4],
  ['4.0.0.5', 'Deprecated', 'New measurement scheduler', 760, 2],
  ['4.0.1.9', 'Production', 'Stability fixes for cold starts below -15 °C', 640, 8],
  ['4.1.0.3', 'Production', 'Support for NO2 and O3 boards', 520, 6],
  ['4.1.2.14', 'Production', null, 400, 12],
  ['4.1.3.1', 'Production', 'Watchdog tuning', 300, 22],
  ['4.2.0.12', 'Deprecated', 'Withdrawn: battery drain on NB-IoT', 200, 3],
  ['4.2.0.17', 'Production', 'LTE-M / NB-IoT power saving, TLS 1.3', 150, 40],
  ['4.2.1.0', 'Experimental', 'Remote diagnostics over MQTT', 40, 3],
  ['4.3.0.2', 'Experimental', 'New PM sensor driver (beta)', 12, 0],
];

// prettier-ignore
const GEN3_VERSIONS: readonly (readonly [version: string, status: string, description: string, ageDays: number, sensorWeight: number])[] = [
  ['5.0.0.1', 'Deprecated', 'First Gen3 release', 700, 1],
  ['5.0.1.0', 'Production', 'Modem firmware update and LoRa join fixes', 560, 3],
  ['5.1.0.4', 'Production', 'Over-the-air updates for module 3 (sensor board)', 420, 4],
  ['5.1.2.0', 'Production', 'Improved humidity compensation', 260, 8],
  ['5.2.0.0', 'Experimental', 'Dual-bank bootloader', 90, 2],
  ['5.3.0.1', 'Experimental', 'Energy harvesting mode for solar installations', 20, 0],
];

/** Wi-Fi firmware is built from commits; these are the tagged releases (commit index, see below). */
const WIFI_VERSIONS = [
  ['2.5.3.0', 2, 4],
  ['2.6.0.2', 3, 9],
  ['2.6.1.0', 4, 13],
  ['2.7.0.1', 5, 16],
  ['2.7.1.0', 6, 19],
] as const;
/** Age in days of the i-th Wi-Fi commit (oldest first). */
const wifiCommitAgeDays = (i: number) => 600 - i * 29;

type FirmwareFamily = 'gsm' | 'wifi' | 'gen3';
const firmwareFamilyOf = (comm: Communication): FirmwareFamily =>
  comm === 'GSM' || comm === 'NBIOT' ? 'gsm' : comm === 'WIFI' ? 'wifi' : 'gen3';

const FIRMWARE_RELEASES: Record<FirmwareFamily, readonly { version: string; ageDays: number; weight: number }[]> = {
  gsm: GSM_VERSIONS.map(([version, , , ageDays, weight]) => ({ version, ageDays, weight })),
  wifi: WIFI_VERSIONS.map(([version, weight, commit]) => ({ version, ageDays: wifiCommitAgeDays(commit), weight })),
  gen3: GEN3_VERSIONS.map(([version, , , ageDays, weight]) => ({ version, ageDays, weight })),
};

// prettier-ignore
const WIFI_COMMIT_MESSAGES = [
  'Initial support for ESP32-S3 boards', 'Fix reconnect loop after DHCP lease renewal', 'Add captive portal timeout',
  'Report RSSI with every measurement', 'Bump ESP-IDF to 5.1.2', 'Fix NTP drift on long uptime', 'Store Wi-Fi credentials encrypted',
  'Reduce PM sensor warm-up to 30 s', 'Add WPA3 transition mode', 'Fix OTA rollback when image hash mismatches',
  'Send heartbeat every 5 minutes', 'Improve humidity compensation for PM readings', 'Refactor MQTT client and add backoff',
  'Add support for SEN55 sensor module', 'Fix watchdog reset during OTA download', 'Lower TX power in dense deployments',
  'Add factory reset by long press', 'Fix temperature offset on enclosure v3', 'Expose firmware build id in status topic',
  'Release 2.7.1',
];
const WIFI_AUTHORS = ['Kamil Nowicki', 'Joanna Pietrzak', 'Bartosz Górski', 'Alicja Baran', 'Filip Sikora'] as const;

const PLANS = [
  { name: 'PLAN_EMPTY', displayName: 'Empty', isTrialPlan: false },
  { name: 'PLAN_BASIC', displayName: 'Basic', isTrialPlan: false },
  { name: 'PLAN_ADVANCED', displayName: 'Advanced', isTrialPlan: false },
  { name: 'PLAN_ENTERPRISE', displayName: 'Enterprise', isTrialPlan: false },
  { name: 'PLAN_RESEARCH', displayName: 'Research', isTrialPlan: false },
  { name: 'PLAN_TRIAL', displayName: 'Trial', isTrialPlan: true },
  { name: 'PLAN_ENTERPRISE_TRIAL', displayName: 'Enterprise Trial', isTrialPlan: true },
] as const;

/** Developer-portal settings vocabularies (document 2, section 3). */
// prettier-ignore
const ADP_SETTINGS = {
  countries: { PL: 60, DE: 6, CZ: 5, GB: 5, US: 4, UA: 4, SK: 3, LT: 2, FR: 2, NL: 2, IT: 2, MN: 2 },
  timeZones: ['Europe/Warsaw', 'UTC', 'Europe/Berlin', 'Europe/London', 'Europe/Prague', 'Europe/Kyiv', 'America/New_York', 'Asia/Ulaanbaatar'],
  /** Alert-level choices per index type (document 2, section 9); AQ_ is the provider prefix. */
  indexTypes: {
    AQ_INDEX: [50, 75, 100, 150, 200, 300, 400, 600, 800],
    AQ_CAQI: [25, 50, 75, 87.5, 100, 125],
    AQ_US_AQI: [50, 100, 150, 200, 300],
    AQ_DAQI: [2, 3, 4, 5, 6, 7, 8, 9, 10],
    AQ_PIJP: [1, 3, 5, 7, 10],
    MONGOLIAN_AQI: [50, 100, 200, 300, 400, 500],
  } as Record<string, readonly number[]>,
  standardTypes: ['WHO', 'POLISH', 'DEFRA'],
  sectors: ['public', 'academic', 'ngo', 'smart-cities', 'telecommunication', 'industry', 'other-company', 'other'],
  industries: ['education', 'admin-ops', 'marketing-pr', 'business-development', 'it-eng', 'other'],
  goals: ['csr', 'research', 'public-information', 'health-protection', 'smart-city', 'compliance', 'product-integration', 'other'],
  avatars: ['default', 'academic', 'business', 'industry', 'ngo', 'public', 'telecom'],
} as const;

const SECTOR_AVATAR: Record<string, string> = {
  public: 'public',
  academic: 'academic',
  ngo: 'ngo',
  'smart-cities': 'public',
  telecommunication: 'telecom',
  industry: 'industry',
  'other-company': 'business',
  other: 'default',
};

const SENSOR_STATUS_COUNTS: Record<SensorStatus, number> = {
  InProduction: 40,
  Ready: 45,
  ForInstallation: 30,
  InShipping: 25,
  Installed: 730,
  ContractTerminated: 30,
  ContractEnded: 30,
  Suspended: 25,
  ReviewRequired: 40,
  ServiceRequired: 45,
  InRepair: 30,
  ReadyRepaired: 20,
  Refurbishment: 15,
  Lost: 15,
  Retired: 80,
};

/** Where in the five-year timeline (0 = oldest, 1 = newest) sensors of a status were created. */
const SENSOR_AGE: Record<SensorStatus, readonly [number, number]> = {
  InProduction: [0.975, 1],
  Ready: [0.92, 1],
  ForInstallation: [0.9, 1],
  InShipping: [0.92, 1],
  Installed: [0.02, 0.96],
  ContractTerminated: [0.1, 0.8],
  ContractEnded: [0.05, 0.8],
  Suspended: [0.2, 0.9],
  ReviewRequired: [0.2, 0.95],
  ServiceRequired: [0.1, 0.95],
  InRepair: [0.1, 0.9],
  ReadyRepaired: [0.1, 0.9],
  Refurbishment: [0, 0.6],
  Lost: [0.1, 0.9],
  Retired: [0, 0.55],
};

/** Statuses whose sensor has a current installation. */
const CURRENT_INSTALL_STATUSES: readonly SensorStatus[] = [
  'Installed',
  'ContractTerminated',
  'ContractEnded',
  'Suspended',
];
const PRE_INSTALL_STATUSES: readonly SensorStatus[] = ['InProduction', 'Ready', 'ForInstallation', 'InShipping'];
/** Share of sensors in these statuses that had an installation in the past (now removed). */
const PAST_INSTALL_SHARE: Partial<Record<SensorStatus, number>> = {
  Retired: 0.6,
  ReviewRequired: 0.5,
  ServiceRequired: 0.5,
  InRepair: 0.45,
  ReadyRepaired: 0.4,
  Refurbishment: 0.4,
  Lost: 0.5,
};

const GAS_PARAMS = [
  ['no2', 10],
  ['o3', 6],
  ['so2', 3],
  ['co', 4],
  ['no', 3],
  ['h2s', 1],
] as const;

const SUSPENSION_REASONS = [
  'Construction work next to the sensor',
  'Sensor covered by scaffolding',
  'Calibration in progress',
  'Suspected dust from a nearby coal yard',
  'Readings disturbed by a chimney below the sensor',
  'Renovation of the facade',
] as const;

// prettier-ignore
const ALT_ADDRESSES = ['Budynek B, 2 piętro', 'Wejście od podwórza', 'Dach, obok masztu', 'Balkon od strony ulicy', 'Szkoła Podstawowa nr 12', 'Parking przy markecie', 'Przychodnia rejonowa', 'Remiza OSP', 'Boisko Orlik', 'Urząd Gminy, maszt flagowy'];

// ================================================================ helpers

function foldAscii(text: string): string {
  return text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function slug(text: string): string {
  return foldAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const withoutLegalForm = (name: string) => name.replace(/ (Sp\. z o\.o\.|S\.A\.|Sp\. j\.|s\.c\.|Sp\. k\.)$/, '');

function feminine(surname: string): string {
  if (surname.endsWith('ski')) return `${surname.slice(0, -3)}ska`;
  if (surname.endsWith('cki')) return `${surname.slice(0, -3)}cka`;
  if (surname.endsWith('dzki')) return `${surname.slice(0, -4)}dzka`;
  return surname;
}

interface Person {
  first: string;
  last: string;
  full: string;
}

function person(r: Prng): Person {
  const female = r.chance(0.5);
  const first = r.pick(female ? FEMALE_FIRST : MALE_FIRST);
  const base = r.pick(SURNAMES);
  const last = female ? feminine(base) : base;
  return { first, last, full: `${first} ${last}` };
}

function personalEmail(r: Prng, p: Person, domain?: string): string {
  const f = slug(p.first);
  const l = slug(p.last);
  const local = r.weighted([
    [`${f}.${l}`, 5],
    [`${f[0]}.${l}`, 2],
    [`${f}${l}${r.int(1, 99)}`, 2],
    [`${l}.${f}`, 1],
  ] as const);
  return `${local}@${domain ?? r.pick(MAIL_PROVIDERS)}`;
}

function phone(r: Prng): string {
  return `+48 ${r.pick(['50', '51', '53', '57', '60', '66', '69', '72', '78', '79', '88'])}${r.int(0, 9)} ${pad(r.int(0, 999), 3)} ${pad(r.int(0, 999), 3)}`;
}

/** Counts → a shuffled list holding each value that many times. */
function fromCounts<T extends string>(r: Prng, counts: Record<T, number>): T[] {
  const out: T[] = [];
  for (const [value, n] of Object.entries(counts) as [T, number][]) for (let i = 0; i < n; i++) out.push(value);
  return r.shuffle(out);
}

/** n values where every weighted value appears at least once; the rest drawn by weight. */
function spread<T extends string>(r: Prng, weights: Readonly<Record<T, number>>, n: number): T[] {
  const out = Object.keys(weights) as T[];
  while (out.length < n) out.push(r.weightedKey(weights));
  return r.shuffle(out);
}

const sortByParamOrder = (params: Iterable<string>) =>
  [...new Set(params)].sort((a, b) => MEASURED_PARAMS.indexOf(a as never) - MEASURED_PARAMS.indexOf(b as never));

function uniqueName(r: Prng, used: Set<string>, make: () => string): string {
  for (let i = 0; i < 50; i++) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const name = `${make()} ${used.size}`;
  used.add(name);
  return name;
}

// ================================================================ row shapes

interface SensorRec {
  id: number;
  sensorToken: string;
  communication: Communication;
  status: SensorStatus;
  measured: string[];
  contractorId: number | null;
  currentInstallationId: number | null;
  factors: FactorMap;
  firmwareVersion: string | null;
  createdAt: Date;
  retiredAt: Date | null;
  lastMeasurementAt: Date | null;
}

interface InstallationRec {
  id: number;
  installationId: number;
  predecessorId: number | null;
  successorId: number | null;
  sensorId: number;
  installationDate: Date;
  removedAt: Date | null;
  contractorId: number | null;
  status: string;
  providerOwned: boolean;
  isVisible: boolean;
  mamsl: number;
  latitude: number;
  longitude: number;
  country: string;
  countryLocal: string;
  countryId: string;
  state: string;
  stateLocal: string;
  stateId: string;
  city: string;
  cityLocal: string;
  cityId: string;
  street: string;
  streetLocal: string;
  streetId: string | null;
  number: string;
  numberLocal: string;
  numberId: string | null;
  alternativeAddress1: string | null;
  alternativeAddress2: string | null;
  visibleBy: string | null;
  contactFullName: string | null;
  contactEmail: string | null;
  contactPhoneNumber: string | null;
  date: Date;
  installationRequestId: number | null;
  measured: string[];
  factors: FactorMap;
  suspensions: Record<string, Suspension>;
}

interface ContractorRec {
  id: number;
  name: string;
  type: (typeof CONTRACTOR_TYPES)[number];
  logo: string | null;
  link: string | null;
  hsId: string | null;
  hsName: string | null;
  companyOwner: string | null;
  companyState: string | null;
  endOfDeal: string | null;
  customSla: boolean;
  activeSubscriptions: number;
  createdAt: Date;
}

interface TagRec {
  id: number;
  context: TagContext;
  name: string;
  type: TagType;
  values: string[];
  createdAt: Date;
}

interface Ctx {
  now: Date;
  nowMs: number;
  root: Prng;
  passwordHash: string;
  roleIds: Map<string, number>;
}

const agoMs = (c: Ctx, ms: number) => new Date(c.nowMs - Math.round(ms));

// ================================================================ the builder

function buildDemoData(opts: {
  now: Date;
  seed: number;
  passwordHash: string;
  roleIds: Map<string, number>;
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
    {
      name: 'installations',
      table: installations,
      rows: inst,
      afterInsert: (db) => linkCurrentInstallations(db, sensorRows),
    },
    { name: 'installation_history', table: installationHistory, rows: history },
    { name: 'measurement_summaries', table: measurementSummaries, rows: summaries },
    { name: 'installation_requests', table: installationRequests, rows: requests },
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
    { name: 'updater_sensors', table: updaterSensors, rows: firmware.updater },
    { name: 'audit_logs', table: auditLogs, rows: audit },
  ];
}

// ---------------------------------------------------------------- staff

interface StaffRec {
  id: number;
  name: string;
  displayName: string;
  email: string;
  avatar: string | null;
  passwordHash: string | null;
  oidcSubject: string | null;
  roleId: number;
  enabled: boolean;
  createdAt: Date;
  /** role name, not a column */
  role: string;
}

function buildStaff(c: Ctx): StaffRec[] {
  const r = c.root.fork('staff');
  const list: { name: string; displayName: string; role: string; password: boolean; enabled?: boolean }[] = [
    { name: 'admin', displayName: 'Ada Admin', role: 'admin', password: true },
    { name: 'viewer', displayName: 'Wiktor Viewer', role: 'viewer', password: true },
    { name: 'technician', displayName: 'Tomasz Technik', role: 'technician', password: true },
    { name: 'sales', displayName: 'Sara Sales', role: 'sales', password: true },
    { name: 'jan.nowak', displayName: 'Jan Nowak', role: DEFAULT_ROLE, password: false },
    { name: 'anna.kowalska', displayName: 'Anna Kowalska', role: DEFAULT_ROLE, password: false },
    { name: 'piotr.wisniewski', displayName: 'Piotr Wiśniewski', role: DEFAULT_ROLE, password: false },
    { name: 'magdalena.wojcik', displayName: 'Magdalena Wójcik', role: DEFAULT_ROLE, password: false },
    { name: 'krzysztof.kaminski', displayName: 'Krzysztof Kamiński', role: DEFAULT_ROLE, password: false },
    { name: 'ewa.lewandowska', displayName: 'Ewa Lewandowska', role: DEFAULT_ROLE, password: false, enabled: false },
    { name: 'michal.zielinski', displayName: 'Michał Zieliński', role: DEFAULT_ROLE, password: false },
    { name: 'karolina.szymanska', displayName: 'Karolina Szymańska', role: DEFAULT_ROLE, password: false },
  ];
  const ages = list.map(() => r.int(60, 1500)).sort((a, b) => b - a);
  return list.map((u, i) => {
    const roleId = c.roleIds.get(u.role);
    if (roleId === undefined) throw new Error(`seedDemo: role ${u.role} is missing`);
    return {
      id: i + 1,
      name: u.name,
      displayName: u.displayName,
      email: `${u.name}@${OPERATOR_DOMAIN}`,
      avatar: null,
      // The four demo logins share the hashed demo password; the others sign in through the provider.
      passwordHash: u.password ? c.passwordHash : null,
      oidcSubject: u.password ? null : `1${r.digits(20)}`,
      roleId,
      enabled: u.enabled ?? true,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
      role: u.role,
    };
  });
}

// ---------------------------------------------------------------- contractors

function buildContractors(c: Ctx): ContractorRec[] {
  const r = c.root.fork('contractors');
  const types = fromCounts(r, { INDIVIDUAL: 42, ACTION: 24, AMBASSADOR: 38, SMOGFIGHTER: 26 });
  const used = new Set<string>();
  const ages = types.map(() => r.int(30, 1700)).sort((a, b) => b - a);

  const company = () => {
    const pattern = r.int(0, 9);
    if (pattern < 6) return `${r.pick(COMPANY_PREFIX)}${r.pick(COMPANY_SUFFIX)} ${r.pick(LEGAL_FORMS)}`;
    if (pattern < 8) return `${r.pick(SURNAMES)} i Wspólnicy ${r.pick(LEGAL_FORMS)}`;
    return `PHU ${r.pick(SURNAMES)}`;
  };

  return types.map((type, i): ContractorRec => {
    const city = r.weighted(CITY_WEIGHTS);
    let name: string;
    let link: string | null = null;
    if (type === 'INDIVIDUAL') {
      name = uniqueName(r, used, () => person(r).full);
      if (r.chance(0.1)) link = `https://www.facebook.com/${slug(name).replace(/-/g, '.')}`;
    } else if (type === 'ACTION') {
      const kind = r.int(0, 5);
      name = uniqueName(r, used, () =>
        [
          () => `Gmina ${r.weighted(CITY_WEIGHTS).local}`,
          () => `Urząd Miasta ${r.weighted(CITY_WEIGHTS).local}`,
          () => `Szkoła Podstawowa nr ${r.int(1, 60)} im. ${r.pick(PATRONS)}`,
          () => `Akcja Czyste Powietrze ${r.weighted(CITY_WEIGHTS).local}`,
          () =>
            `Budżet Obywatelski ${r.weighted(CITY_WEIGHTS).local} ${new Date(c.nowMs).getUTCFullYear() - r.int(0, 3)}`,
          () => `Przedszkole Miejskie nr ${r.int(1, 40)}`,
        ][kind]!(),
      );
      link =
        kind <= 1
          ? `https://www.${slug(
              name
                .split(' ')
                .slice(kind === 0 ? 1 : 2)
                .join(' '),
            )}.pl`
          : null;
    } else if (type === 'AMBASSADOR') {
      name = uniqueName(r, used, company);
      link = `https://www.${slug(withoutLegalForm(name)).replace(/-/g, '')}.pl`;
    } else if (r.chance(0.55)) {
      name = uniqueName(r, used, () =>
        r.pick([
          `Stowarzyszenie Czyste Powietrze ${city.local}`,
          `Fundacja Oddychaj ${city.local}`,
          `Inicjatywa Antysmogowa ${city.local}`,
          `Ruch Miejski ${city.local}`,
          `Zielony ${city.local}`,
        ]),
      );
      link = `https://${slug(name)}.org.pl`;
    } else {
      name = uniqueName(r, used, () => person(r).full);
    }

    const crm = type === 'INDIVIDUAL' ? r.chance(0.1) : r.chance(0.65);
    const state = crm ? r.weightedKey({ ACTIVE: 60, INACTIVE: 18, ONBOARDING: 10, CHURNED: 12 }) : null;
    const endOfDeal = crm
      ? isoDay(c.nowMs + (state === 'ACTIVE' || state === 'ONBOARDING' ? r.int(-60, 720) : r.int(-500, -5)) * DAY)
      : null;
    return {
      id: i + 1,
      name,
      type,
      logo: null,
      link,
      hsId: crm ? r.digits(r.int(9, 11)) : null,
      hsName: crm ? (r.chance(0.3) ? name.toUpperCase() : name) : null,
      companyOwner: crm ? r.pick(COMPANY_OWNERS) : null,
      companyState: state,
      endOfDeal,
      customSla: crm && r.chance(0.18),
      activeSubscriptions:
        state === 'ACTIVE' ? r.int(1, type === 'INDIVIDUAL' ? 3 : 40) : r.chance(0.2) ? r.int(1, 2) : 0,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    };
  });
}

// ---------------------------------------------------------------- tags

interface TagDef {
  name: string;
  type: TagType;
  values?: readonly string[];
}

const TAG_DEFS: Record<TagContext, readonly TagDef[]> = {
  sensors: [
    { name: 'Production batch', type: 'STRING' },
    { name: 'PM sensor drift', type: 'FLOAT' },
    { name: 'Hardware revision', type: 'INTEGER' },
    { name: 'Service notes', type: 'TEXT' },
    { name: 'Heated inlet', type: 'BOOLEAN' },
    { name: 'Enclosure', type: 'ENUM', values: ['Compact', 'Industrial', 'Rooftop', 'Standard'] },
    { name: 'Firmware build', type: 'META' },
    { name: 'Warranty', type: 'BOOLEAN' },
    { name: 'SIM operator', type: 'ENUM', values: ['Orange', 'Play', 'Plus', 'T-Mobile'] },
  ],
  installations: [
    { name: 'Mounting', type: 'ENUM', values: ['Balcony', 'Pole', 'Roof', 'Wall', 'Window'] },
    { name: 'Height above ground (m)', type: 'FLOAT' },
    { name: 'Floor', type: 'INTEGER' },
    { name: 'Access instructions', type: 'TEXT' },
    { name: 'Near busy road', type: 'BOOLEAN' },
    { name: 'Site owner', type: 'STRING' },
    { name: 'Provisioning batch', type: 'META' },
    { name: 'Power source', type: 'ENUM', values: ['Battery', 'Mains', 'PoE', 'Solar'] },
  ],
  contractors: [
    { name: 'Segment', type: 'ENUM', values: ['Business', 'Municipality', 'NGO', 'Private', 'School'] },
    { name: 'Contract number', type: 'STRING' },
    { name: 'Discount (%)', type: 'FLOAT' },
    { name: 'Sensors ordered', type: 'INTEGER' },
    { name: 'Account notes', type: 'TEXT' },
    { name: 'Newsletter consent', type: 'BOOLEAN' },
    { name: 'CRM sync', type: 'META' },
  ],
};

function buildTags(c: Ctx): TagRec[] {
  const r = c.root.fork('tags');
  const out: TagRec[] = [];
  for (const context of TAG_CONTEXTS) {
    for (const def of TAG_DEFS[context]) {
      out.push({
        id: out.length + 1,
        context,
        name: def.name,
        type: def.type,
        values: def.values ? [...def.values].sort() : [],
        createdAt: agoMs(c, (900 - out.length * 25) * DAY + r.int(0, DAY)),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- sensors

function buildSensors(c: Ctx, contractorRows: ContractorRec[]): SensorRec[] {
  const r = c.root.fork('sensors');
  const statuses = fromCounts(r, SENSOR_STATUS_COUNTS);
  // Older sensors first: ids grow with creation time, statuses fit the sensor's age.
  const aged = statuses
    .map((status) => {
      const [lo, hi] = SENSOR_AGE[status];
      return { status, age: r.float(lo, hi) };
    })
    .sort((a, b) => a.age - b.age);
  const communications = spread(r, { GSM: 46, WIFI: 34, NBIOT: 8, LORA: 7, OTHER: 5 }, aged.length);
  const start = c.nowMs - 1800 * DAY;
  const end = c.nowMs - 2 * DAY;
  const tokens = new Set<string>();
  const clientContractors = contractorRows.map((x) => x.id);

  return aged.map(({ status, age }, i): SensorRec => {
    const communication = communications[i]!;
    let token = r.hex(32);
    while (tokens.has(token)) token = r.hex(32);
    tokens.add(token);

    const measured = r.chance(0.25)
      ? sortByParamOrder([...DEFAULT_MEASURED, ...Array.from({ length: r.int(1, 3) }, () => r.weighted(GAS_PARAMS))])
      : [...DEFAULT_MEASURED];
    const factors: FactorMap = {};
    if (r.chance(0.35)) {
      for (const p of r.sample(FACTOR_PARAMS, r.int(1, 3))) factors[p] = randomFactors(r, p);
    }
    const firmwareVersion =
      status === 'InProduction' && r.chance(0.5) ? null : pickFirmware(r, c, communication, c.nowMs);
    const hasContractor =
      status === 'Retired'
        ? false
        : CURRENT_INSTALL_STATUSES.includes(status)
          ? r.chance(0.94)
          : PRE_INSTALL_STATUSES.includes(status)
            ? r.chance(0.45)
            : r.chance(0.7);
    return {
      id: i + 1,
      sensorToken: token,
      communication,
      status,
      measured,
      contractorId: hasContractor ? r.pick(clientContractors) : null,
      currentInstallationId: null,
      factors,
      firmwareVersion,
      createdAt: new Date(Math.round(start + age * (end - start))),
      retiredAt: null,
      lastMeasurementAt: null,
    };
  });
}

/**
 * A firmware version of the sensor's family released before `beforeMs` (and, when given, not
 * before `sinceMs`), weighted by fleet share.
 */
function pickFirmware(r: Prng, c: Ctx, comm: Communication, beforeMs: number, sinceMs = -Infinity): string {
  const list = FIRMWARE_RELEASES[firmwareFamilyOf(comm)];
  const releasedMs = (v: { ageDays: number }) => c.nowMs - v.ageDays * DAY;
  let released = list.filter((v) => v.weight > 0 && releasedMs(v) <= beforeMs && releasedMs(v) >= sinceMs);
  if (released.length === 0) released = list.filter((v) => v.weight > 0 && releasedMs(v) <= beforeMs);
  if (released.length === 0) return list[0]!.version;
  return r.weighted(released.map((v) => [v.version, v.weight] as const));
}

function releasedAt(c: Ctx, comm: Communication, version: string): number {
  const v = FIRMWARE_RELEASES[firmwareFamilyOf(comm)].find((x) => x.version === version);
  return v ? c.nowMs - v.ageDays * DAY : 0;
}

function randomFactors(r: Prng, param: string): Factors {
  switch (param) {
    case 'temperature':
      return { A: r.float(-2.5, 1, 2), B: r.float(0.95, 1.05, 3), C: 0 };
    case 'humidity':
      return { A: r.float(-6, 6, 2), B: r.float(0.9, 1.1, 3), C: 0 };
    case 'pressure':
      return { A: r.float(-3, 3, 2), B: 1, C: 0 };
    default:
      return { A: r.float(-4, 4, 2), B: r.float(0.8, 1.2, 3), C: r.float(-0.002, 0.002, 4) };
  }
}

// ---------------------------------------------------------------- installations

interface Placement {
  city: City;
  street: string;
  number: string;
  latitude: number;
  longitude: number;
  mamsl: number;
  numberId: string | null;
}

function streetId(city: City, street: string): string {
  return `W${100_000_000 + (hashString(`${city.osm}|${street}`) % 900_000_000)}`;
}

function place(r: Prng, city: City): Placement {
  const streets = city.streets && r.chance(0.55) ? city.streets : COMMON_STREETS;
  const street = r.pick(streets);
  let number = String(
    r.weighted([
      [r.int(1, 40), 6],
      [r.int(41, 180), 3],
    ] as const),
  );
  if (r.chance(0.12)) number += r.pick(['A', 'B', 'C']);
  if (r.chance(0.08)) number += `/${r.int(1, 60)}`;
  const jitter = () => (r.next() + r.next() - 1) * city.radius;
  return {
    city,
    street,
    number,
    latitude: roundTo(city.lat + jitter(), 6),
    longitude: roundTo(city.lon + jitter() * 1.6, 6),
    mamsl: roundTo(city.elev + r.float(-12, 25), 1),
    numberId: r.chance(0.3) ? `N${r.digits(10)}` : null,
  };
}

interface InstallationDraft {
  rec: Omit<InstallationRec, 'id' | 'installationId' | 'predecessorId' | 'successorId' | 'date'>;
  predecessor: InstallationDraft | null;
  successor: InstallationDraft | null;
  current: boolean;
}

function buildInstallations(c: Ctx, sensorRows: SensorRec[], contractorRows: ContractorRec[]): InstallationRec[] {
  const r = c.root.fork('installations');
  const drafts: InstallationDraft[] = [];
  const contractorIds = contractorRows.map((x) => x.id);

  const makeDraft = (
    sensor: SensorRec,
    p: Placement,
    installationDate: Date,
    status: string,
    current: boolean,
  ): InstallationDraft => {
    const v = VOIVODESHIPS[p.city.voiv];
    const hasContact = r.chance(0.45);
    const contact = hasContact ? person(r) : null;
    const suspensions: Record<string, Suspension> = {};
    if (current && r.chance(0.04)) {
      for (const param of r.sample(sensor.measured, r.int(1, 2))) {
        const from = c.nowMs - r.int(1, 40) * DAY - r.int(0, 23) * HOUR;
        suspensions[param] = {
          suspended: true,
          suspendedFrom: new Date(from).toISOString(),
          suspendedTill: r.chance(0.5) ? new Date(from + r.int(7, 60) * DAY).toISOString() : null,
          reason: r.pick(SUSPENSION_REASONS),
        };
      }
    } else if (r.chance(0.02)) {
      suspensions[r.pick(sensor.measured)] = {
        suspended: false,
        suspendedFrom: null,
        suspendedTill: null,
        reason: null,
      };
    }
    const visibleDefault = sensor.status === 'Installed' ? 0.93 : current ? 0.35 : 0.85;
    return {
      rec: {
        sensorId: sensor.id,
        installationDate,
        removedAt: null,
        contractorId: sensor.contractorId ?? (r.chance(0.5) ? r.pick(contractorIds) : null),
        status,
        providerOwned: r.chance(0.08),
        isVisible: r.chance(visibleDefault),
        mamsl: p.mamsl,
        latitude: p.latitude,
        longitude: p.longitude,
        country: 'Poland',
        countryLocal: 'Polska',
        countryId: 'R49715',
        state: v.en,
        stateLocal: v.pl,
        stateId: v.osm,
        city: p.city.en,
        cityLocal: p.city.local,
        cityId: p.city.osm,
        street: foldAscii(p.street),
        streetLocal: p.street,
        streetId: r.chance(0.9) ? streetId(p.city, p.street) : null,
        number: p.number,
        numberLocal: p.number,
        numberId: p.numberId,
        alternativeAddress1: r.chance(0.15) ? r.pick(ALT_ADDRESSES) : null,
        alternativeAddress2: r.chance(0.05) ? `Kontakt przez portiernię, wew. ${r.int(100, 999)}` : null,
        visibleBy: r.chance(0.12) ? personalEmail(r, person(r)) : null,
        contactFullName: contact ? contact.full : null,
        contactEmail: contact && r.chance(0.85) ? personalEmail(r, contact) : null,
        contactPhoneNumber: contact && r.chance(0.75) ? phone(r) : null,
        installationRequestId: null,
        measured: [...sensor.measured],
        factors: structuredClone(sensor.factors),
        suspensions,
      },
      predecessor: null,
      successor: null,
      current,
    };
  };

  // Sensors with a current installation; about a hundred of them were moved before.
  const currentSensors = sensorRows.filter((s) => CURRENT_INSTALL_STATUSES.includes(s.status));
  const movable = r.shuffle(currentSensors.filter((s) => s.createdAt.getTime() < c.nowMs - 220 * DAY));
  const chainLength = new Map<number, number>();
  movable.slice(0, 90).forEach((s, i) => chainLength.set(s.id, i < 10 ? 3 : 2));

  for (const sensor of currentSensors) {
    const n = chainLength.get(sensor.id) ?? 1;
    const from = sensor.createdAt.getTime() + r.int(3, 30) * DAY;
    const to = c.nowMs - r.int(1, 3) * DAY;
    const dates = [
      from,
      ...Array.from({ length: n - 1 }, () => r.float(from + 30 * DAY, Math.max(from + 31 * DAY, to))),
    ]
      .map((ms) => Math.min(ms, to))
      .sort((a, b) => a - b)
      .map((ms) => new Date(Math.round(ms)));
    if (n === 1) dates[0] = new Date(Math.min(from, to));
    let prev: InstallationDraft | null = null;
    let city = r.weighted(CITY_WEIGHTS);
    for (let k = 0; k < n; k++) {
      if (k > 0 && r.chance(0.45)) city = r.weighted(CITY_WEIGHTS);
      const last = k === n - 1;
      const d = makeDraft(sensor, place(r, city), dates[k]!, last ? sensor.status : 'Installed', last);
      if (!last && r.chance(0.2)) d.rec.contractorId = r.pick(contractorIds);
      if (prev) {
        prev.successor = d;
        prev.rec.removedAt = d.rec.installationDate;
        d.predecessor = prev;
      }
      drafts.push(d);
      prev = d;
    }
  }

  // Sensors now in service, lost or retired: many had an installation that was removed.
  for (const sensor of sensorRows) {
    const share = PAST_INSTALL_SHARE[sensor.status];
    const created = sensor.createdAt.getTime();
    if (sensor.status === 'Retired') {
      sensor.retiredAt = new Date(Math.round(r.float(Math.min(created + 200 * DAY, c.nowMs - 5 * DAY), c.nowMs - DAY)));
    }
    if (share === undefined || !r.chance(share)) continue;
    const endMs = sensor.retiredAt ? sensor.retiredAt.getTime() - DAY : c.nowMs - 2 * DAY;
    const startMs = Math.min(created + r.int(3, 30) * DAY, endMs - 20 * DAY);
    const installed = r.float(startMs, Math.max(startMs + DAY, endMs - 15 * DAY));
    const removed = r.float(installed + 10 * DAY, Math.max(installed + 11 * DAY, endMs));
    const d = makeDraft(
      sensor,
      place(r, r.weighted(CITY_WEIGHTS)),
      new Date(Math.round(installed)),
      sensor.status,
      false,
    );
    d.rec.removedAt = new Date(Math.round(Math.min(removed, c.nowMs - DAY)));
    d.rec.isVisible = false;
    drafts.push(d);
  }

  // Row ids and business numbers grow with the installation date.
  drafts.sort(
    (a, b) => a.rec.installationDate.getTime() - b.rec.installationDate.getTime() || a.rec.sensorId - b.rec.sensorId,
  );
  const ids = new Map<InstallationDraft, number>();
  let business = 1000;
  const rows: InstallationRec[] = drafts.map((d, i) => {
    ids.set(d, i + 1);
    if (i > 0)
      business += r.weighted([
        [1, 80],
        [2, 10],
        [r.int(3, 9), 10],
      ] as const);
    return {
      id: i + 1,
      installationId: business,
      predecessorId: null,
      successorId: null,
      date: d.rec.installationDate,
      ...d.rec,
    };
  });
  drafts.forEach((d, i) => {
    const row = rows[i]!;
    row.predecessorId = d.predecessor ? ids.get(d.predecessor)! : null;
    row.successorId = d.successor ? ids.get(d.successor)! : null;
    if (d.current) sensorRows[row.sensorId - 1]!.currentInstallationId = row.id;
  });

  // Last measurement per sensor, consistent with its state; sensors that stopped reporting keep
  // a firmware released while they were still alive.
  const fit = c.root.fork('firmware-fit');
  for (const sensor of sensorRows) {
    sensor.lastMeasurementAt = lastMeasurement(r, c, sensor, rows);
    if (!sensor.firmwareVersion || CURRENT_INSTALL_STATUSES.includes(sensor.status)) continue;
    const aliveMs =
      sensor.retiredAt?.getTime() ?? sensor.lastMeasurementAt?.getTime() ?? sensor.createdAt.getTime() + 2 * DAY;
    if (releasedAt(c, sensor.communication, sensor.firmwareVersion) > aliveMs) {
      sensor.firmwareVersion = pickFirmware(fit, c, sensor.communication, aliveMs);
    }
  }
  return rows;
}

function lastMeasurement(r: Prng, c: Ctx, sensor: SensorRec, rows: InstallationRec[]): Date | null {
  const ago = (ms: number) => new Date(c.nowMs - Math.round(ms));
  const current = sensor.currentInstallationId ? rows[sensor.currentInstallationId - 1]! : null;
  if (current) {
    const sinceInstall = c.nowMs - current.installationDate.getTime();
    const pick = (ms: number) => ago(Math.min(ms, sinceInstall - HOUR));
    switch (sensor.status) {
      case 'Installed':
        return r.weighted<() => Date | null>([
          [() => pick(r.float(0.2, 12) * MINUTE), 82],
          [() => pick(r.float(21, 480) * MINUTE), 8],
          [() => pick(r.float(1, 10) * DAY), 8],
          [() => null, 2],
        ])();
      case 'Suspended':
        return r.chance(0.5) ? pick(r.float(0.5, 15) * MINUTE) : pick(r.float(1, 20) * DAY);
      default:
        return r.chance(0.3) ? pick(r.float(0.5, 15) * MINUTE) : pick(r.float(3, 60) * DAY);
    }
  }
  const past = rows.filter((x) => x.sensorId === sensor.id && x.removedAt);
  const lastRemoved = past.length ? past[past.length - 1]!.removedAt : null;
  if (lastRemoved) return new Date(lastRemoved.getTime() - Math.round(r.float(0.1, 48) * HOUR));
  if (sensor.status === 'InProduction') return null;
  // Factory test run shortly after production.
  return r.chance(0.4) ? new Date(sensor.createdAt.getTime() + Math.round(r.float(1, 48) * HOUR)) : null;
}

// ---------------------------------------------------------------- installation requests

// prettier-ignore
const REQUEST_NOTES = {
  pl: ['Proszę o kontakt przed montażem, domofon nie działa.', 'Czujnik ma być zamontowany na balkonie na 3 piętrze.', 'Montaż możliwy tylko w weekend.', 'Mamy gniazdko na zewnątrz budynku.', 'Szkoła chce pokazywać dane uczniom na tablicy.', 'Przenosimy czujnik na drugą stronę budynku, od ulicy.', 'Wi-Fi w zasięgu, hasło podamy na miejscu.', null],
  en: ['Please call before arrival, the gate is locked.', 'We would like the sensor on the roof terrace.', 'Installation only possible on weekdays after 4 pm.', 'We are moving office, please reinstall at the new address.', 'Power outlet available on the balcony.', null],
} as const;
// prettier-ignore
const STAFF_NOTES = ['Called the client, waiting for photos of the balcony.', 'Technician scheduled for next week.', 'No Wi-Fi coverage at the location, offered a GSM sensor.', 'Duplicate of an earlier request.', 'Client asked to postpone until spring.', 'Location too close to a chimney, asked for another spot.', 'Confirmed by phone.', 'Contract not signed yet.'];

function buildRequests(c: Ctx, sensorRows: SensorRec[], inst: InstallationRec[], contractorRows: ContractorRec[]) {
  const r = c.root.fork('requests');
  const states = fromCounts(r, { WAITING: 24, HOLD: 16, REJECTED: 14, DONE: 26 } satisfies Record<
    (typeof REQUEST_STATES)[number],
    number
  >);
  const clientTypes = spread(r, { ECOMMERCE: 45, ENTERPRISE: 20, PARTNER: 25, EMPTY: 10 }, states.length);
  const businesses = contractorRows.filter((x) => x.type !== 'INDIVIDUAL').map((x) => x.id);
  const individuals = contractorRows.filter((x) => x.type === 'INDIVIDUAL').map((x) => x.id);
  const waitingSensors = sensorRows
    .filter((s) => ['Ready', 'ForInstallation', 'InShipping'].includes(s.status))
    .map((s) => s.id);
  const installedSensors = sensorRows.filter((s) => s.status === 'Installed').map((s) => s.id);
  const recent = inst.filter((x) => x.removedAt === null && x.installationDate.getTime() > c.nowMs - 400 * DAY);
  const doneMoved = r.shuffle(recent.filter((x) => x.predecessorId !== null));
  const doneNew = r.shuffle(recent.filter((x) => x.predecessorId === null));

  type Draft = Omit<typeof installationRequests.$inferInsert, 'id'> & {
    createdAt: Date;
    linked: InstallationRec | null;
  };
  const drafts: Draft[] = states.map((state, i): Draft => {
    const clientType = clientTypes[i]!;
    const language = r.chance(0.65) ? 'pl' : 'en';
    const who = person(r);
    let linked: InstallationRec | null = null;
    let requestType: (typeof REQUEST_TYPES)[number];
    if (state === 'DONE') {
      requestType = doneMoved.length > 0 && r.chance(0.35) ? 'REINSTALLATION' : 'INSTALLATION';
      linked = (requestType === 'REINSTALLATION' ? doneMoved.pop() : doneNew.pop()) ?? doneNew.pop() ?? null;
    } else {
      requestType = r.chance(0.3) ? 'REINSTALLATION' : 'INSTALLATION';
    }
    const linkedCityId = linked?.cityId;
    const city = linkedCityId ? CITIES.find((x) => x.osm === linkedCityId)! : r.weighted(CITY_WEIGHTS);
    const p = place(r, city);
    const street = linked ? linked.streetLocal : p.street;
    const number = linked ? linked.numberLocal : p.number;
    const lat = linked ? roundTo(linked.latitude + r.float(-0.0004, 0.0004), 6) : p.latitude;
    const lon = linked ? roundTo(linked.longitude + r.float(-0.0006, 0.0006), 6) : p.longitude;
    const createdMs = linked
      ? linked.installationDate.getTime() - r.int(3, 40) * DAY - r.int(0, 23) * HOUR
      : state === 'WAITING'
        ? c.nowMs - r.float(0.1, 45) * DAY
        : state === 'HOLD'
          ? c.nowMs - r.float(5, 120) * DAY
          : c.nowMs - r.float(20, 400) * DAY;
    const createdAt = new Date(Math.round(createdMs));
    const updatedAt = linked
      ? linked.installationDate
      : state === 'WAITING'
        ? createdAt
        : new Date(Math.round(r.float(createdMs + HOUR, Math.min(c.nowMs, createdMs + 20 * DAY))));
    const sensorId = linked
      ? linked.sensorId
      : requestType === 'REINSTALLATION'
        ? r.pick(installedSensors)
        : r.chance(0.6)
          ? r.pick(waitingSensors)
          : null;
    const contractorId = linked
      ? linked.contractorId
      : clientType === 'PARTNER' || clientType === 'ENTERPRISE'
        ? r.pick(businesses)
        : clientType === 'ECOMMERCE' && r.chance(0.3)
          ? r.pick(individuals)
          : null;
    const notes = r.pick(REQUEST_NOTES[language]);
    return {
      sensorId,
      requestType,
      clientType,
      createdAt,
      address: `${street} ${number}, ${r.pick(city.postal)}-${pad(r.int(0, 999), 3)} ${city.local}`,
      latitude: lat,
      longitude: lon,
      locationFromAddress: r.chance(0.4),
      email: personalEmail(r, who),
      phone: r.chance(0.85) ? phone(r) : null,
      language,
      contractorId,
      notes,
      staffNotes:
        state !== 'WAITING' && r.chance(0.55)
          ? r.pick(STAFF_NOTES)
          : state === 'WAITING' && r.chance(0.15)
            ? r.pick(STAFF_NOTES)
            : null,
      state,
      updatedAt,
      linked,
    };
  });
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return drafts.map(({ linked, ...row }, i) => {
    const id = i + 1;
    if (linked) linked.installationRequestId = id;
    return { id, ...row };
  });
}

// ---------------------------------------------------------------- tag values

function buildTagValues(
  c: Ctx,
  tagRows: TagRec[],
  sensorRows: SensorRec[],
  inst: InstallationRec[],
  contractorRows: ContractorRec[],
) {
  const r = c.root.fork('tag-values');
  const byContext = (ctx: TagContext) => tagRows.filter((t) => t.context === ctx);
  const bool = (): boolean | null => (r.chance(0.85) ? r.chance(0.6) : null);
  const sensorsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const installationsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const contractorsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const byInstallation = new Map<number, Record<string, TagValue>>();

  for (const s of sensorRows) {
    for (const tag of byContext('sensors')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Production batch':
          if (r.chance(0.6))
            value = `B${s.createdAt.getUTCFullYear()}-${pad(Math.ceil((s.createdAt.getUTCMonth() + 1) * 4.3), 2)}`;
          break;
        case 'PM sensor drift':
          if (r.chance(0.25)) value = r.float(-4, 4, 2);
          break;
        case 'Hardware revision':
          if (r.chance(0.5))
            value = s.createdAt.getTime() > c.nowMs - 500 * DAY ? r.pick([4, 5]) : r.pick([2, 3, 3, 4]);
          break;
        case 'Service notes':
          if (!PRE_INSTALL_STATUSES.includes(s.status) && s.status !== 'Installed' ? r.chance(0.6) : r.chance(0.05))
            value = r.pick([
              'Replaced the PM sensor fan.',
              'Water inside the enclosure, dried and resealed.',
              'Modem antenna loose, fixed on site.',
              'Returned by the client, no visible damage.',
              'Humidity readings stuck at 100%, board replaced.',
              'Sensor unreachable since the storm, power supply checked.',
            ]);
          break;
        case 'Heated inlet':
          if (r.chance(0.4)) value = bool();
          break;
        case 'Warranty':
          if (r.chance(0.45)) value = s.createdAt.getTime() > c.nowMs - 730 * DAY ? r.chance(0.9) : bool();
          break;
        case 'Enclosure':
          if (r.chance(0.55)) value = r.weightedKey({ Standard: 6, Compact: 2, Industrial: 1, Rooftop: 1 });
          break;
        case 'SIM operator':
          if ((s.communication === 'GSM' || s.communication === 'NBIOT') && r.chance(0.8)) value = r.pick(tag.values);
          break;
        case 'Firmware build':
          if (s.firmwareVersion && r.chance(0.7))
            value = `fw-build-${s.firmwareVersion.replace(/\./g, '')}-${r.hex(7)}`;
          break;
      }
      if (value !== undefined) sensorsOut.push({ entityId: s.id, tagId: tag.id, value });
    }
  }

  for (const x of inst) {
    const tagsOf: Record<string, TagValue> = {};
    for (const tag of byContext('installations')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Mounting':
          if (r.chance(0.6)) value = r.weightedKey({ Balcony: 5, Wall: 4, Pole: 2, Roof: 2, Window: 1 });
          break;
        case 'Height above ground (m)':
          if (r.chance(0.45)) value = r.float(1.5, 24, 1);
          break;
        case 'Floor':
          if (r.chance(0.35))
            value = r.weighted([
              [0, 2],
              [r.int(1, 4), 6],
              [r.int(5, 12), 2],
            ] as const);
          break;
        case 'Access instructions':
          if (r.chance(0.15))
            value = r.pick([
              'Key at the reception desk.',
              'Ladder needed, 4 m.',
              'Call the caretaker 30 minutes before.',
              'Access through the school gym, weekdays only.',
              'Roof hatch on the 5th floor, code 2417.',
            ]);
          break;
        case 'Near busy road':
          if (r.chance(0.4)) value = bool();
          break;
        case 'Site owner':
          if (r.chance(0.3))
            value = r.chance(0.5) ? person(r).full : `Wspólnota Mieszkaniowa ${x.streetLocal} ${x.numberLocal}`;
          break;
        case 'Provisioning batch':
          if (r.chance(0.5))
            value = `prov-${isoDay(x.installationDate.getTime()).slice(0, 7).replace('-', '')}-${r.hex(6)}`;
          break;
        case 'Power source':
          if (r.chance(0.5)) value = r.weightedKey({ Mains: 8, Solar: 2, PoE: 1, Battery: 1 });
          break;
      }
      if (value !== undefined) {
        installationsOut.push({ entityId: x.id, tagId: tag.id, value });
        tagsOf[String(tag.id)] = value;
      }
    }
    byInstallation.set(x.id, tagsOf);
  }

  const segmentOf: Record<ContractorRec['type'], readonly string[]> = {
    INDIVIDUAL: ['Private'],
    ACTION: ['Municipality', 'School'],
    AMBASSADOR: ['Business'],
    SMOGFIGHTER: ['NGO', 'Private'],
  };
  for (const x of contractorRows) {
    for (const tag of byContext('contractors')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Segment':
          if (r.chance(0.75)) value = r.pick(segmentOf[x.type]);
          break;
        case 'Contract number':
          if (x.hsId && r.chance(0.8)) value = `UM/${x.createdAt.getUTCFullYear()}/${r.int(100, 999)}`;
          break;
        case 'Discount (%)':
          if (r.chance(0.3)) value = r.pick([5, 7.5, 10, 12.5, 15, 20]);
          break;
        case 'Sensors ordered':
          if (r.chance(0.5)) value = x.type === 'INDIVIDUAL' ? r.int(1, 3) : r.int(2, 180);
          break;
        case 'Account notes':
          if (r.chance(0.25))
            value = r.pick([
              'Prefers contact by e-mail.',
              'Invoices to the accounting department.',
              'Interested in the data API.',
              'Renewal negotiated with a 10% discount.',
              'Municipal tender planned for next year.',
            ]);
          break;
        case 'Newsletter consent':
          if (r.chance(0.5)) value = bool();
          break;
        case 'CRM sync':
          if (x.hsId) value = `crm-sync-${isoDay(c.nowMs - r.int(0, 30) * DAY)}-${r.hex(6)}`;
          break;
      }
      if (value !== undefined) contractorsOut.push({ entityId: x.id, tagId: tag.id, value });
    }
  }
  return { sensors: sensorsOut, installations: installationsOut, contractors: contractorsOut, byInstallation };
}

// ---------------------------------------------------------------- installation history

type ChangeKind = 'contact' | 'visibility' | 'altAddress' | 'visibleBy' | 'factors' | 'address';

/**
 * One snapshot when the installation was created, one per later change (walking forward from an
 * earlier state to the current row), and one when it was removed.
 */
function buildHistory(c: Ctx, inst: InstallationRec[], tagsByInstallation: Map<number, Record<string, TagValue>>) {
  const r = c.root.fork('history');
  const out: {
    installationId: number;
    sensorId: number;
    contractorId: number | null;
    changedAt: Date;
    snapshot: Record<string, unknown>;
  }[] = [];
  for (const x of inst) {
    const tagsOf = tagsByInstallation.get(x.id) ?? {};
    const endMs = (x.removedAt ?? c.now).getTime();
    const span = endMs - x.installationDate.getTime();
    const kinds: ChangeKind[] =
      span > 2 * DAY && r.chance(0.38)
        ? r.sample(
            ['contact', 'visibility', 'altAddress', 'visibleBy', 'factors', 'address'] as const,
            r.weighted([
              [1, 6],
              [2, 3],
              [3, 1],
            ] as const),
          )
        : [];
    const times = kinds
      .map(() => Math.round(x.installationDate.getTime() + r.float(0.05, 0.95) * span))
      .sort((a, b) => a - b);

    // Earlier state: the fields each change touched, as they were before.
    const state: InstallationRec = { ...x, removedAt: null, successorId: null, date: x.installationDate };
    for (const kind of kinds) {
      switch (kind) {
        case 'contact':
          state.contactFullName = null;
          state.contactEmail = null;
          state.contactPhoneNumber = null;
          break;
        case 'visibility':
          state.isVisible = !x.isVisible;
          break;
        case 'altAddress':
          state.alternativeAddress1 = x.alternativeAddress1 ? null : r.pick(ALT_ADDRESSES);
          state.alternativeAddress2 = null;
          break;
        case 'visibleBy':
          state.visibleBy = x.visibleBy ? null : personalEmail(r, person(r));
          break;
        case 'factors':
          state.factors = {};
          break;
        case 'address':
          state.number = String(r.int(1, 60));
          state.numberLocal = state.number;
          state.numberId = null;
          break;
      }
    }
    const push = (when: Date) =>
      out.push({
        installationId: x.id,
        sensorId: x.sensorId,
        contractorId: state.contractorId,
        changedAt: when,
        snapshot: snapshotOf(state, tagsOf),
      });
    push(x.installationDate);
    kinds.forEach((kind, i) => {
      const when = new Date(times[i]!);
      state.date = when;
      switch (kind) {
        case 'contact':
          state.contactFullName = x.contactFullName;
          state.contactEmail = x.contactEmail;
          state.contactPhoneNumber = x.contactPhoneNumber;
          break;
        case 'visibility':
          state.isVisible = x.isVisible;
          break;
        case 'altAddress':
          state.alternativeAddress1 = x.alternativeAddress1;
          state.alternativeAddress2 = x.alternativeAddress2;
          break;
        case 'visibleBy':
          state.visibleBy = x.visibleBy;
          break;
        case 'factors':
          state.factors = structuredClone(x.factors);
          break;
        case 'address':
          state.number = x.number;
          state.numberLocal = x.numberLocal;
          state.numberId = x.numberId;
          break;
      }
      push(when);
    });
    if (x.removedAt) {
      state.removedAt = x.removedAt;
      state.successorId = x.successorId;
      state.date = x.removedAt;
      push(x.removedAt);
    }
    // The row's date is its last change.
    x.date = state.date;
  }
  out.sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime() || a.installationId - b.installationId);
  return out.map((h, i) => ({ id: i + 1, ...h }));
}

// ---------------------------------------------------------------- measurement summaries

const MONTHLY_MEAN_TEMPERATURE = [-1, 0, 4, 9, 14, 17, 19, 19, 14, 9, 4, 0];

function buildSummaries(c: Ctx, sensorRows: SensorRec[], inst: InstallationRec[]) {
  const r = c.root.fork('summaries');
  const nowHour = Math.floor(c.nowMs / HOUR);
  const meanTemp = MONTHLY_MEAN_TEMPERATURE[c.now.getUTCMonth()]!;
  const out: {
    sensorId: number;
    lastMeasurementAt: Date | null;
    values: Record<string, number>;
    activeHours: number[];
  }[] = [];
  for (const s of sensorRows) {
    if (s.currentInstallationId === null) continue;
    const values: Record<string, number> = {};
    if (s.lastMeasurementAt) {
      const pm25 = Math.min(250, Math.exp(r.normal(Math.log(16), 0.6)));
      for (const p of s.measured) {
        const v =
          p === 'pm25'
            ? pm25
            : p === 'pm10'
              ? pm25 * r.float(1.15, 1.7)
              : p === 'pm1'
                ? pm25 * r.float(0.55, 0.8)
                : p === 'no2'
                  ? r.float(5, 70)
                  : p === 'no'
                    ? r.float(0.5, 40)
                    : p === 'o3'
                      ? r.float(10, 110)
                      : p === 'so2'
                        ? r.float(0.5, 25)
                        : p === 'co'
                          ? r.float(150, 1200)
                          : p === 'h2s'
                            ? r.float(0.2, 8)
                            : p === 'temperature'
                              ? meanTemp + r.float(-6, 6)
                              : p === 'humidity'
                                ? r.float(35, 98)
                                : p === 'pressure'
                                  ? r.float(995, 1032)
                                  : r.float(0, 10);
        values[p] = roundTo(v, 2);
      }
    }
    const installedAt = inst[s.currentInstallationId - 1]!.installationDate;
    out.push({
      sensorId: s.id,
      lastMeasurementAt: s.lastMeasurementAt,
      values,
      activeHours: activeHours(r, nowHour, s.lastMeasurementAt, installedAt),
    });
  }
  return out;
}

/** Epoch hours (newest last) within the last 72 in which the sensor reported. */
function activeHours(r: Prng, nowHour: number, last: Date | null, installedAt: Date): number[] {
  if (!last) return [];
  const lastHour = Math.floor(last.getTime() / HOUR);
  const first = Math.max(nowHour - 71, Math.floor(installedAt.getTime() / HOUR));
  if (lastHour < first) return [];
  const pattern = r.weightedKey({ full: 70, gaps: 20, sparse: 10 });
  const start = pattern === 'full' || r.chance(0.7) ? first : r.int(first, lastHour);
  const gapStart = r.int(first, lastHour);
  const gapLength = r.int(2, 12);
  const out: number[] = [];
  for (let h = start; h <= lastHour; h++) {
    if (pattern === 'gaps' && h >= gapStart && h < gapStart + gapLength && h !== lastHour) continue;
    if (pattern === 'sparse' && h !== lastHour && !r.chance(0.4)) continue;
    out.push(h);
  }
  return out;
}

// ---------------------------------------------------------------- developer-portal users

function buildAdp(c: Ctx, contractorRows: ContractorRec[], inst: InstallationRec[]) {
  const r = c.root.fork('adp');
  const n = 90;
  const types = spread<(typeof ADP_USER_TYPES)[number]>(
    r,
    { CLIENT: 30, CLIENT_EXTRA_ACCESS: 12, END_CLIENT: 15, LEAD: 12, RESEARCHER: 12, INTERNAL_ACCOUNT: 9 },
    n,
  );
  const statuses = spread<(typeof ADP_USER_STATUSES)[number]>(r, { ENABLED: 60, NOT_ACTIVATED: 25, DISABLED: 15 }, n);
  const businesses = contractorRows.filter((x) => x.type !== 'INDIVIDUAL');
  const emails = new Set<string>();
  const ages = types.map(() => r.int(1, 900)).sort((a, b) => b - a);
  const visibleInstallations = inst.filter((x) => x.removedAt === null && x.isVisible);
  const reasons: Record<string, readonly string[]> = {
    CLIENT_EXTRA_ACCESS: [
      'Needs data from neighbouring municipalities for a joint report.',
      'Access to the regional network for the air-quality plan.',
    ],
    END_CLIENT: [
      'Resident who bought a sensor through a partner.',
      'Data for the school air-quality dashboard.',
      'Building manager monitoring the courtyard.',
    ],
    LEAD: [
      'Evaluating the API before a municipal tender.',
      'Interested in the enterprise plan for 40 locations.',
      'Demo requested at a trade fair.',
    ],
    RESEARCHER: [
      'PhD project on PM2.5 exposure of cyclists.',
      'Validation of satellite AOD retrievals against ground sensors.',
      'Study of heating-season smog episodes in Lesser Poland.',
      'Master thesis on low-cost sensor calibration.',
    ],
    INTERNAL_ACCOUNT: ['Monitoring dashboard of the operations team.'],
    CLIENT: ['Customer of the enterprise plan.'],
  };

  const users: (typeof adpUsers.$inferInsert & { id: number })[] = [];
  const trials: (typeof adpTrials.$inferInsert)[] = [];
  const access: (typeof adpAccessDefinitions.$inferInsert)[] = [];

  types.forEach((type, i) => {
    const id = i + 1;
    const p = person(r);
    const contractor =
      type === 'CLIENT' || type === 'CLIENT_EXTRA_ACCESS' || type === 'INTERNAL_ACCOUNT' ? r.pick(businesses) : null;
    const domain =
      type === 'INTERNAL_ACCOUNT'
        ? OPERATOR_DOMAIN
        : type === 'RESEARCHER'
          ? r.pick(UNIVERSITY_DOMAINS)
          : contractor?.link && r.chance(0.7)
            ? contractor.link.replace(/^https?:\/\/(www\.)?/, '')
            : undefined;
    let email = personalEmail(r, p, domain);
    while (emails.has(email)) email = `${email.split('@')[0]}${r.int(2, 99)}@${email.split('@')[1]}`;
    emails.add(email);

    const plan =
      type === 'INTERNAL_ACCOUNT'
        ? 'PLAN_ENTERPRISE'
        : type === 'RESEARCHER'
          ? r.weightedKey({ PLAN_RESEARCH: 6, PLAN_BASIC: 2, PLAN_TRIAL: 2 })
          : type === 'LEAD'
            ? r.weightedKey({ PLAN_TRIAL: 4, PLAN_ADVANCED: 3, PLAN_EMPTY: 2, PLAN_ENTERPRISE_TRIAL: 1 })
            : r.weightedKey({ PLAN_BASIC: 4, PLAN_ADVANCED: 4, PLAN_ENTERPRISE: 2, PLAN_EMPTY: 1 });
    const sector =
      type === 'RESEARCHER'
        ? 'academic'
        : type === 'INTERNAL_ACCOUNT'
          ? 'other-company'
          : r.weightedKey({
              public: 4,
              'smart-cities': 2,
              ngo: 2,
              industry: 2,
              telecommunication: 1,
              'other-company': 2,
              other: 1,
            });
    const indexType = r.weightedKey({
      AQ_INDEX: 8,
      AQ_CAQI: 4,
      AQ_US_AQI: 2,
      AQ_DAQI: 1,
      AQ_PIJP: 1,
      MONGOLIAN_AQI: 1,
    });
    const country = indexType === 'MONGOLIAN_AQI' ? 'MN' : r.weightedKey(ADP_SETTINGS.countries);
    const language = country === 'PL' ? (r.chance(0.7) ? 'pl' : 'en') : 'en';
    const timeZone =
      country === 'PL'
        ? r.chance(0.8)
          ? 'Europe/Warsaw'
          : 'UTC'
        : country === 'MN'
          ? 'Asia/Ulaanbaatar'
          : r.pick(ADP_SETTINGS.timeZones);
    const settings = {
      country,
      language,
      timeZone,
      indexType,
      aqiLevelLimit: r.pick(ADP_SETTINGS.indexTypes[indexType]!),
      standardType: r.weightedKey({ WHO: 6, POLISH: 3, DEFRA: 1 }),
      sensorOutAlertEnabled: r.chance(0.6),
      aqiExceededAlertEnabled: r.chance(0.5),
      weeklyEmailEnabled: r.chance(0.4),
      monthlyEmailEnabled: r.chance(0.55),
      sector,
      yourGoals: r.chance(0.1)
        ? 'other:school air-quality education programme'
        : r.pick(ADP_SETTINGS.goals.filter((g) => g !== 'other')),
      industry: r.chance(0.08)
        ? 'other:environmental consulting'
        : r.pick(ADP_SETTINGS.industries.filter((g) => g !== 'other')),
      avatar: r.chance(0.3) ? 'default' : (SECTOR_AVATAR[sector] ?? 'default'),
    };
    const nickname =
      type === 'INTERNAL_ACCOUNT'
        ? `${p.first} (${r.pick(['ops', 'data team', 'support'])})`
        : r.chance(0.8)
          ? p.full
          : `${p.first} ${p.last[0]}.`;
    users.push({
      id,
      nickname,
      email,
      status: statuses[i]!,
      planName: plan,
      contractorId: contractor?.id ?? null,
      type,
      reason: type === 'CLIENT' && r.chance(0.7) ? null : r.pick(reasons[type]!),
      settings,
      passwordHash: null,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    });

    const onTrial =
      plan === 'PLAN_TRIAL' ||
      plan === 'PLAN_ENTERPRISE_TRIAL' ||
      (plan === 'PLAN_ADVANCED' && r.chance(0.5)) ||
      (plan === 'PLAN_ENTERPRISE' && type !== 'INTERNAL_ACCOUNT' && r.chance(0.3));
    if (onTrial && statuses[i] !== 'DISABLED') {
      trials.push({
        userId: id,
        trialPlanName: plan,
        postTrialPlanName: r.weightedKey({
          PLAN_EMPTY: 6,
          PLAN_BASIC: 3,
          PLAN_RESEARCH: type === 'RESEARCHER' ? 4 : 0.01,
        }),
        endDate: isoDay(c.nowMs + r.int(-10, 30) * DAY),
      });
    }

    const defIds = new Set<number>();
    const nextDefId = () => {
      let v = r.int(1000, 10000);
      while (defIds.has(v)) v = r.int(1000, 10000);
      defIds.add(v);
      return v;
    };
    if (contractor) {
      access.push({
        userId: id,
        id: nextDefId(),
        sponsorId: contractor.id,
        osmId: null,
        installationId: null,
        visibility: r.weightedKey({ ALL: 3, VISIBLE: 2 }),
        canBeEdited: true,
      });
    }
    const extra =
      type === 'CLIENT'
        ? 0
        : r.weighted([
            [0, 2],
            [1, 4],
            [2, 3],
            [3, 2],
            [4, 1],
          ] as const);
    for (let k = 0; k < extra; k++) {
      const kind = r.weightedKey({ osm: 4, installation: 4, sponsor: 2 });
      const city = r.weighted(CITY_WEIGHTS);
      access.push({
        userId: id,
        id: nextDefId(),
        sponsorId: kind === 'sponsor' ? r.pick(businesses).id : null,
        osmId: kind === 'osm' ? (r.chance(0.7) ? city.osm : VOIVODESHIPS[city.voiv].osm) : null,
        installationId: kind === 'installation' ? r.pick(visibleInstallations).installationId : null,
        visibility: r.weightedKey({ ALL: 3, VISIBLE: 5, HIDDEN: 1 }),
        canBeEdited: r.chance(0.85),
      });
    }
  });
  return { users, trials, access };
}

// ---------------------------------------------------------------- API-key users

function buildApiUsers(c: Ctx, contractorRows: ContractorRec[]) {
  const r = c.root.fork('api-users');
  const n = 60;
  const used = new Set<string>();
  const ages = Array.from({ length: n }, () => r.int(5, 1200)).sort((a, b) => b - a);
  const internalNames = ['aq-internal-dashboard', 'aq-mobile-app', 'aq-grafana', 'aq-map-widget', 'aq-data-export'];
  return Array.from({ length: n }, (_, i) => {
    const internal = i % 12 === 3 && internalNames.length > 0;
    const contractor = internal ? null : r.chance(0.8) ? r.pick(contractorRows) : null;
    const username = internal
      ? internalNames.shift()!
      : uniqueName(r, used, () =>
          contractor
            ? `${slug(withoutLegalForm(contractor.name)).split('-').slice(0, 2).join('-')}${r.chance(0.4) ? `-${r.pick(['api', 'prod', 'test', 'widget'])}` : ''}`
            : `${slug(person(r).full).replace('-', '.')}${r.chance(0.5) ? r.int(1, 99) : ''}`,
        );
    used.add(username);
    const samplesApi = internal ? r.chance(0.6) : r.chance(0.3);
    return {
      id: i + 1,
      username,
      customId: r.chance(0.5) ? `C-${pad(r.int(1, 99999), 5)}` : null,
      contractorId: contractor?.id ?? null,
      internal,
      samplesApi,
      limitStandard: internal || r.chance(0.4) ? null : randomLimits(r, 'standard'),
      limitSamples: samplesApi ? randomLimits(r, 'samples') : r.chance(0.1) ? randomLimits(r, 'samples') : null,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    };
  });
}

/** A limit object whose larger periods are never below smaller ones. */
function randomLimits(r: Prng, kind: 'standard' | 'samples'): Limits {
  const nice = (v: number) => {
    const mag = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
    return Math.max(1, Math.round(v / mag) * mag);
  };
  const second = kind === 'standard' ? r.int(1, 20) : r.int(1, 5);
  const chain = {
    second,
    minute: second * r.int(10, 60),
    hour: 0,
    day: 0,
    month: 0,
    year: 0,
  };
  chain.hour = chain.minute * r.int(10, 60);
  chain.day = chain.hour * r.int(5, 24);
  chain.month = chain.day * r.int(20, 31);
  chain.year = chain.month * r.int(10, 12);
  const periods = r.weighted([
    [['minute', 'day'], 4],
    [['hour', 'day', 'month'], 3],
    [['second', 'minute'], 2],
    [['day'], 2],
    [['minute', 'hour', 'day', 'month', 'year'], 1],
  ] as const);
  const out: Limits = {};
  let floor = 0;
  for (const p of periods) {
    const v = Math.max(floor, nice(chain[p]));
    out[p] = v;
    floor = v;
  }
  return out;
}

// ---------------------------------------------------------------- firmware

function deterministicSha256(content: string): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

function buildFirmware(c: Ctx, sensorRows: SensorRec[], staff: StaffRec[]) {
  const r = c.root.fork('firmware');
  const versions: (typeof firmwareVersions.$inferInsert)[] = [];
  const binaries: (typeof firmwareBinaries.$inferInsert)[] = [];
  const creators = staff.filter((s) => s.role === ADMIN_ROLE || s.role === 'technician').map((s) => s.id);

  for (const [version, status, description, ageDays] of GSM_VERSIONS) {
    const createdAt = agoMs(c, ageDays * DAY + r.int(0, DAY));
    versions.push({ family: 'gsm', version, description, status, createdAt });
    for (const bank of [0, 1]) {
      const id = r.uuid();
      binaries.push({
        id,
        family: 'gsm',
        version,
        module: null,
        bank,
        description: `Bank ${bank} image`,
        fileKey: `seed/${id}`,
        hash: deterministicSha256(`gsm:${version}:bank${bank}`),
        active: true,
        createdAt,
      });
    }
  }
  GEN3_VERSIONS.forEach(([version, status, description, ageDays], vi) => {
    const createdAt = agoMs(c, ageDays * DAY + r.int(0, DAY));
    versions.push({ family: 'gen3', version, description, status, createdAt });
    for (const module of [1, 2, 3]) {
      const builds = module === 1 ? r.int(1, 3) : r.int(0, 2);
      for (let b = 0; b < builds; b++) {
        const id = r.uuid();
        binaries.push({
          id,
          family: 'gen3',
          version,
          module,
          bank: null,
          description: [`Main MCU build ${b + 1}`, `Modem firmware build ${b + 1}`, `Sensor board build ${b + 1}`][
            module - 1
          ]!,
          fileKey: `seed/${id}`,
          hash: deterministicSha256(`gen3:${version}:module${module}:build${b}`),
          // the newest build of each module is active, except on the newest (untested) version
          active: b === builds - 1 && vi < GEN3_VERSIONS.length - 1,
          createdAt: new Date(createdAt.getTime() + b * 3 * DAY + module * HOUR),
        });
      }
    }
  });

  // Wi-Fi commits, oldest first.
  const commits = WIFI_COMMIT_MESSAGES.map((description, i) => {
    const tagged = WIFI_VERSIONS.find((v) => v[2] === i);
    return {
      hash: r.hex(40),
      description,
      author: r.pick(WIFI_AUTHORS),
      branches:
        i === WIFI_COMMIT_MESSAGES.length - 1
          ? ['main', 'develop']
          : i >= 17
            ? ['develop']
            : i % 7 === 5
              ? [`feature/${slug(description).split('-').slice(0, 3).join('-')}`]
              : ['main'],
      tags: tagged ? [`v${tagged[0].split('.').slice(0, 3).join('.')}`] : [],
      createdAt: agoMs(c, wifiCommitAgeDays(i) * DAY - r.int(0, DAY)),
    };
  });

  // Deployments of all three families, ids in creation order. Targets are sensors installed now
  // that already existed when the deployment started.
  const pool = (comms: Communication[], beforeMs: number) =>
    sensorRows
      .filter(
        (s) =>
          comms.includes(s.communication) &&
          CURRENT_INSTALL_STATUSES.includes(s.status) &&
          s.createdAt.getTime() < beforeMs - 7 * DAY,
      )
      .map((s) => s.id);
  const gsmTargets = GSM_VERSIONS.filter((v) => v[1] !== 'Deprecated' || v[0] === '4.2.0.12');
  /** The version a sensor reported before a deployment started: something released earlier. */
  const before = (comm: Communication, version: string, fromMs: number) => {
    const release = releasedAt(c, comm, version);
    return pickFirmware(r, c, comm, Math.min(fromMs, release) - DAY, release - 400 * DAY);
  };

  type DeploymentDraft = Omit<typeof deployments.$inferInsert, 'id'> & {
    createdAt: Date;
    fromDate: Date;
    rows: Omit<typeof deploymentSensors.$inferInsert, 'deploymentId'>[];
  };
  const drafts: DeploymentDraft[] = [];

  const gsmStatuses = fromCounts(r, { Rolling: 3, Finished: 9, Halted: 3 });
  gsmStatuses.forEach((status) => {
    const [version, , , ageDays] = status === 'Rolling' ? r.pick(gsmTargets.slice(-3)) : r.pick(gsmTargets);
    // Finished and halted rollouts started within a few months of the release.
    const fromMs =
      status === 'Rolling'
        ? c.nowMs - r.float(2, 40) * HOUR
        : c.nowMs - r.float(Math.max(2, ageDays - 150), Math.max(3, ageDays - 1)) * DAY;
    const strategy = r.chance(0.7) ? 'ROLLING' : 'IMMEDIATE';
    const ids = r.sample(pool(['GSM', 'NBIOT'], fromMs), r.int(3, 40)).sort((a, b) => a - b);
    const rows = ids.map((sensorId, k) => {
      const st: UpdaterStatus =
        status === 'Finished'
          ? r.weightedKey({ Updated: 86, Failed: 7, Skipped: 4, Warning: 3 })
          : status === 'Halted'
            ? k < ids.length / 3
              ? r.weightedKey({ Updated: 8, Failed: 2 })
              : r.weightedKey({ Skipped: 6, Failed: 2, UpdatePlanned: 2 })
            : k < ids.length / 2
              ? r.weightedKey({ Updated: 8, Failed: 1 })
              : k < (ids.length * 2) / 3
                ? r.weightedKey({ Updating: 3, UpdatePending: 3, UpdateQueued: 2 })
                : 'UpdatePlanned';
      const touched = st !== 'UpdatePlanned' && st !== 'Skipped';
      const contact = touched ? new Date(Math.round(r.float(fromMs, Math.min(c.nowMs, fromMs + 3 * DAY)))) : null;
      return {
        sensorId,
        status: st,
        version,
        reportsVersion: st === 'Updated' ? version : before(sensorRows[sensorId - 1]!.communication, version, fromMs),
        bank: r.int(0, 1),
        binary: null,
        lastContact: contact,
        lastUpdated: st === 'Updated' && contact ? contact : null,
        hasLogs: false,
        logs: null,
      };
    });
    drafts.push({
      family: 'gsm',
      sensors: ids,
      version,
      commit: null,
      status,
      strategy,
      fromDate: new Date(Math.round(fromMs)),
      tillDate: status === 'Rolling' ? null : new Date(Math.round(fromMs + r.float(2, 72) * HOUR)),
      atOnce: strategy === 'ROLLING' ? r.int(1, 5) : ids.length,
      spacing: strategy === 'ROLLING' ? r.pick([1800, 3600, 7200]) : null,
      testTime: r.pick([3600, 3600, 7200]),
      allowFailed: r.chance(0.2),
      blockedSensors:
        status === 'Halted' || (status === 'Finished' && r.chance(0.25))
          ? rows
              .filter((x) => x.status === 'Failed')
              .map((x) => x.sensorId)
              .slice(0, 3)
          : [],
      appliedDate: null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(fromMs - r.float(1, 30) * MINUTE)),
      rows,
    });
  });

  /** `git describe`-like version of a commit: the tag's version, or the last tag plus the hash. */
  const describe = (i: number) => {
    const tagged = WIFI_VERSIONS.filter((v) => v[2] <= i);
    const base = tagged.length ? tagged[tagged.length - 1]! : WIFI_VERSIONS[0];
    return base[2] === i ? base[0] : `${base[0]}-g${commits[i]!.hash.slice(0, 7)}`;
  };
  const wifiStatuses = fromCounts(r, { Rolling: 2, Finished: 5, Halted: 1 });
  wifiStatuses.forEach((status) => {
    const firstTag = WIFI_VERSIONS[0][2];
    const index =
      status === 'Rolling' ? r.int(commits.length - 3, commits.length - 1) : r.int(firstTag, commits.length - 1);
    const commit = commits[index]!;
    const fromMs =
      status === 'Rolling'
        ? c.nowMs - r.float(1, 30) * HOUR
        : Math.min(c.nowMs - 2 * DAY, commit.createdAt.getTime() + r.float(1, 20) * DAY);
    const ids = r.sample(pool(['WIFI'], fromMs), r.int(3, 25)).sort((a, b) => a - b);
    const version = describe(index);
    const strategy = r.chance(0.6) ? 'ROLLING' : 'IMMEDIATE';
    const rows = ids.map((sensorId, k) => {
      const st: UpdaterStatus =
        status === 'Finished'
          ? r.weightedKey({ Deployed: 85, Failed: 6, Obsolete: 5, Skipped: 4 })
          : status === 'Halted'
            ? k < ids.length / 2
              ? r.weightedKey({ Deployed: 7, Failed: 3 })
              : 'Skipped'
            : r.weightedKey({
                Deployed: 4,
                Testing: 2,
                Uploading: 1,
                Building: 1,
                Requested: 1,
                Pending: 1,
                Queued: 2,
                Enrolled: 2,
              });
      const built = !['Enrolled', 'Queued', 'Requested', 'Skipped'].includes(st);
      const contact =
        st === 'Enrolled' || st === 'Skipped'
          ? null
          : new Date(Math.round(r.float(fromMs, Math.min(c.nowMs, fromMs + 2 * DAY))));
      return {
        sensorId,
        status: st,
        version,
        reportsVersion:
          st === 'Deployed'
            ? version
            : pickFirmware(r, c, 'WIFI', Math.min(fromMs, commit.createdAt.getTime()) - DAY, fromMs - 300 * DAY),
        bank: null,
        binary: built ? r.hex(24) : null,
        lastContact: contact,
        lastUpdated: st === 'Deployed' ? contact : null,
        hasLogs: built,
        logs: built ? wifiBuildLog(r, commit.hash, sensorId, st) : null,
      };
    });
    drafts.push({
      family: 'wifi',
      sensors: ids,
      version,
      commit: commit.hash,
      status,
      strategy,
      fromDate: new Date(Math.round(fromMs)),
      tillDate: status === 'Rolling' ? null : new Date(Math.round(fromMs + r.float(3, 48) * HOUR)),
      atOnce: strategy === 'ROLLING' ? r.int(2, 10) : ids.length,
      spacing: strategy === 'ROLLING' ? r.pick([1800, 3600]) : null,
      testTime: 3600,
      allowFailed: r.chance(0.25),
      blockedSensors: status === 'Halted' ? rows.filter((x) => x.status === 'Failed').map((x) => x.sensorId) : [],
      appliedDate: null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(fromMs - r.float(1, 30) * MINUTE)),
      rows,
    });
  });

  const gen3Targets = GEN3_VERSIONS.slice(1);
  for (let k = 0; k < 10; k++) {
    const [version, , , ageDays] = r.pick(gen3Targets);
    const applied = k < 7;
    const createdMs = c.nowMs - (applied ? r.float(1, Math.max(2, ageDays - 1)) * DAY : r.float(1, 36) * HOUR);
    const sensorId = r.pick(pool(['LORA', 'OTHER'], createdMs));
    drafts.push({
      family: 'gen3',
      sensors: [sensorId],
      version,
      commit: null,
      status: applied ? 'Deployed' : 'Pending',
      strategy: null,
      fromDate: new Date(Math.round(createdMs)),
      tillDate: null,
      atOnce: null,
      spacing: null,
      testTime: null,
      allowFailed: false,
      blockedSensors: [],
      appliedDate: applied ? new Date(Math.round(createdMs + r.float(0.2, 30) * HOUR)) : null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(createdMs)),
      rows: [],
    });
  }

  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const deploymentRows = drafts.map(({ rows: _rows, ...d }, i) => ({ id: i + 1, ...d }));
  const deploymentSensorRows = drafts.flatMap((d, i) => d.rows.map((row) => ({ deploymentId: i + 1, ...row })));

  // A sensor now reports what its latest deployment left it with (later deployments win).
  const lastUpdate = new Map<number, { bank: number | null; at: Date | null }>();
  const liveStatus = new Map<number, UpdaterStatus>();
  for (const d of drafts) {
    for (const row of d.rows) {
      const sensor = sensorRows[row.sensorId - 1]!;
      if (row.reportsVersion) sensor.firmwareVersion = row.reportsVersion;
      if (d.family === 'gsm' && row.status === 'Updated')
        lastUpdate.set(row.sensorId, { bank: row.bank ?? null, at: row.lastUpdated ?? null });
      if (d.family === 'gsm' && d.status === 'Rolling') liveStatus.set(row.sensorId, row.status as UpdaterStatus);
    }
    if (d.family === 'gen3' && d.appliedDate && d.version) sensorRows[d.sensors[0]! - 1]!.firmwareVersion = d.version;
  }

  // The GSM updater's view of every GSM and NB-IoT sensor.
  const updater = sensorRows
    .filter((s) => s.communication === 'GSM' || s.communication === 'NBIOT')
    .map((s) => {
      const live = liveStatus.get(s.id);
      const reporting = s.lastMeasurementAt !== null && s.status !== 'Retired';
      const status: UpdaterStatus =
        live && live !== 'Updated'
          ? live
          : !reporting
            ? 'Ok'
            : r.weightedKey({
                Ok: 80,
                Failed: 6,
                Updated: 4,
                Warning: 3,
                UpdatePending: 2,
                Updating: 1,
                RestartRequired: 2,
                IdleRequired: 2,
              });
      const update = lastUpdate.get(s.id);
      const lastContact = s.lastMeasurementAt ? new Date(s.lastMeasurementAt.getTime() + r.int(0, 90) * 1000) : null;
      return {
        family: 'gsm',
        sensorId: s.id,
        version: s.firmwareVersion,
        bank: update?.bank ?? r.int(0, 1),
        status,
        lastContact: lastContact && lastContact.getTime() > c.nowMs ? c.now : lastContact,
        lastUpdated:
          update?.at ??
          (s.firmwareVersion
            ? new Date(Math.round(r.float(s.createdAt.getTime(), Math.max(s.createdAt.getTime(), c.nowMs - 3 * DAY))))
            : null),
        idleUntil: status === 'IdleRequired' ? new Date(c.nowMs + r.int(5, 30) * MINUTE) : null,
      };
    });

  return { versions, binaries, commits, deployments: deploymentRows, deploymentSensors: deploymentSensorRows, updater };
}

function wifiBuildLog(r: Prng, commit: string, sensorId: number, status: string): string {
  const lines = [
    `[build] checkout ${commit}`,
    `[build] configuring target esp32s3 for sensor ${sensorId}`,
    `[build] compiling ${r.int(380, 460)} sources`,
    `[build] image size ${r.int(1100, 1500)} KiB, partition ota_${r.int(0, 1)}`,
    `[upload] signed image sha256 ${r.hex(16)}…`,
  ];
  if (status === 'Failed')
    lines.push(`[device] download interrupted at ${r.int(10, 95)}%, giving up after 3 retries`, '[result] FAILED');
  else if (status === 'Deployed' || status === 'Obsolete')
    lines.push(
      '[device] image verified, rebooting',
      `[device] reported new version after ${r.int(20, 90)} s`,
      '[result] OK',
    );
  else lines.push('[device] waiting for the sensor to check in');
  return lines.join('\n');
}

// ---------------------------------------------------------------- audit logs

function buildAudit(
  c: Ctx,
  staff: StaffRec[],
  sensorRows: SensorRec[],
  inst: InstallationRec[],
  contractorRows: ContractorRec[],
  tagRows: TagRec[],
  requests: { id: number; state: string }[],
  adpUserRows: { id: number; nickname: string; email: string; planName: string }[],
  apiUserRows: { id: number; username: string }[],
) {
  const r = c.root.fork('audit');
  const byRole = (...names: string[]) => staff.filter((s) => s.enabled && names.includes(s.role));
  const everyone = staff.filter((s) => s.enabled);
  const tech = byRole(ADMIN_ROLE, 'technician');
  const sales = byRole(ADMIN_ROLE, 'sales');
  const admins = byRole(ADMIN_ROLE);
  const current = inst.filter((x) => x.removedAt === null);
  const sensorTags = tagRows.filter((t) => t.context === 'sensors' && t.type !== 'META');
  const installationTags = tagRows.filter((t) => t.context === 'installations' && t.type !== 'META');
  const contractorTags = tagRows.filter((t) => t.context === 'contractors' && t.type !== 'META');

  const sensor = (keep: (s: SensorRec) => boolean = () => true) => r.pick(sensorRows.filter(keep));
  const gsm = () => sensor((s) => s.communication === 'GSM').id;
  const installation = () => r.pick(current).installationId;
  const portalUser = () => r.pick(adpUserRows).email;
  const apiUser = () => r.pick(apiUserRows).username;
  const statusChange = () => {
    const s = sensor((x) => x.status !== 'Retired');
    return `Sensor ${s.id}: status changed from ${r.pick(['Installed', 'ReviewRequired', 'InShipping'])} to ${s.status}`;
  };
  const factors = () => {
    const p = r.pick(FACTOR_PARAMS);
    const f = randomFactors(r, p);
    return `Sensor ${sensor().id}: ${p} factors set to A=${f.A}, B=${f.B}, C=${f.C}`;
  };
  const requestState = () => {
    const q = r.pick(requests.filter((x) => x.state !== 'WAITING'));
    return `Installation request ${q.id}: state changed from WAITING to ${q.state}`;
  };
  const planChange = () => {
    const u = r.pick(adpUserRows);
    return `Panel user ${u.email}: plan set to ${u.planName}`;
  };

  // [event type, weight, who may do it, message]
  // prettier-ignore
  const events: (readonly [AuditEventType, number, StaffRec[], () => string])[] = [
    ['UserLoggedIn', 40, everyone, () => 'Logged in'],
    ['UserLoggedOut', 14, everyone, () => 'Logged out'],
    ['SensorStatusChanged', 22, tech, statusChange],
    ['SensorTagChanged', 10, tech, () => `Sensor ${sensor().id}: tag "${r.pick(sensorTags).name}" changed`],
    ['FactorsUpdated', 8, tech, factors],
    ['RestartDevice', 8, tech, () => `Restart triggered for sensor ${gsm()}`],
    ['IdleDevice', 3, tech, () => `Idle triggered for sensor ${gsm()}`],
    ['SensorsOrdered', 3, tech, () => `Ordered ${r.pick([5, 10, 20, 50, 100])} new ${r.pick(['GSM', 'WIFI'])} sensors`],
    ['SensorRetired', 3, tech, () => `Sensor ${sensor((s) => s.status === 'Retired').id} retired`],
    ['InstallationVisibilityChanged', 10, tech, () => `Installation ${installation()} is now ${r.pick(['visible', 'invisible'])}`],
    ['InstallationContactChanged', 8, tech, () => `Installation ${installation()}: contact ${r.pick(['full name', 'e-mail', 'phone number'])} changed`],
    ['InstallationVisibleByChanged', 3, tech, () => `Installation ${installation()}: visibleBy changed`],
    ['InstallationAddressChanged', 4, tech, () => `Installation ${installation()}: city set to ${r.weighted(CITY_WEIGHTS).local}`],
    ['InstallationAltAddressChanged', 3, tech, () => `Installation ${installation()}: alternative address changed`],
    ['InstallationTagChanged', 6, tech, () => `Installation ${installation()}: tag "${r.pick(installationTags).name}" changed`],
    ['InstallationFactorsUpdated', 4, tech, () => `Installation ${installation()}: ${r.pick(FACTOR_PARAMS)} factors updated`],
    ['InstallationCreated', 6, tech, () => `Sensor ${sensor().id} reinstalled as installation ${installation()}`],
    ['MeasurementSuspended', 3, tech, () => `Installation ${installation()}: PM10 suspended (${r.pick(SUSPENSION_REASONS)})`],
    ['MeasurementUnsuspended', 2, tech, () => `Installation ${installation()}: PM10 unsuspended`],
    ['InstallationRequestStateChanged', 8, tech, requestState],
    ['InstallationRequestNotesUpdated', 5, tech, () => `Installation request ${r.pick(requests).id}: internal notes updated`],
    ['ContractorUpdated', 8, sales, () => `Contractor ${r.pick(contractorRows).id}: ${r.pick(['link', 'name', 'CRM company', 'type'])} updated`],
    ['ContractorCreated', 3, sales, () => `Contractor "${r.pick(contractorRows).name}" created`],
    ['ContractorTagChanged', 4, sales, () => `Contractor ${r.pick(contractorRows).id}: tag "${r.pick(contractorTags).name}" changed`],
    ['PanelUserSettingsUpdated', 5, sales, () => `Panel user ${portalUser()}: settings updated`],
    ['PanelUserPlanChanged', 4, sales, planChange],
    ['PanelUserTrialSet', 3, sales, () => `Panel user ${portalUser()}: trial set until ${isoDay(c.nowMs + r.int(3, 14) * DAY)}`],
    ['PanelUserAccessAdded', 4, sales, () => `Panel user ${portalUser()}: access definition added`],
    ['PanelUserCreated', 3, sales, () => `Panel user ${portalUser()} created`],
    ['PanelUserInvitationResent', 2, sales, () => `Panel user ${portalUser()}: invitation resent`],
    ['ApiUserLimitUpdated', 4, sales, () => `API user ${apiUser()}: standard limit updated`],
    ['ApiUserSamplesApiEnabled', 2, sales, () => `API user ${apiUser()}: samples API enabled`],
    ['ApiUserContractorChanged', 2, sales, () => `API user ${apiUser()}: contractor set to ${r.pick(contractorRows).id}`],
    ['DeploymentCreated', 4, tech, () => `GSM deployment of ${r.pick(GSM_VERSIONS)[0]} created for ${r.int(3, 40)} sensors`],
    ['DeploymentHalted', 1, tech, () => `Deployment ${r.int(1, 30)} halted`],
    ['VersionStatusChanged', 2, tech, () => `GSM version ${r.pick(GSM_VERSIONS)[0]}: status set to ${r.pick(['Production', 'Deprecated'])}`],
    ['BinaryActivated', 2, tech, () => `Gen3 binary of version ${r.pick(GEN3_VERSIONS)[0]} module ${r.int(1, 3)} activated`],
    ['TokenCreated', 3, everyone, () => `Token "${r.pick(['grafana', 'export script', 'ci', 'notebook'])}" created`],
    ['TokenRevoked', 1, everyone, () => `Token ${r.int(1, 20)} revoked`],
    ['PreferencesUpdated', 4, everyone, () => `Theme set to ${r.pick(['dark', 'light'])}`],
    ['PresetSaved', 3, everyone, () => `Preset "${r.pick(['Custom', 'Kraków contacts', 'PM only', 'Calibration check'])}" saved`],
    ['QuerySaved', 2, everyone, () => `Query "${r.pick(['Offline GSM', 'Silesia', 'Inactive 3 days'])}" saved`],
    ['UserRoleChanged', 1, admins, () => `User ${r.pick(staff).name}: role changed to ${r.pick(['default', 'viewer', 'technician'])}`],
    ['RoleUpdated', 1, admins, () => `Role "${r.pick(['viewer', 'technician', 'sales'])}" updated`],
    ['TagCreated', 1, admins, () => `Tag "${r.pick(tagRows).name}" created`],
  ];
  const weights = events.map((e) => [e, e[1]] as const);
  const signIn: readonly AuditEventType[] = ['UserLoggedIn', 'UserLoggedOut'];

  const n = 300;
  const times = Array.from({ length: n }, () => Math.round(c.nowMs - r.float(0.01, 30) * DAY)).sort((a, b) => a - b);
  return times.map((ms) => {
    const [type, , who, message] = r.weighted(weights);
    const actor = r.pick(who);
    const source: AuditSource = signIn.includes(type) ? 'Sign-in' : r.chance(0.07) ? 'Integration token' : 'Console';
    return {
      createdDate: new Date(ms),
      userId: actor.id,
      userName: actor.name,
      eventType: type,
      sourceName: source,
      message: message(),
    };
  });
}
