/** The sensors' streamed CSV export: the plan (query, visible columns, sort key) and keyset-paged batches of CSV lines. */
import { z } from 'zod';
import { fieldRule, sensor } from '../../../../common/entities';
import { Column, asc, desc, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FACTOR_PARAMS, type FactorParam } from '../../../../common/domain';
import { MAX_QUERY_LENGTH, SENSOR_CATALOGUE, tagViewPermission, visibleFields } from '../../../../common/query';
import type { PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import { contractors, sensorTagValues, sensors } from '../../../db/schema';
import { parseAndCompile } from '../../../query/compile';
import { CURRENT_INSTALLATION_NUMBER, SENSOR_COLUMNS, SENSOR_TAG_STORAGE } from './repository';
import { taggedCatalogue } from '../../../lists/tags';
import { orderWithEmptyLast, resolveSortKey } from '../../../lists/sorting';
import { exportLines, type ExportCell } from '../../../lists/csvStream';
import { guardedText } from '../../../lists/csvCopy';
import { csvChunks } from '../../../lists/endpoint';

// ------------------------------------------------------------------ export

export const exportQuerystring = z.object({
  sortBy: z.string().max(100).optional().describe('Field to sort by, as in GET /sensors'),
  order: z
    .string()
    .regex(/^(asc|desc)$/i, 'order must be asc or desc')
    .optional()
    .describe('asc or desc (case-insensitive)'),
  query: z.string().max(MAX_QUERY_LENGTH).optional().describe('A query in the sensor-management query language'),
});
export type ExportParams = z.infer<typeof exportQuerystring>;

interface ExportPlan {
  where: SQL | undefined;
  sortExpr: SQL | AnyPgColumn;
  nullable: boolean;
  byId: boolean;
  desc: boolean;
  header: string[];
  showToken: boolean;
  showComm: boolean;
  showOwner: boolean;
  factorParams: FactorParam[];
  tagIds: number[];
}

/**
 * Validates the export parameters (a bad query or sort key throws 400 before anything is sent) and
 * decides the columns the caller may see.
 */
export async function planExport(db: Executor, params: ExportParams, perms: PermissionSet): Promise<ExportPlan> {
  const { allTags, cat } = await taggedCatalogue(db, sensor, SENSOR_COLUMNS, SENSOR_TAG_STORAGE, perms);
  const { where } = parseAndCompile(params.query, cat);
  const sortable = visibleFields(SENSOR_CATALOGUE, perms).filter((f) => f.type !== 'set');
  const sortKey = resolveSortKey(
    params.sortBy,
    'id',
    sortable.map((f) => f.name),
  );
  const field = sortable.find((f) => f.name === sortKey)!;
  const sortExpr = SENSOR_COLUMNS[field.name]!;
  const visibleTags = allTags.filter((t) => perms.can(tagViewPermission('sensors', t.id)));
  const showToken = perms.can(fieldRule(sensor, 'sensorToken'));
  const showComm = perms.can(fieldRule(sensor, 'communication'));
  const showOwner = perms.can(fieldRule(sensor, 'contractorName'));
  const factorParams = FACTOR_PARAMS.filter((p) => perms.can(`view_${p}_factors`));
  const header = [
    'id',
    'currentInstallationId',
    ...(showToken ? ['sensorToken'] : []),
    ...(showComm ? ['communication'] : []),
    ...(showOwner ? ['contractorId', 'contractorName'] : []),
    'status',
    'measured',
    ...factorParams.flatMap((p) => [`${p}_A`, `${p}_B`, `${p}_C`]),
    ...visibleTags.map((t) => `tag.${t.name}`),
  ];
  return {
    where,
    sortExpr,
    // Only a NOT NULL column of sensors itself is never empty (contractorName comes through a left join).
    nullable: !(is(sortExpr, Column) && sortExpr.notNull && sortExpr.table === sensors),
    byId: sortExpr === sensors.id,
    desc: params.order?.toLowerCase() === 'desc',
    header,
    showToken,
    showComm,
    showOwner,
    factorParams,
    tagIds: visibleTags.map((t) => t.id),
  };
}

/**
 * The columns of a CSV line as SQL text expressions: every value leaves the database as the text
 * the file shows (no JSON parsing per row in Node), tag values through one primary-key lookup each.
 */
function exportColumns(plan: ExportPlan): ExportCell[] {
  const tv = sensorTagValues;
  const cells: SQL[] = [
    sql`${sensors.id}::text`,
    sql`${CURRENT_INSTALLATION_NUMBER}::text`,
    ...(plan.showToken ? [sql`${sensors.sensorToken}`] : []),
    ...(plan.showComm ? [sql`${sensors.communication}`] : []),
    ...(plan.showOwner ? [sql`${sensors.contractorId}::text`, sql`${contractors.name}`] : []),
    sql`${sensors.status}`,
    MEASURED,
    ...plan.factorParams.flatMap((p) =>
      (['A', 'B', 'C'] as const).map((k) => sql`(${sensors.factors} -> ${p}::text ->> ${k}::text)`),
    ),
    ...plan.tagIds.map(
      (id) =>
        sql`(select ${tv.value} #>> '{}' from ${tv} where ${tv.entityId} = ${sensors.id} and ${tv.tagId} = ${id}::int)`,
    ),
  ];
  return cells.map((c) => (c === MEASURED ? { sql: c, map: measuredText, copyText: measuredSql } : { sql: c }));
}

/** The measured parameters, read as the JSON array they are stored as (cheaper than unnesting them in SQL). */
const MEASURED = sql`${sensors.measured}`;

/** The measured parameters comma-joined, as `string_agg` over `jsonb_array_elements_text` wrote them (nulls left out). */
export function measuredText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts: string[] = [];
  for (const v of value) if (v !== null) parts.push(typeof v === 'string' ? v : JSON.stringify(v));
  return parts.length ? parts.join(',') : null;
}

/** `measuredText` in SQL, for PGlite's COPY (server/lists/csvCopy.ts): a list of texts; anything else is COPY_UNSURE. */
export const measuredSql = (measured: SQL): SQL =>
  sql`(case when jsonb_typeof(${measured}) = 'array' then (select ${guardedText(sql`t`)} from (select
    string_agg(case when jsonb_typeof(e) = 'string' then e #>> '{}' else chr(1) end, ',' order by n) as t
    from jsonb_array_elements(${measured}) with ordinality as x(e, n) where jsonb_typeof(e) <> 'null') s) end)`;

/**
 * The CSV (BOM, header, one line per sensor) streamed from ONE query (server/lists/csvStream.ts: a
 * cursor on PostgreSQL, pages of the ordered ids on PGlite), in the order of GET /sensors: the sort
 * key with empty values last, then the id. The first chunk is the header with the first batch.
 */
export function exportCsv(db: Executor, plan: ExportPlan, fetch?: number): AsyncGenerator<Buffer> {
  const cells = exportColumns(plan);
  const orderBy = plan.byId
    ? [(plan.desc ? desc : asc)(sensors.id)]
    : orderWithEmptyLast(plan.sortExpr, plan.desc ? 'desc' : 'asc', sensors.id, !plan.nullable);
  const lines = exportLines(
    db,
    {
      cells,
      from: sql`${sensors} left join ${contractors} on ${contractors.id} = ${sensors.contractorId}`,
      where: plan.where,
      orderBy,
      id: sensors.id,
    },
    fetch,
  );
  return csvChunks(plan.header, lines);
}
