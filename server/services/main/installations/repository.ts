/**
 * Installations, data access: the SQL of each declared field, the page and count queries of the
 * list (current installations unless the query names removedAt) and the row shaping, with
 * measurements, suspensions, factors, 72-hour activity and tag columns. Chain links
 * (predecessorId, successorId) are shown and queried as business numbers.
 */
import { Column, and, eq, inArray, is, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { installation } from '../../../../common/entities';
import { ACTIVITY_HOURS, MEASURED_PARAMS } from '../../../../common/domain';
import { FACTOR_COLUMN_PARAMS, fieldsOf } from '../../../../common/query';
import type { Executor } from '../../../db';
import {
  contractors,
  installationTagValues,
  installations,
  measurementSummaries,
  sensors,
  type Suspension,
  type TagValue,
} from '../../../db/schema';
import { countMatches } from '../../../lists/count';
import { inWindow } from '../../../lists/sorting';
import { columnCell, tagValueCell, type ExportCell } from '../../../lists/csvStream';
import type { ListRepository } from '../../../lists/endpoint';
import { rowTemplates } from '../../../lists/rowTemplates';
import { isRowField, iso } from '../../../lists/schemas';
import { loadTagValues, taggedCatalogue, visibleTagIds } from '../../../lists/tags';

const ISO_PREFIX = '^\\d{4}-\\d{2}-\\d{2}';
const suspensionOf = (p: string) => sql`(${installations.suspensions} -> ${p}::text)`;

/**
 * The business number of the installation a chain link names: predecessor_id and successor_id
 * hold row ids, the list, its queries and the CSV show installation numbers (as the history does).
 */
const businessNumberOf = (rowId: AnyPgColumn) =>
  sql<number | null>`(select linked.installation_id from ${installations} linked where linked.id = ${rowId})`;

/** SQL of each queryable field of the installation declaration. */
export const INSTALLATION_COLUMNS: Record<string, SQL | AnyPgColumn> = {
  id: installations.id,
  installationId: installations.installationId,
  predecessorId: businessNumberOf(installations.predecessorId),
  successorId: businessNumberOf(installations.successorId),
  sensorId: installations.sensorId,
  sensorToken: sensors.sensorToken,
  installationDate: installations.installationDate,
  removedAt: installations.removedAt,
  communication: sensors.communication,
  contractorId: installations.contractorId,
  contractorName: contractors.name,
  hsId: contractors.hsId,
  hsName: contractors.hsName,
  status: installations.status,
  providerOwned: installations.providerOwned,
  isVisible: installations.isVisible,
  mamsl: installations.mamsl,
  latitude: installations.latitude,
  longitude: installations.longitude,
  country: installations.country,
  countryLocal: installations.countryLocal,
  countryId: installations.countryId,
  state: installations.state,
  stateLocal: installations.stateLocal,
  stateId: installations.stateId,
  city: installations.city,
  cityLocal: installations.cityLocal,
  cityId: installations.cityId,
  street: installations.street,
  streetLocal: installations.streetLocal,
  streetId: installations.streetId,
  number: installations.number,
  numberLocal: installations.numberLocal,
  numberId: installations.numberId,
  alternativeAddress1: installations.alternativeAddress1,
  alternativeAddress2: installations.alternativeAddress2,
  visibleBy: installations.visibleBy,
  contactFullName: installations.contactFullName,
  contactEmail: installations.contactEmail,
  contactPhoneNumber: installations.contactPhoneNumber,
  date: installations.date,
  installationRequestId: installations.installationRequestId,
  measured: installations.measured,
  lastMeasurement: measurementSummaries.lastMeasurementAt,
  ...Object.fromEntries(
    MEASURED_PARAMS.flatMap((p) => [
      [`${p}Value`, sql`(${measurementSummaries.values} ->> ${p}::text)::float8`],
      [`${p}Suspended`, sql`coalesce(${suspensionOf(p)} -> 'suspended' = 'true'::jsonb, false)`],
      [
        `${p}SuspendedFrom`,
        sql`(case when (${suspensionOf(p)} ->> 'suspendedFrom') ~ ${ISO_PREFIX}::text then (${suspensionOf(p)} ->> 'suspendedFrom')::timestamptz end)`,
      ],
    ]),
  ),
};

export const INSTALLATION_TAG_STORAGE = { table: installationTagValues, rowId: installations.id };

/** 72 hourly flags (oldest first, the current hour last) from the epoch hours a sensor reported in. */
export function activityFlags(activeHours: readonly number[] | null | undefined, nowMs = Date.now()): number[] {
  const nowHour = Math.floor(nowMs / 3_600_000);
  const first = nowHour - ACTIVITY_HOURS + 1;
  const flags = new Array<number>(ACTIVITY_HOURS).fill(0);
  for (const h of activeHours ?? []) if (h >= first && h <= nowHour) flags[h - first] = 1;
  return flags;
}

/** The activity cell of a row without a report in the last 72 hours. */
const NO_ACTIVITY = new Array<number>(ACTIVITY_HOURS).fill(0).join(',');

/**
 * The CSV cell of `activityFlags` (comma-joined) from the JSON text of the active hours, read without
 * `JSON.parse` when it is a plain list of whole hours (what the summaries store); anything else goes
 * through `JSON.parse` and `activityFlags`, so the cell is the same either way.
 */
export function activityText(text: string | null, nowMs: number): string {
  if (text === null || text === '[]') return NO_ACTIVITY;
  if (!/^\[[\d, ]*\]$/.test(text)) return activityFlags(JSON.parse(text) as number[] | null, nowMs).join(',');
  const nowHour = Math.floor(nowMs / 3_600_000);
  const first = nowHour - ACTIVITY_HOURS + 1;
  let flags: number[] | undefined;
  let hour = -1;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) hour = (hour < 0 ? 0 : hour * 10) + (c - 48);
    else if (hour >= 0) {
      if (hour >= first && hour <= nowHour) (flags ??= new Array<number>(ACTIVITY_HOURS).fill(0))[hour - first] = 1;
      hour = -1;
    }
  }
  return flags ? flags.join(',') : NO_ACTIVITY;
}

