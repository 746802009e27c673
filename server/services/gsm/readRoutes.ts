/**
 * GSM updater, read side: firmware versions, deployments and their sensors, and the updater's
 * view of a sensor (the Sensor Status screen).
 *
 * The deployment list and the deployment-sensor rows are shared with the Wi-Fi updater (same
 * tables, same snake_case shape): see `listDeployments` and `deploymentSensorRows`.
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { VERSION_STATUSES, type UpdaterFamily } from '../../../common/domain';
import type { Executor } from '../../db';
import { deploymentSensors, deployments, firmwareVersions, updaterSensors } from '../../db/schema';
import { notFound } from '../../http/errors';
import { likePattern, offsetOf, pageQuery } from '../../http/paging';
import type { ServiceRoutes } from '../../http/service';
import { orderWithEmptyLast } from '../../lists/sorting';

export const MAX_SENSOR_IDS = 1000;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const COUNT = sql<number>`count(*)::int`;

/**
 * Sort key of a dotted version number compared part by part as numbers (4.10.0.0 > 4.9.9.9).
 * Anything that is not digits and dots gets NULL (sorted last; the text is the tie-break).
 */
export const numericVersion = (column: AnyPgColumn): SQL =>
  sql`(case when ${column} ~ ${'^[0-9]+([.][0-9]+)*$'}::text then string_to_array(${column}, '.')::numeric[] end)`;

interface SortSpec {
  expr: SQL | AnyPgColumn;
  notNull: boolean;
}

function orderOf(sort: SortSpec, direction: 'asc' | 'desc', tieBreak: AnyPgColumn): SQL[] {
  return orderWithEmptyLast(sort.expr, direction, tieBreak, sort.notNull);
}

// ------------------------------------------------------------------ deployments (shared with Wi-Fi)

export const DEPLOYMENT_PAGE_SIZES = [10, 20, 50, 100, 1000] as const;

export const deploymentRow = z.object({
  id: z.number().int(),
  sensors: z.array(z.number().int()),
  version: z.string().nullable(),
  status: z.string(),
  from_date: z.string(),
  till_date: z.string().nullable(),
  at_once: z.number().int().nullable().describe('Sensors updated at once'),
  spacing: z.number().int().nullable().describe('Seconds between batches'),
  test_time: z.number().int().nullable().describe('Seconds'),
  blocked_sensors: z.array(z.number().int()),
  allow_failed: z.boolean(),
});

export const deploymentSensorRow = z.object({
  id: z.number().int().describe('Sensor id'),
  version: z.string().nullable(),
  reports_version: z.string().nullable(),
  status: z.string(),
  bank: z.number().int().nullable(),
  last_contact: z.string().nullable(),
  last_updated: z.string().nullable(),
  binary: z.string().nullable(),
});

const DEPLOYMENT_SORT_KEYS = ['id', 'version', 'status', 'from_date', 'till_date'] as const;

