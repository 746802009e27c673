/**
 * Installations, data access: the SQL of each declared field, the page and count queries of the
 * list (current installations unless the query names removedAt) and the row shaping, with
 * measurements, suspensions, factors, 72-hour activity and tag columns. Chain links
 * (predecessorId, successorId) are shown and queried as business numbers.
 */
import { Column, and, is, isNull, sql, type SQL } from 'drizzle-orm';
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
  type TagValue,
} from '../../../db/schema';
import { countOver } from '../../../lists/count';
import { windowPlaceholders, windowValues } from '../../../lists/sorting';
import { columnCell, tagValueCell, type ExportCell } from '../../../lists/csvStream';
import { jsonNumberText } from '../../../lists/csvCopy';
import type { ListRepository } from '../../../lists/endpoint';
import { compileRowLiteral, perExtraMembers, type RowMember } from '../../../lists/rowLiterals';
import { isRowField } from '../../../lists/schemas';
import { renderedOnce, renderedPageRows, renderedPerWhere, selectWhere } from '../../../db/arrayRows';
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

/**
 * 72 zeros as a packed array: its copies are too. (`new Array(72).fill(0)` is a holey array, which
 * JSON.stringify writes slower: 25 rows of installations, 167 against 132 µs.)
 */
const NO_FLAGS: readonly number[] = Array.from({ length: ACTIVITY_HOURS }, () => 0);

/** 72 hourly flags (oldest first, the current hour last) from the epoch hours a sensor reported in. */
export function activityFlags(activeHours: readonly number[] | null | undefined, nowMs = Date.now()): number[] {
  const nowHour = Math.floor(nowMs / 3_600_000);
  const first = nowHour - ACTIVITY_HOURS + 1;
  const flags = NO_FLAGS.slice();
  for (const h of activeHours ?? []) if (h >= first && h <= nowHour) flags[h - first] = 1;
  return flags;
}

/** The activity cell of a row without a report in the last 72 hours. */
const NO_ACTIVITY = NO_FLAGS.join(',');

/** Hours of the activity window per block: a block's flags are one bit mask, its text one cached string. */
const BLOCK = 24;
if (ACTIVITY_HOURS % BLOCK !== 0) throw new Error(`ACTIVITY_HOURS (${ACTIVITY_HOURS}) is not whole blocks of ${BLOCK}`);
const BLOCKS = ACTIVITY_HOURS / BLOCK;
/** The comma-joined flags of a block by its mask (bit i: the block's hour i). A fleet has few patterns. */
const blockTexts = new Map<number, string>();
const BLOCK_TEXTS_KEPT = 4_096;
/** The masks of the row being read (`activityText` runs to its end before the next call). */
const masks = new Int32Array(BLOCKS);

function blockText(mask: number): string {
  let text = blockTexts.get(mask);
  if (text === undefined) {
    text = Array.from({ length: BLOCK }, (_, i) => (mask >>> i) & 1).join(',');
    if (blockTexts.size < BLOCK_TEXTS_KEPT) blockTexts.set(mask, text);
  }
  return text;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const COMMA = 44;
const SPACE = 32;
const OPEN = 91;
const CLOSE = 93;

/**
 * The CSV cell of `activityFlags` (comma-joined) from the JSON text of the active hours, read in one
 * pass without `JSON.parse` when it is a plain list of whole hours (what the summaries store): each
 * hour of the window sets a bit of its block's mask, and the cell is the blocks' cached texts.
 * Anything else goes through `JSON.parse` and `activityFlags`, so the cell is the same either way.
 */
export function activityText(text: string | null, nowMs: number): string {
  if (text === null || text === '[]') return NO_ACTIVITY;
  const nowHour = Math.floor(nowMs / 3_600_000);
  const first = nowHour - ACTIVITY_HOURS + 1;
  masks.fill(0);
  let any = false;
  let hour = -1;
  const end = text.length - 1;
  let plain = text.charCodeAt(0) === OPEN && text.charCodeAt(end) === CLOSE;
  for (let i = 1; plain && i <= end; i++) {
    const c = i === end ? COMMA : text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) hour = (hour < 0 ? 0 : hour * 10) + (c - DIGIT_0);
    else if (c !== COMMA && c !== SPACE) plain = false;
    else if (hour >= 0) {
      if (hour >= first && hour <= nowHour) {
        const at = hour - first;
        masks[(at / BLOCK) | 0]! |= 1 << (at % BLOCK);
        any = true;
      }
      hour = -1;
    }
  }
  if (!plain) return activityFlags(JSON.parse(text) as number[] | null, nowMs).join(',');
  if (!any) return NO_ACTIVITY;
  let cell = blockText(masks[0]!);
  for (let b = 1; b < BLOCKS; b++) cell += ',' + blockText(masks[b]!);
  return cell;
}