/**
 * The list's FROM (the page and the count filter on the same joins). The selection is cast: with a
 * generic selection drizzle's types lose the chain after the second join.
 */
function fromInstallations<T extends Record<string, unknown>>(db: Executor, select: T) {
  return db
    .select(select as never)
    .from(installations)
    .leftJoin(sensors, eq(sensors.id, installations.sensorId))
    .leftJoin(contractors, eq(contractors.id, installations.contractorId))
    .leftJoin(
      measurementSummaries,
      and(eq(measurementSummaries.sensorId, installations.sensorId), isNull(installations.removedAt)),
    );
}

const PAGE_SELECT = {
  i: installations,
  predecessorNumber: businessNumberOf(installations.predecessorId),
  successorNumber: businessNumberOf(installations.successorId),
  sensorToken: sensors.sensorToken,
  communication: sensors.communication,
  contractorName: contractors.name,
  hsId: contractors.hsId,
  hsName: contractors.hsName,
  lastMeasurement: measurementSummaries.lastMeasurementAt,
  values: measurementSummaries.values,
  activeHours: measurementSummaries.activeHours,
};

interface PageRow {
  i: typeof installations.$inferSelect;
  predecessorNumber: number | null;
  successorNumber: number | null;
  sensorToken: string | null;
  communication: string | null;
  contractorName: string | null;
  hsId: string | null;
  hsName: string | null;
  lastMeasurement: Date | null;
  values: Record<string, number | null> | null;
  activeHours: number[] | null;
}

export const installationList: ListRepository<PageRow> = {
  entity: installation,
  columns: INSTALLATION_COLUMNS,
  tieBreak: installations.id,
  catalogue: (db, perms) =>
    taggedCatalogue(db, installation, INSTALLATION_COLUMNS, INSTALLATION_TAG_STORAGE, perms).then(
      ({ cat, allTags }) => ({ cat, tags: allTags }),
    ),
  /** Removed installations are listed only when the query names removedAt. */
  where(ast, filter) {
    const includeRemoved = fieldsOf(ast).some((f) => f.path.length === 1 && f.path[0]!.toLowerCase() === 'removedat');
    return includeRemoved ? filter : and(isNull(installations.removedAt), filter);
  },
  /**
   * The page's ids first (the joins the query and the order do not use are removed by the
   * planner, and the offset skips bare ids), then the rows of just those ids: a deep page no longer
   * joins and decodes every row it skips.
   */
  page: async (db, where, plan) => {
    const ids = inWindow(fromInstallations(db, { id: installations.id }).where(where).$dynamic(), plan);
    return (await fromInstallations(db, PAGE_SELECT)
      .where(inArray(installations.id, ids))
      .orderBy(...plan.orderBy)) as PageRow[];
  },
  count: (db, where, atMost) => countMatches(db, fromInstallations(db, { one: sql`1` }).where(where), atMost),
  async shape(rows, { db, permissions, tags }) {
    const tagIds = visibleTagIds(tags, 'installations', permissions);
    const tagValues = await loadTagValues(
      db,
      installationTagValues,
      rows.map((r) => r.i.id),
      tagIds,
    );
    const nowMs = Date.now();
    const tagKeys = [...tagIds].map((id) => `tag_${id}`);
    return rows.map((row) => shapeRow(row, tagValues.get(row.i.id) ?? {}, tagKeys, nowMs));
  },
  exportSql: {
    from: sql`${installations}
      left join ${sensors} on ${sensors.id} = ${installations.sensorId}
      left join ${contractors} on ${contractors.id} = ${installations.contractorId}
      left join ${measurementSummaries} on ${measurementSummaries.sensorId} = ${installations.sensorId}
        and ${installations.removedAt} is null`,
    cell: (path) => exportCell(path, Date.now()),
  },
};