export const deploymentListQuery = z.object({
  ...pageQuery(1000, 10),
  sortBy: z.enum(DEPLOYMENT_SORT_KEYS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const deploymentListResponse = z.object({ data: z.array(deploymentRow), totalCount: z.number().int() });

/**
 * One page of a family's deployments. For GSM `version` is the firmware version (sorted
 * numerically); for Wi-Fi it is the commit the firmware is built from.
 */
export async function listDeployments(db: Executor, family: UpdaterFamily, q: z.infer<typeof deploymentListQuery>) {
  const versionColumn = family === 'wifi' ? deployments.commit : deployments.version;
  const sortable: Record<(typeof DEPLOYMENT_SORT_KEYS)[number], SortSpec> = {
    id: { expr: deployments.id, notNull: true },
    version: { expr: family === 'wifi' ? deployments.commit : numericVersion(deployments.version), notNull: false },
    status: { expr: deployments.status, notNull: true },
    from_date: { expr: deployments.fromDate, notNull: true },
    till_date: { expr: deployments.tillDate, notNull: false },
  };
  const filter = eq(deployments.family, family);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: deployments.id,
        sensors: deployments.sensors,
        version: versionColumn,
        status: deployments.status,
        fromDate: deployments.fromDate,
        tillDate: deployments.tillDate,
        atOnce: deployments.atOnce,
        spacing: deployments.spacing,
        testTime: deployments.testTime,
        blockedSensors: deployments.blockedSensors,
        allowFailed: deployments.allowFailed,
      })
      .from(deployments)
      .where(filter)
      .orderBy(...orderOf(sortable[q.sortBy], q.order, deployments.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    db.select({ n: COUNT }).from(deployments).where(filter),
  ]);
  return { data: rows.map(toDeploymentRow), totalCount: Number(count?.n ?? 0) };
}

export function toDeploymentRow(d: {
  id: number;
  sensors: number[];
  version: string | null;
  status: string;
  fromDate: Date;
  tillDate: Date | null;
  atOnce: number | null;
  spacing: number | null;
  testTime: number | null;
  blockedSensors: number[];
  allowFailed: boolean;
}): z.infer<typeof deploymentRow> {
  return {
    id: d.id,
    sensors: d.sensors,
    version: d.version,
    status: d.status,
    from_date: iso(d.fromDate)!,
    till_date: iso(d.tillDate),
    at_once: d.atOnce,
    spacing: d.spacing,
    test_time: d.testTime,
    blocked_sensors: d.blockedSensors ?? [],
    allow_failed: d.allowFailed,
  };
}

/** The sensor rows of one deployment, by sensor id. */
export async function deploymentSensorRows(
  db: Executor,
  deploymentId: number,
): Promise<z.infer<typeof deploymentSensorRow>[]> {
  const rows = await db
    .select({
      id: deploymentSensors.sensorId,
      version: deploymentSensors.version,
      reportsVersion: deploymentSensors.reportsVersion,
      status: deploymentSensors.status,
      bank: deploymentSensors.bank,
      lastContact: deploymentSensors.lastContact,
      lastUpdated: deploymentSensors.lastUpdated,
      binary: deploymentSensors.binary,
    })
    .from(deploymentSensors)
    .where(eq(deploymentSensors.deploymentId, deploymentId))
    .orderBy(asc(deploymentSensors.sensorId));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    reports_version: r.reportsVersion,
    status: r.status,
    bank: r.bank,
    last_contact: iso(r.lastContact),
    last_updated: iso(r.lastUpdated),
    binary: r.binary,
  }));
}

/** True when the deployment exists and belongs to the family. */
export async function deploymentExists(db: Executor, family: UpdaterFamily, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.id, id), eq(deployments.family, family)));
  return row !== undefined;
}

export const deploymentIdParams = idParams;

// ------------------------------------------------------------------ versions

const VERSION_SORT: Record<'version' | 'createdDate' | 'status', SortSpec> = {
  version: { expr: numericVersion(firmwareVersions.version), notNull: false },
  createdDate: { expr: firmwareVersions.createdAt, notNull: true },
  status: { expr: firmwareVersions.status, notNull: true },
};

const versionListQuery = z.object({
  ...pageQuery(1000, 10),
  search: z.string().max(200).optional().describe('Case-insensitive text in the version number or description'),
  sortBy: z
    .enum(['version', 'createdDate', 'status'])
    .default('version')
    .describe('version sorts numerically, part by part'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const versionRow = z.object({
  version: z.string(),
  description: z.string().nullable(),
  createdDate: z.string(),
  status: z.string().describe(VERSION_STATUSES.join(', ')),
});

// ------------------------------------------------------------------ updater view of sensors

const sensorStatus = z.object({
  id: z.number().int(),
  version: z.string().nullable(),
  bank: z.number().int().nullable(),
  status: z.string(),
  last_contact: z.string().nullable(),
  last_updated: z.string().nullable(),
});

const sensorIds = z
  .string()
  .max(12 * MAX_SENSOR_IDS)
  .regex(/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/, 'ids must be comma-separated sensor ids')
  .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))])
  .refine((ids) => ids.length <= MAX_SENSOR_IDS, `At most ${MAX_SENSOR_IDS} sensor ids`);