/** The list's FROM: the page, the count and the export read the same joins. */
const INSTALLATIONS_FROM = sql`${installations}
  left join ${sensors} on ${sensors.id} = ${installations.sensorId}
  left join ${contractors} on ${contractors.id} = ${installations.contractorId}
  left join ${measurementSummaries} on ${measurementSummaries.sensorId} = ${installations.sensorId}
    and ${installations.removedAt} is null`;

/**
 * The list's rows matching `where` (none: every row), selecting `select`, with the FROM rendered to
 * SQL text once: the page's ids and the count build only their WHERE on each request (building
 * them through drizzle's query builder took ~0.13 ms of every list request).
 */
const FROM_TEXT = renderedOnce(INSTALLATIONS_FROM);

/** The row fields, in their declared order: the members of every shaped installation, before its tag columns. */
const ROW_FIELDS = installation.fields.filter(isRowField).map((f) => f.name);

/**
 * Row fields computed from the JSON columns (values, suspensions, factors) and the activity, not
 * copied: each one's JavaScript expression in the compiled row (`installationRow`).
 */
const COMPUTED = new Map<string, string>([
  ...MEASURED_PARAMS.flatMap((p): [string, string][] => {
    const at = JSON.stringify(p);
    return [
      [`${p}Value`, `typeof values[${at}] === 'number' ? values[${at}] : null`],
      [`${p}Suspended`, `suspensions[${at}]?.suspended === true`],
      [`${p}SuspendedFrom`, `suspensions[${at}]?.suspendedFrom ?? null`],
    ];
  }),
  ...FACTOR_COLUMN_PARAMS.map((p): [string, string] => [`${p}Factors`, `factors[${JSON.stringify(p)}] ?? null`]),
  ['recentActivity', 'activity'],
]);

/** Row fields a page row copies from its column as it is: the page selects them first, in this order. */
const COPIED = ROW_FIELDS.filter((name) => !COMPUTED.has(name));

/** A copied field's SQL: its column, timestamps as ISO text, a missing sensor's token and communication as ''. */
function pageCell(name: string): SQL {
  const column = INSTALLATION_COLUMNS[name];
  if (!column) throw new Error(`installations: no column for the row field ${name}`);
  if (name === 'sensorToken' || name === 'communication') return sql`coalesce(${column}, '')`;
  if (is(column, Column) && column.columnType === 'PgTimestamp') return columnCell(column as AnyPgColumn).sql;
  return sql`${column}`;
}

/** Where a page row holds its id, and the JSON columns the computed fields are read from (after the copied ones). */
const ID = COPIED.indexOf('id');
const VALUES = COPIED.length;
const ACTIVE_HOURS = VALUES + 1;
const FACTORS = VALUES + 2;
const SUSPENSIONS = VALUES + 3;

/**
 * The page's select list, rendered once (it has no parameters): the copied fields, then the JSON
 * columns. Rows are read as arrays and shaped by position (`installationRow`), not mapped by drizzle.
 */
const PAGE_LIST = renderedOnce(
  sql.join(
    [
      ...COPIED.map(pageCell),
      sql`${measurementSummaries.values}`,
      sql`${measurementSummaries.activeHours}`,
      sql`${installations.factors}`,
      sql`${installations.suspensions}`,
    ],
    sql`, `,
  ),
);

/** The WHERE of a list of current installations without a query: one object, so its statements render once. */
const CURRENT = renderedOnce(isNull(installations.removedAt));

/** The page and count statements, rendered once per WHERE, sort key and direction (see renderedPerWhere). */
const statementFor = renderedPerWhere();