/** Measured values, suspensions, factors and tags: the JSON value the shaped row holds, read in SQL. */
const EXPORT_JSON_CELLS: Record<string, ExportCell> = Object.fromEntries([
  ...MEASURED_PARAMS.flatMap((p) => [
    [
      `${p}Value`,
      {
        sql: sql`(${measurementSummaries.values} -> ${p}::text)`,
        json: true,
        map: (v: unknown) => (typeof v === 'number' ? v : null),
      },
    ],
    [`${p}Suspended`, { sql: sql`coalesce(${suspensionOf(p)} -> 'suspended' = 'true'::jsonb, false)` }],
    [`${p}SuspendedFrom`, { sql: sql`(${suspensionOf(p)} -> 'suspendedFrom')`, json: true }],
  ]),
  ...FACTOR_COLUMN_PARAMS.map((p) => [
    `${p}Factors`,
    { sql: sql`(${installations.factors} -> ${p}::text)`, json: true },
  ]),
]);

/**
 * The CSV cell of an exported path: what `shapeRow` writes there, computed in SQL — table columns as
 * they are (dates as ISO text), chain links as business numbers, the 72-hour activity from the
 * summary's hours, tag values pivoted by one primary-key lookup each.
 */
function exportCell(path: string, nowMs: number): ExportCell | undefined {
  if (path in EXPORT_JSON_CELLS) return EXPORT_JSON_CELLS[path];
  if (path === 'recentActivity')
    // The summary joins current installations only: a removed one shows no activity.
    return {
      sql: sql`(${measurementSummaries.activeHours})::text`,
      map: (hours) => activityText(hours as string | null, nowMs),
    };
  if (path === 'lastMeasurement') return columnCell(measurementSummaries.lastMeasurementAt);
  const tag = /^tag_(\d+)$/.exec(path);
  if (tag) return tagValueCell(installationTagValues, installations.id, Number(tag[1]));
  const column = INSTALLATION_COLUMNS[path];
  if (!column) return undefined;
  return is(column, Column) ? columnCell(column as AnyPgColumn) : { sql: sql`${column}` };
}

/** A blank shaped installation: every declared field, then the caller's tag columns (see rowTemplates). */
const blankInstallation = rowTemplates(installation.fields.filter(isRowField).map((f) => f.name));

/** An installation as the API (and the CSV export) shows it, every field included. */
function shapeRow(
  { i, ...r }: PageRow,
  tv: Record<string, TagValue>,
  tagKeys: readonly string[],
  nowMs: number,
): Record<string, unknown> {
  const values = r.values ?? {};
  const suspensions: Record<string, Suspension> = i.suspensions ?? {};
  const out = Object.assign(blankInstallation(tagKeys), {
    id: i.id,
    installationId: i.installationId,
    predecessorId: r.predecessorNumber,
    successorId: r.successorNumber,
    sensorId: i.sensorId,
    sensorToken: r.sensorToken ?? '',
    installationDate: iso(i.installationDate),
    removedAt: iso(i.removedAt),
    communication: r.communication ?? '',
    contractorId: i.contractorId,
    contractorName: r.contractorName,
    hsId: r.hsId,
    hsName: r.hsName,
    status: i.status,
    providerOwned: i.providerOwned,
    isVisible: i.isVisible,
    mamsl: i.mamsl,
    latitude: i.latitude,
    longitude: i.longitude,
    country: i.country,
    countryLocal: i.countryLocal,
    countryId: i.countryId,
    state: i.state,
    stateLocal: i.stateLocal,
    stateId: i.stateId,
    city: i.city,
    cityLocal: i.cityLocal,
    cityId: i.cityId,
    street: i.street,
    streetLocal: i.streetLocal,
    streetId: i.streetId,
    number: i.number,
    numberLocal: i.numberLocal,
    numberId: i.numberId,
    alternativeAddress1: i.alternativeAddress1,
    alternativeAddress2: i.alternativeAddress2,
    visibleBy: i.visibleBy,
    contactFullName: i.contactFullName,
    contactEmail: i.contactEmail,
    contactPhoneNumber: i.contactPhoneNumber,
    date: iso(i.date),
    installationRequestId: i.installationRequestId,
    measured: i.measured,
    lastMeasurement: iso(r.lastMeasurement),
    recentActivity: i.removedAt ? new Array<number>(ACTIVITY_HOURS).fill(0) : activityFlags(r.activeHours, nowMs),
  });
  for (const p of MEASURED_PARAMS) {
    const v = values[p];
    out[`${p}Value`] = typeof v === 'number' ? v : null;
    out[`${p}Suspended`] = suspensions[p]?.suspended === true;
    out[`${p}SuspendedFrom`] = suspensions[p]?.suspendedFrom ?? null;
  }
  for (const p of FACTOR_COLUMN_PARAMS) out[`${p}Factors`] = i.factors?.[p] ?? null;
  for (const key of tagKeys) out[key] = tv[key.slice(4)] ?? null;
  return out;
}

/**
 * Serialises the choice of new installation business numbers (`max + 1`): every writer of new
 * numbers (reinstall, sensor orders) takes this transaction-scoped lock first on PostgreSQL, so two
 * of them at once never pick the same number (PGlite has one connection: nothing runs beside it).
 */
export async function lockInstallationNumbers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('installations.installation_id'))`);
}
