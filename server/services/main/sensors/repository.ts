/**
 * Sensors, data access: the SQL of each declared field, the columns a sensor row is read with, the
 * page and count queries of the list, the one shaping of a sensor (list, single sensor and
 * mutation answers), and the writes of the sensor editors (status, factors, retire).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sensor } from '../../../../common/entities';
import type { PermissionSet } from '../../../../common/permissions';
import { FACTOR_COLUMN_PARAMS } from '../../../../common/query';
import type { Executor } from '../../../db';
import {
  contractors,
  installations,
  sensorTagValues,
  sensors,
  type FactorMap,
  type TagValue,
} from '../../../db/schema';
import { countOver } from '../../../lists/count';
import { windowPlaceholders, windowValues } from '../../../lists/sorting';
import { renderedOnce, renderedPageRows, renderedPerWhere, selectWhere } from '../../../db/arrayRows';
import type { ListRepository } from '../../../lists/endpoint';
import { gateRow, hiddenPaths } from '../../../lists/gating';
import { loadTagValues, loadTags, taggedCatalogue, visibleTagIds } from '../../../lists/tags';

/**
 * The business number (installationId) of a sensor's current installation. sensors keep the
 * installation's row id; every API speaks business numbers (history, reinstall, links).
 */
export const CURRENT_INSTALLATION_NUMBER = sql<
  number | null
>`(select ${installations.installationId} from ${installations} where ${installations.id} = ${sensors.currentInstallationId})`;

/** The columns a sensor row is read with (from sensors left-joined to contractors). */
export const SENSOR_SELECT = {
  id: sensors.id,
  currentInstallationId: CURRENT_INSTALLATION_NUMBER,
  sensorToken: sensors.sensorToken,
  communication: sensors.communication,
  status: sensors.status,
  measured: sensors.measured,
  factors: sensors.factors,
  contractorId: contractors.id,
  contractorName: contractors.name,
};

export interface SensorSelectRow {
  id: number;
  currentInstallationId: number | null;
  sensorToken: string;
  communication: string;
  status: string;
  measured: string[];
  factors: FactorMap;
  contractorId: number | null;
  contractorName: string | null;
}

/** SQL of each queryable field of the sensor declaration. */
export const SENSOR_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: sensors.id,
  currentInstallationId: CURRENT_INSTALLATION_NUMBER,
  installationId: CURRENT_INSTALLATION_NUMBER,
  sensorToken: sensors.sensorToken,
  communication: sensors.communication,
  status: sensors.status,
  measured: sensors.measured,
  contractorId: sensors.contractorId,
  contractorName: contractors.name,
  firmwareVersion: sensors.firmwareVersion,
  createdAt: sensors.createdAt,
  retiredAt: sensors.retiredAt,
  lastMeasurement: sensors.lastMeasurementAt,
};

export const SENSOR_TAG_STORAGE = { table: sensorTagValues, rowId: sensors.id };

export function pickFactors(
  map: FactorMap | null | undefined,
  params: readonly string[],
): Record<string, { A: number; B: number; C: number }> {
  const out: Record<string, { A: number; B: number; C: number }> = {};
  for (const p of params) {
    const f = map?.[p];
    if (f && typeof f.A === 'number' && typeof f.B === 'number' && typeof f.C === 'number')
      out[p] = { A: f.A, B: f.B, C: f.C };
  }
  return out;
}

/**
 * A sensor as every API shows it: the spec's info/params/tags shape, gated by the sensor
 * declaration (the same rule as the query fields and the CSV export) and VIEW_<p>_FACTORS.
 */
export function shapeSensor(r: SensorSelectRow, tagValues: Record<string, TagValue>, perms: PermissionSet) {
  return gateRow(sensorRowOf(r, tagValues, visibleFactorParams(perms)), hiddenPaths(sensor, perms));
}

/** The parameters whose factors the caller may see (VIEW_<p>_FACTORS). */
const visibleFactorParams = (perms: PermissionSet) =>
  FACTOR_COLUMN_PARAMS.filter((p) => perms.can(`view_${p}_factors`));

/** The sensor row before field gating (the list builder gates a whole page at once). */
function sensorRowOf(r: SensorSelectRow, tagValues: Record<string, TagValue>, factorParams: readonly string[]) {
  return {
    id: r.id,
    info: {
      id: r.id,
      currentInstallationId: r.currentInstallationId,
      sensorToken: r.sensorToken as string | undefined,
      communication: r.communication as string | undefined,
      contractor: (r.contractorId !== null ? { id: r.contractorId, name: r.contractorName ?? '' } : null) as
        { id: number; name: string } | null | undefined,
      status: r.status,
      measured: r.measured,
    },
    params: {
      factors: pickFactors(r.factors, factorParams),
    },
    tags: tagValues,
  };
}

/** The list's FROM: sensors with their contractor (the page and the count filter on the same join). */
const SENSORS_FROM = sql`${sensors} left join ${contractors} on ${eq(contractors.id, sensors.contractorId)}`;

/**
 * The page's FROM and select list rendered to SQL once, its rows read as arrays (`renderedPageRows`) and
 * turned into `SensorSelectRow`s by position: drizzle's builder and row mapping cost more than the
 * rest of the page's shaping.
 */