export const installationList: ListRepository<unknown[]> = {
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
    if (includeRemoved) return filter;
    return filter ? and(CURRENT, filter) : CURRENT;
  },
  /**
   * The page's ids first (the joins the query and the order do not use are removed by the
   * planner, and the offset skips bare ids), then the rows of just those ids: a deep page no longer
   * joins and decodes every row it skips.
   */
  page: (db, where, plan) =>
    renderedPageRows(
      db,
      statementFor(where, `page ${plan.sortKey} ${plan.descending}`, () => {
        const ids = sql`${selectWhere(sql`${installations.id}`, FROM_TEXT, where)}${windowPlaceholders(plan)}`;
        return sql`select ${PAGE_LIST} from ${FROM_TEXT}
          where ${installations.id} in (${ids}) order by ${sql.join(plan.orderBy, sql`, `)}`;
      }),
      windowValues(plan),
    ),
  count: countOver(FROM_TEXT, statementFor),
  async shape(rows, { db, permissions, tags }) {
    const tagIds = visibleTagIds(tags, 'installations', permissions);
    const tagValues = await loadTagValues(
      db,
      installationTagValues,
      rows.map((r) => r[ID] as number),
      tagIds,
    );
    const nowMs = Date.now();
    const build = installationRow([...tagIds].map((id) => `tag_${id}`));
    // The summary joins current installations only: a removed one shows no activity.
    return rows.map((row) =>
      build(
        row,
        tagValues.get(row[ID] as number) ?? NO_TAGS,
        activityFlags(row[ACTIVE_HOURS] as number[] | null, nowMs),
      ),
    );
  },
  exportSql: {
    from: INSTALLATIONS_FROM,
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
        copyText: jsonNumberText,
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
 * The CSV cell of an exported path: what `installationRow` writes there, computed in SQL — table columns as
 * they are (dates as ISO text), chain links as business numbers, the 72-hour activity from the
 * summary's hours, tag values pivoted by one primary-key lookup each.
 */
function exportCell(path: string, nowMs: number): ExportCell | undefined {
  if (path in EXPORT_JSON_CELLS) return EXPORT_JSON_CELLS[path];
  if (path === 'recentActivity')
    // The summary joins current installations only: a removed one shows no activity. No `copyText`:
    // the cell is written in JavaScript, so on PGlite the export takes the row path, not COPY — the
    // same text computed in SQL (a jsonpath filter and a bit string per row) cost PGlite ~75 µs a
    // row, and the COPY pages ran at 8k rows/s against the row path's 17k (22k since the row path
    // reads its pages by COPY's text format; docs/PERFORMANCE.md).
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

/**
 * An installation as the API shows it, every field included, from a page row (`PAGE_LIST`), its
 * tag values and its 72-hour activity: the copied fields by position, the measured values,
 * suspensions and factors from their JSON columns, then the caller's tag columns (`tag_<id>`).
 * One object literal compiled per set of tag columns (see rowLiterals.ts).
 */
const installationRow = perExtraMembers((tagKeys) =>
  compileRowLiteral<(row: readonly unknown[], tags: Record<string, TagValue>, activity: number[]) => object>(
    ['row', 'tags', 'activity'],
    `const values = row[${VALUES}] ?? {}, suspensions = row[${SUSPENSIONS}] ?? {}, factors = row[${FACTORS}] ?? {};`,
    [
      ...ROW_FIELDS.map((name): RowMember => {
        const copied = COPIED.indexOf(name);
        return [name, copied >= 0 ? `row[${copied}]` : COMPUTED.get(name)!];
      }),
      ...tagKeys.map((key): RowMember => [key, `tags[${JSON.stringify(key.slice(4))}] ?? null`]),
    ],
  ),
);

/** The tag values of a row without any. */
const NO_TAGS: Record<string, TagValue> = Object.freeze({});

/**
 * Serialises the choice of new installation business numbers (`max + 1`): every writer of new
 * numbers (reinstall, sensor orders) takes this transaction-scoped lock first on PostgreSQL, so two
 * of them at once never pick the same number (PGlite has one connection: nothing runs beside it).
 */
export async function lockInstallationNumbers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('installations.installation_id'))`);
}