async function updaterStatus(db: Executor, ids: number[]): Promise<z.infer<typeof sensorStatus>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: updaterSensors.sensorId,
      version: updaterSensors.version,
      bank: updaterSensors.bank,
      status: updaterSensors.status,
      lastContact: updaterSensors.lastContact,
      lastUpdated: updaterSensors.lastUpdated,
    })
    .from(updaterSensors)
    .where(and(eq(updaterSensors.family, 'gsm'), inArray(updaterSensors.sensorId, ids)))
    .orderBy(asc(updaterSensors.sensorId));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    bank: r.bank,
    status: r.status,
    last_contact: iso(r.lastContact),
    last_updated: iso(r.lastUpdated),
  }));
}

// ------------------------------------------------------------------ routes

export const gsmReadRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/versions',
    {
      config: { permission: 'view_versions' },
      schema: {
        summary: 'GSM firmware versions, paged; by default newest version number first',
        tags: ['versions'],
        querystring: versionListQuery,
        response: { 200: z.object({ data: z.array(versionRow), totalCount: z.number().int() }) },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [eq(firmwareVersions.family, 'gsm')];
      const search = q.search?.trim();
      if (search) {
        const like = likePattern(search);
        where.push(sql`(${firmwareVersions.version} ilike ${like} or ${firmwareVersions.description} ilike ${like})`);
      }
      const filter = and(...where);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            version: firmwareVersions.version,
            description: firmwareVersions.description,
            createdAt: firmwareVersions.createdAt,
            status: firmwareVersions.status,
          })
          .from(firmwareVersions)
          .where(filter)
          .orderBy(...orderOf(VERSION_SORT[q.sortBy], q.order, firmwareVersions.version))
          .limit(q.limit)
          .offset(offsetOf(q.page, q.limit)),
        db.select({ n: COUNT }).from(firmwareVersions).where(filter),
      ]);
      return {
        data: rows.map((r) => ({
          version: r.version,
          description: r.description,
          createdDate: iso(r.createdAt)!,
          status: r.status,
        })),
        totalCount: Number(count?.n ?? 0),
      };
    },
  );

  app.get(
    '/deployments',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary: 'GSM deployments, paged; newest first by default',
        tags: ['deployments'],
        querystring: deploymentListQuery,
        response: { 200: deploymentListResponse },
      },
    },
    async (request) => listDeployments(db, 'gsm', request.query),
  );

  app.get(
    '/deployments/:id/sensors',
    {
      config: { permission: 'view_deployments' },
      schema: {
        summary: 'The sensors of a GSM deployment and how far each got',
        tags: ['deployments'],
        params: deploymentIdParams,
        response: { 200: z.object({ data: z.array(deploymentSensorRow) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await deploymentExists(db, 'gsm', id))) throw notFound(`GSM deployment ${id} does not exist`);
      return { data: await deploymentSensorRows(db, id) };
    },
  );

  app.get(
    '/sensors',
    {
      config: { permission: ['view_deployments', 'view_sensors'] },
      schema: {
        summary: 'What the GSM updater knows about several sensors (unknown ids are left out)',
        tags: ['sensors'],
        querystring: z.object({ ids: sensorIds.describe(`Comma-separated sensor ids, at most ${MAX_SENSOR_IDS}`) }),
        response: { 200: z.object({ data: z.array(sensorStatus) }) },
      },
    },
    async (request) => ({ data: await updaterStatus(db, request.query.ids) }),
  );

  app.get(
    '/sensors/:id',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'What the GSM updater knows about a sensor (Sensor Status screen)',
        tags: ['sensors'],
        params: idParams,
        response: { 200: z.object({ data: sensorStatus }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await updaterStatus(db, [id]);
      if (!row) throw notFound(`Sensor ${id} is not known to the GSM updater`);
      return { data: row };
    },
  );
};