const FROM_TEXT = renderedOnce(SENSORS_FROM);
const PAGE_LIST = renderedOnce(
  sql.join(
    Object.values(SENSOR_SELECT).map((c) => sql`${c}`),
    sql`, `,
  ),
);
/**
 * The page and count statements, rendered once per WHERE, sort key and direction (see
 * renderedPerWhere); the page read through `renderedPageRows` (COPY on PGlite from its second run).
 */
const statementFor = renderedPerWhere();
const AT = Object.fromEntries(Object.keys(SENSOR_SELECT).map((k, i) => [k, i])) as Record<
  keyof SensorSelectRow,
  number
>;
const selectRowOf = (r: readonly unknown[]): SensorSelectRow => ({
  id: r[AT.id] as number,
  currentInstallationId: r[AT.currentInstallationId] as number | null,
  sensorToken: r[AT.sensorToken] as string,
  communication: r[AT.communication] as string,
  status: r[AT.status] as string,
  measured: r[AT.measured] as string[],
  factors: r[AT.factors] as FactorMap,
  contractorId: r[AT.contractorId] as number | null,
  contractorName: r[AT.contractorName] as string | null,
});

export const sensorList: ListRepository<SensorSelectRow> = {
  entity: sensor,
  columns: SENSOR_COLUMNS,
  tieBreak: sensors.id,
  from: SENSORS_FROM,
  catalogue: (db, perms) =>
    taggedCatalogue(db, sensor, SENSOR_COLUMNS, SENSOR_TAG_STORAGE, perms).then(({ cat, allTags }) => ({
      cat,
      tags: allTags,
    })),
  page: async (db, where, plan) =>
    (
      await renderedPageRows(
        db,
        statementFor(
          where,
          `page ${plan.sortKey} ${plan.descending}`,
          () => sql`${selectWhere(PAGE_LIST, FROM_TEXT, where)}${windowPlaceholders(plan)}`,
        ),
        windowValues(plan),
      )
    ).map(selectRowOf),
  count: countOver(FROM_TEXT, statementFor),
  async shape(rows, { db, permissions, tags }) {
    const tagValues = await loadTagValues(
      db,
      sensorTagValues,
      rows.map((r) => r.id),
      visibleTagIds(tags, 'sensors', permissions),
    );
    const factorParams = visibleFactorParams(permissions);
    return rows.map((r) => sensorRowOf(r, tagValues.get(r.id) ?? {}, factorParams));
  },
};

// ---- One sensor ----

/** One sensor as GET /sensors shapes its rows, or undefined when it does not exist. */
export async function loadSensor(db: Executor, id: number, perms: PermissionSet) {
  const [r] = await db
    .select(SENSOR_SELECT)
    .from(sensors)
    .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
    .where(eq(sensors.id, id));
  if (!r) return undefined;
  const visible = visibleTagIds(await loadTags(db, 'sensors'), 'sensors', perms);
  const tagValues = await loadTagValues(db, sensorTagValues, [id], visible);
  return shapeSensor(r, tagValues.get(id) ?? {}, perms);
}

export async function sensorExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sensors.id }).from(sensors).where(eq(sensors.id, id));
  return row !== undefined;
}

/** A sensor's status and current installation (row id), locked for a change; undefined when it does not exist. */
export async function lockSensor(tx: Executor, id: number) {
  const [row] = await tx
    .select({ status: sensors.status, currentInstallationId: sensors.currentInstallationId })
    .from(sensors)
    .where(eq(sensors.id, id))
    .for('update');
  return row;
}

/** A new status of a sensor; its current installation (row id, if any and not removed) carries it too. */
export async function changeSensorStatus(
  tx: Executor,
  id: number,
  currentInstallationId: number | null,
  status: string,
): Promise<void> {
  await tx.update(sensors).set({ status }).where(eq(sensors.id, id));
  if (currentInstallationId !== null)
    await tx
      .update(installations)
      .set({ status })
      .where(and(eq(installations.id, currentInstallationId), isNull(installations.removedAt)));
}

/** Sets (or with null removes) the calibration factors of one parameter; false when the sensor does not exist. */
export async function setSensorFactors(
  tx: Executor,
  id: number,
  param: string,
  factors: { A: number; B: number; C: number } | null,
): Promise<boolean> {
  const updated = await tx
    .update(sensors)
    .set({
      factors: factors
        ? sql`coalesce(${sensors.factors}, '{}'::jsonb) || ${JSON.stringify({ [param]: factors })}::jsonb`
        : sql`coalesce(${sensors.factors}, '{}'::jsonb) - ${param}::text`,
    })
    .where(eq(sensors.id, id))
    .returning({ id: sensors.id });
  return updated.length > 0;
}

/**
 * Retires a sensor: its current installation (row id, if any and not removed) ends as Retired, the
 * sensor loses installation and contractor. Answers the installation ended, if any.
 */
export async function retireSensor(tx: Executor, id: number, currentInstallationId: number | null, now: Date) {
  const ended = currentInstallationId
    ? await tx
        .update(installations)
        .set({ removedAt: now, status: 'Retired', date: now })
        .where(and(eq(installations.id, currentInstallationId), isNull(installations.removedAt)))
        .returning({ id: installations.id, installationId: installations.installationId })
    : [];
  await tx
    .update(sensors)
    .set({ status: 'Retired', currentInstallationId: null, contractorId: null, retiredAt: now })
    .where(eq(sensors.id, id));
  return ended[0];
}
