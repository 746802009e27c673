/** The sensors' streamed CSV export: the plan (query, visible columns, sort key) and keyset-paged batches of CSV lines. */
import { z } from 'zod';
import { fieldRule, sensor } from '../../../../common/entities';
import { Column, and, asc, desc, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FACTOR_PARAMS, type FactorParam } from '../../../../common/domain';
import {
  MAX_QUERY_LENGTH,
  SENSOR_CATALOGUE,
  tagViewPermission,
  visibleFields,
  type FieldType,
} from '../../../../common/query';
import { CSV_BOM, CSV_EOL, CSV_SEPARATOR, csvCell, csvLine } from '../../../../common/csv';
import type { PermissionSet } from '../../../../common/permissions';
import type { Executor } from '../../../db';
import { contractors, sensorTagValues, sensors } from '../../../db/schema';
import { parseAndCompile } from '../../../query/compile';
import { CURRENT_INSTALLATION_NUMBER, SENSOR_COLUMNS, SENSOR_TAG_STORAGE } from './repository';
import { taggedCatalogue } from '../../../lists/tags';
import { resolveSortKey } from '../../../lists/sorting';

/** Rows per database round trip of the CSV export. */
export const EXPORT_BATCH = 1000;

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

/** SQL type of a catalogue field, for casting a keyset bound back from its text form. */
const SQL_TYPE: Partial<Record<FieldType, string>> = {
  integer: 'int8',
  number: 'float8',
  string: 'text',
  enum: 'text',
  datetime: 'timestamptz',
  date: 'date',
  boolean: 'boolean',
};

interface ExportPlan {
  where: SQL | undefined;
  sortExpr: SQL | AnyPgColumn;
  sortType: string;
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
    sortType: SQL_TYPE[field.type] ?? 'text',
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
function exportColumns(plan: ExportPlan): SQL[] {
  const tv = sensorTagValues;
  return [
    sql`${sensors.id}::text`,
    sql`${CURRENT_INSTALLATION_NUMBER}::text`,
    ...(plan.showToken ? [sql`${sensors.sensorToken}`] : []),
    ...(plan.showComm ? [sql`${sensors.communication}`] : []),
    ...(plan.showOwner ? [sql`${sensors.contractorId}::text`, sql`${contractors.name}`] : []),
    sql`${sensors.status}`,
    sql`(select string_agg(m.v, ',' order by m.o) from jsonb_array_elements_text(${sensors.measured}) with ordinality as m(v, o))`,
    ...plan.factorParams.flatMap((p) =>
      (['A', 'B', 'C'] as const).map((k) => sql`(${sensors.factors} -> ${p}::text ->> ${k}::text)`),
    ),
    ...plan.tagIds.map(
      (id) =>
        sql`(select ${tv.value} #>> '{}' from ${tv} where ${tv.entityId} = ${sensors.id} and ${tv.tagId} = ${id}::int)`,
    ),
  ];
}

/**
 * The CSV (BOM, header, one line per sensor) in chunks of EXPORT_BATCH rows; the first chunk is the
 * header with the first batch, so the first database query has run before anything can be sent.
 * Keyset paging on (sort key, id): non-null keys first, then — for a nullable key — the rows without one, by id,
 * in the order of GET /sensors (empty values last). Each batch is its own short query, so PGlite's
 * one connection is never held for the whole export, and memory does not grow with the rows.
 */
export async function* exportCsv(db: Executor, plan: ExportPlan, batch = EXPORT_BATCH): AsyncGenerator<string> {
  let head = CSV_BOM + csvLine(plan.header);
  const dir = plan.desc ? desc : asc;
  const cmp = plan.desc ? sql.raw('<') : sql.raw('>');
  const columns = exportColumns(plan);
  const width = columns.length;
  const select = sql.join(
    [...columns, sql`${sensors.id} as "__id"`, sql`(${plan.sortExpr})::text as "__key"`].map((c, i) =>
      i < width ? sql`${c} as ${sql.identifier(`c${i}`)}` : c,
    ),
    sql`, `,
  );
  let phase: 'values' | 'nulls' = 'values';
  let after: { key: string | null; id: number } | undefined;
  for (;;) {
    let cond: SQL | undefined;
    let orderBy: SQL[];
    if (plan.byId) {
      cond = after ? sql`${sensors.id} ${cmp} ${after.id}` : undefined;
      orderBy = [dir(sensors.id)];
    } else if (phase === 'values') {
      const typed = after ? sql`${after.key}::${sql.raw(plan.sortType)}` : undefined;
      cond = and(
        sql`(${plan.sortExpr}) is not null`,
        after ? sql`((${plan.sortExpr}), ${sensors.id}) ${cmp} (${typed}, ${after.id})` : undefined,
      );
      orderBy = [dir(plan.sortExpr), dir(sensors.id)];
    } else {
      cond = and(sql`(${plan.sortExpr}) is null`, after ? sql`${sensors.id} ${cmp} ${after.id}` : undefined);
      orderBy = [dir(sensors.id)];
    }
    const where = and(plan.where, cond);
    const result = await db.execute(
      sql`select ${select} from ${sensors} left join ${contractors} on ${contractors.id} = ${sensors.contractorId}${
        where ? sql` where ${where}` : sql``
      } order by ${sql.join(orderBy, sql`, `)} limit ${batch}`,
    );
    const rows = (result as unknown as { rows: Record<string, string | number | null>[] }).rows;
    if (rows.length > 0) {
      let chunk = '';
      for (const r of rows) {
        let line = '';
        for (let i = 0; i < width; i++) {
          if (i > 0) line += CSV_SEPARATOR;
          const v = r[`c${i}`];
          if (v !== null && v !== undefined) line += csvCell(String(v));
        }
        chunk += line + CSV_EOL;
      }
      yield head + chunk;
      head = '';
      const last = rows[rows.length - 1]!;
      after = { key: last.__key === null ? null : String(last.__key), id: Number(last.__id) };
    }
    if (rows.length < batch) {
      if (!plan.byId && phase === 'values' && plan.nullable) {
        phase = 'nulls';
        after = undefined;
        continue;
      }
      if (head) yield head;
      return;
    }
  }
}
