/**
 * The one path every streamed CSV export takes: ONE query selecting only the exported columns, each
 * already in the form the file shows (text for dates and formatted values, plain JSON values where the
 * cell is their JSON), read in large batches and written to the reply with backpressure.
 *
 * - PostgreSQL: a server-side cursor (`DECLARE … NO SCROLL CURSOR`) in a read-only REPEATABLE READ
 *   transaction of its own pool connection, with `SET LOCAL jit = off` (JIT compiles the whole
 *   query for seconds before the first row of a big export), fetched EXPORT_FETCH rows at a time.
 * - PGlite (one connection in this process): the same SELECT run in pages, each its own short
 *   statement, so other requests run between them: the first page with LIMIT, then the ids of the
 *   whole order as one text (~7 bytes a row) and the rest in windows of those ids, each joined to
 *   `unnest(ids) with ordinality`. A row changed meanwhile is written as it is then; none twice.
 *   When every cell of the export can be written in SQL (server/lists/csvCopy.ts), each window
 *   after the first page is one `COPY … TO '/dev/blob'`: PGlite writes the page's CSV itself,
 *   EXPORT_PAGE_COPY rows at a time, with no row protocol and no value decoded here. When a cell
 *   needs JavaScript, the windows are still read by COPY, in text format, and split into rows here
 *   (`copyRows`): PGlite's row protocol decodes each value on its own, which cost more than the
 *   page's query.
 *
 * Otherwise rows come back as arrays (no object per row) and become CSV through the project's one
 * cell encoder (`csvCell`), exactly as the shaped JSON rows used to: the bytes do not depend on the path.
 * `Readable.from` pulls the next batch only when the socket (or the compressor in front of it) wants
 * more, so a slow client holds one batch in memory, not the export.
 */
import { Readable } from 'node:stream';
import { setImmediate as afterPendingIo } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { CSV_EOL, CSV_SEPARATOR, csvCell } from '../../common/csv';
import { pgliteOf, poolOf, type Executor } from '../db';
import type { TagValueTable } from '../query/compile';
import { copyRows, inlined } from '../db/copyText';
import { cellText, copyCsv } from './csvCopy';

/**
 * Rows per cursor fetch on PostgreSQL: small enough that a batch's values die young (a batch that
 * outlives a scavenge is promoted, and the old generation grows with the export), large enough that
 * the round trips hide behind the prefetch.
 */
export const EXPORT_FETCH = 500;
/** Rows per page on PGlite: as small for the same reason (2,000-row pages grew the server's RSS by ~100 MiB). */
export const EXPORT_PAGE_PGLITE = 500;
/** Rows per COPY page on PGlite: a page is one text (~300 bytes a row), no object per row or value. */
export const EXPORT_PAGE_COPY = 2_000;

/** A CSV column read in SQL: its expression, and what turns the value read into the cell's value. */
export interface ExportCell {
  sql: SQL;
  map?: (value: unknown) => unknown;
  /**
   * A tag column: the export reads every tag column of a row from ONE aggregate of its tag values
   * (`pivotTags`) instead of `sql`, a lookup per row and tag column.
   */
  tag?: { table: TagValueTable; rowId: SQL | AnyPgColumn; tagId: number };
  /**
   * `sql` yields JSON (json/jsonb): it is read as its text and decoded here (`decodeJson`), not by
   * the driver — numbers, null, booleans and empty containers (most cells) without `JSON.parse`.
   */
  json?: boolean;
  /**
   * The cell's text computed in SQL, for PGlite's COPY (`exportLines`): from the value `sql` yields
   * (a `json` cell's as jsonb), what `map` makes of it — null for an empty cell, `COPY_UNSURE` where
   * only `map` can tell. An export with a `map` cell that has no `copyText` takes the row path.
   */
  copyText?: (value: SQL) => SQL;
}

/** A JSON number (RFC 8259): for such a text, `Number(text)` is exactly `JSON.parse(text)`. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The value of a JSON text as `JSON.parse` gives it (null stays null), the common cells of an
 * export's JSON columns — a measured value, an absent factor — in one step each.
 */
export function decodeJson(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? null;
  switch (text) {
    case 'null':
      return null;
    case 'true':
      return true;
    case 'false':
      return false;
    case '[]':
      return [];
    case '{}':
      return {};
  }
  return JSON_NUMBER.test(text) ? Number(text) : JSON.parse(text);
}

const dialect = new PgDialect();

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds), computed in SQL. */
export const isoText = (expr: SQL | AnyPgColumn, withTimezone = true): SQL =>
  withTimezone
    ? sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`to_char(${expr}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The cell of a table column, as drizzle's value of it reaches the CSV: timestamps (Dates) as ISO
 * text, date and time columns in string mode as PostgreSQL writes them, anything else as it is.
 */
export function columnCell(column: AnyPgColumn): ExportCell {
  // The schema's jsonb is a custom column (server/db/schema.ts): told by its SQL type.
  const sqlType = column.getSQLType();
  if (sqlType === 'jsonb' || sqlType === 'json') return { sql: sql`${column}`, json: true };
  switch (column.columnType) {
    case 'PgTimestamp':
      return { sql: isoText(column, (column as unknown as { withTimezone: boolean }).withTimezone) };
    case 'PgDate':
      return { sql: sql`to_char(${column}, 'YYYY-MM-DD"T00:00:00.000Z"')` };
    case 'PgTimestampString':
    case 'PgDateString':
    case 'PgTime':
    case 'PgInterval':
      return { sql: sql`(${column})::text` };
    default:
      return { sql: sql`${column}` };
  }
}

/**
 * A tag's value on the row (its JSON value, null without one). Exported through `exportRows`, the
 * tag columns are pivoted in SQL; `sql` (a primary-key lookup) is the cell on its own.
 */
export const tagValueCell = (table: TagValueTable, rowId: SQL | AnyPgColumn, tagId: number): ExportCell => ({
  sql: sql`(select ${table.value} from ${table} where ${table.entityId} = ${rowId} and ${table.tagId} = ${tagId}::int)`,
  tag: { table, rowId, tagId: Math.trunc(tagId) },
  json: true,
});

/** The alias of the pivoted tag values: one JSON object per row, tag id → value. */
const TAGS = sql.raw('"__tags"');

/**
 * The tag columns of an export pivoted in SQL: the row's tag values of the exported tags as one JSON
 * object (`jsonb_object_agg`), and each tag cell its member. `whole`: every row of the table is read
 * (PostgreSQL's cursor), so the values are aggregated once for all rows and hash-joined; otherwise
 * (PGlite's pages of ids) per row, through LATERAL, which reads only the page's values.
 */
export function pivotTags(cells: readonly ExportCell[], whole: boolean): { cells: ExportCell[]; join: SQL } {
  const tagged = cells.filter((c) => c.tag);
  const first = tagged[0]?.tag;
  if (!first) return { cells: [...cells], join: sql`` };
  const { table, rowId } = first;
  const ids = `{${[...new Set(tagged.map((c) => c.tag!.tagId))].join(',')}}`;
  const values = sql`jsonb_object_agg((${table.tagId})::text, ${table.value})`;
  const join = whole
    ? sql` left join (select ${table.entityId} as "id", ${values} as "values" from ${table}
          where ${table.tagId} = any(${ids}::int[]) group by ${table.entityId}) ${TAGS} on ${TAGS}."id" = ${rowId}`
    : sql` left join lateral (select ${values} as "values" from ${table}
          where ${table.entityId} = ${rowId} and ${table.tagId} = any(${ids}::int[])) ${TAGS} on true`;
  return {
    cells: cells.map((c) =>
      c.tag && c.tag.table === table && c.tag.rowId === rowId
        ? { ...c, sql: sql`${TAGS}."values" -> ${sql.raw(`'${c.tag.tagId}'`)}` }
        : c,
    ),
    join,
  };
}

/** A cell's value as the CSV writes it: objects (factors, locations) as compact JSON, the rest as they are. */
export const exportCell = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : value;

const SEPARATOR_BYTE = CSV_SEPARATOR.charCodeAt(0);
const EOL_BYTES = Buffer.from(CSV_EOL, 'latin1');
if (CSV_SEPARATOR.length !== 1 || SEPARATOR_BYTE > 0x7f)
  throw new Error('csvLines: the separator is not one ASCII byte');

/** Below this length a text is copied here when it is ASCII (most cells): cheaper than a call to `write`. */
const COPIED_HERE = 64;

/** Writes `text` as UTF-8 at `at` (the room is there) and returns the end. */
function writeText(out: Buffer, at: number, text: string): number {
  if (text.length <= COPIED_HERE) {
    let end = at;
    for (let k = 0; k < text.length; k++) {
      const unit = text.charCodeAt(k);
      if (unit > 0x7f) return at + out.write(text, at);
      out[end++] = unit;
    }
    return end;
  }
  return at + out.write(text, at);
}

/**
 * CSV lines of array rows, each value mapped by its cell, written straight into bytes (UTF-8): a
 * batch is one buffer, with no string built per line or per batch (concatenated strings are trees
 * the collector copies while the batch waits, and the socket needs them flattened and encoded).
 */
export function csvLines(rows: readonly unknown[][], cells: readonly ExportCell[]): Buffer {
  const maps = cells.map((c) => c.map);
  const json = cells.map((c) => c.json === true);
  let out = Buffer.allocUnsafe(Math.max(1024, rows.length * 256));
  let at = 0;
  /** Room for `bytes` more: the buffer doubles (a batch of long cells) as often as it must. */
  const reserve = (bytes: number) => {
    if (at + bytes <= out.length) return;
    const larger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
    out.copy(larger, 0, 0, at);
    out = larger;
  };
  for (const row of rows) {
    reserve(maps.length + EOL_BYTES.length);
    for (let i = 0; i < maps.length; i++) {
      if (i > 0) out[at++] = SEPARATOR_BYTE;
      const map = maps[i];
      const read = json[i] ? decodeJson(row[i]) : row[i];
      const value = map ? map(read) : read;
      if (value === null || value === undefined) continue;
      const text = csvCell(typeof value === 'object' ? exportCell(value) : value);
      // UTF-8 takes at most 3 bytes per UTF-16 unit; the rest of the line's separators and its end too.
      reserve(text.length * 3 + maps.length - i + EOL_BYTES.length);
      at = writeText(out, at, text);
    }
    at += EOL_BYTES.copy(out, at);
  }
  return out.subarray(0, at);
}

type Client = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite };

/** The driver under a drizzle database. */
export function clientOf(db: Executor): Client {
  const pool = poolOf(db);
  if (pool) return { kind: 'postgres', pool };
  const pglite = pgliteOf(db);
  if (pglite) return { kind: 'pglite', pglite };
  throw new Error('CSV export: the database has no driver client (a transaction?)');
}

/**
 * How many exports may hold a pool connection at once: an export keeps its connection while the
 * client downloads (a slow client, a long time), so at most half the pool goes to exports and the
 * lists and edits keep theirs; a further export waits for a slot before its first query.
 */
const cursorSlots = new WeakMap<pg.Pool, { free: number; waiting: (() => void)[] }>();

async function takeCursorSlot(pool: pg.Pool): Promise<() => void> {
  let slots = cursorSlots.get(pool);
  if (!slots)
    cursorSlots.set(pool, (slots = { free: Math.max(1, Math.floor((pool.options.max ?? 10) / 2)), waiting: [] }));
  const s = slots;
  if (s.free > 0) s.free--;
  else await new Promise<void>((resolve) => s.waiting.push(resolve));
  // Handed on to the next waiting export, or given back.
  return () => {
    const next = s.waiting.shift();
    if (next) next();
    else s.free++;
  };
}

/** The rows of `query`, EXPORT_FETCH at a time, from a cursor on its own connection. */
async function* cursorRows(pool: pg.Pool, query: SQL, fetch: number): AsyncGenerator<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const releaseSlot = await takeCursorSlot(pool);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    releaseSlot();
    throw err;
  }
  let failure: unknown;
  let done = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SET LOCAL jit = off');
    await client.query({ text: `DECLARE csv_export NO SCROLL CURSOR FOR ${text}`, values: params as unknown[] });
    const fetchBatch = () => {
      const batch = client.query<unknown[]>({ text: `FETCH ${fetch} FROM csv_export`, rowMode: 'array' });
      batch.catch(() => {}); // awaited below; not an unhandled rejection if the export ends first
      return batch;
    };
    // The next batch is asked for before this one is written: the database reads it while the
    // process formats this one (the client queues its queries on the connection).
    let next: ReturnType<typeof fetchBatch> | undefined = fetchBatch();
    while (next) {
      const { rows }: { rows: unknown[][] } = await next;
      next = rows.length < fetch ? undefined : fetchBatch();
      if (rows.length) yield rows;
    }
    await client.query('COMMIT');
    done = true;
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    // Left early (the client went away) or failed: end the transaction before the connection is reused.
    if (!done && !failure) await client.query('ROLLBACK').catch((err: unknown) => (failure = err));
    client.release(failure instanceof Error ? failure : undefined);
    releaseSlot();
  }
}

/** What a streamed export reads: the SELECT list, FROM, WHERE and ORDER BY, and the row id for PGlite's pages. */
export interface ExportQuery {
  cells: readonly ExportCell[];
  /** The FROM clause (table and joins) — the list's own, so the WHERE and ORDER BY read the same columns. */
  from: SQL;
  where: SQL | undefined;
  orderBy: readonly SQL[];
  /** The row id column: PGlite's pages are windows of the ordered ids. */
  id: AnyPgColumn | SQL;
}

const selectList = (cells: readonly ExportCell[]) =>
  cells.length
    ? sql.join(
        cells.map((c) => (c.json ? sql`(${c.sql})::text` : c.sql)),
        sql`, `,
      )
    : sql`null`;

/**
 * The join of a page of ids (a `{…}` array text) with their order, "__page"."n". The row id is also
 * looked up in the array: without it the planner hashes the whole table to join a page of it.
 */
const pageJoin = (id: AnyPgColumn | SQL, page: string) =>
  sql`join unnest(${page}::int8[]) with ordinality as "__page"("id", "n") on "__page"."id" = ${id} and ${id} = any(${page}::int8[])`;

/** The array rows of a query on PGlite. */
async function pgliteRows(pglite: PGlite, query: SQL): Promise<unknown[][]> {
  return (await pgliteResult(pglite, query)).rows;
}

/** The array rows of a query on PGlite, with its fields' types. */
async function pgliteResult(pglite: PGlite, query: SQL): Promise<{ rows: unknown[][]; types: number[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const { rows, fields } = await pglite.query<unknown[]>(text, params as unknown[], { rowMode: 'array' });
  return { rows, types: fields.map((f) => f.dataTypeID) };
}

/**
 * The exported rows as CSV lines, in batches: PostgreSQL's cursor and PGlite's row pages through
 * `csvLines`, or on PGlite, when every cell can be written in SQL (server/lists/csvCopy.ts), pages
 * written by COPY.
 */
export async function* exportLines(db: Executor, q: ExportQuery, fetch?: number): AsyncGenerator<Buffer> {
  const client = clientOf(db);
  if (client.kind === 'pglite') {
    const { cells, join } = pivotTags(q.cells, false);
    const raw = (c: ExportCell) => (c.json ? sql`(${c.sql})::jsonb` : c.sql);
    // The type of each cell's value: what the row path's driver would have handed to csvCell.
    const describe = dialect.sqlToQuery(sql`select ${sql.join(cells.map(raw), sql`, `)} from ${q.from}${join} limit 0`);
    const { fields } = await client.pglite.query(describe.sql, describe.params as unknown[]);
    const texts = cells.map((c, i) => cellText(c, sql.raw(`"__row"."c${i}"`), fields[i]!.dataTypeID));
    if (cells.length && texts.every(Boolean)) {
      yield* copyPages(client.pglite, q, { cells, join, raw, texts: texts as SQL[] }, fetch ?? EXPORT_PAGE_COPY);
      return;
    }
  }
  for await (const rows of exportRows(db, q, fetch)) yield csvLines(rows, q.cells);
}

/**
 * PGlite's COPY pages (`pglitePages`): the first page through `csvLines`, every later window of ids
 * as one COPY of the rows' cell texts (a page holding a cell only the row path can write is read as
 * rows).
 */
function copyPages(
  pglite: PGlite,
  q: ExportQuery,
  plan: { cells: ExportCell[]; join: SQL; raw: (c: ExportCell) => SQL; texts: SQL[] },
  pageSize: number,
): AsyncGenerator<Buffer> {
  const values = sql.join(
    plan.cells.map((c, i) => sql`${plan.raw(c)} as ${sql.raw(`"c${i}"`)}`),
    sql`, `,
  );
  return pglitePages(pglite, q, plan, Math.min(pageSize, EXPORT_PAGE_PGLITE), pageSize, {
    first: (rows) => csvLines(rows, plan.cells),
    async page(from) {
      // OFFSET 0 keeps the inner SELECT apart: each value is read once, however often its text names it.
      const text = inlined(
        sql`select ${sql.join(plan.texts, sql`, `)} from (select ${values} from ${from} order by "__page"."n" offset 0) "__row"`,
      );
      const csv = text === undefined ? undefined : await copyCsv(pglite, text);
      return csv !== undefined
        ? Buffer.from(csv, 'utf8')
        : csvLines(
            await pgliteRows(pglite, sql`select ${selectList(plan.cells)} from ${from} order by "__page"."n"`),
            plan.cells,
          );
    },
  });
}

/**
 * PGlite's pages of an export: the first `firstSize` rows straight from the query (the row id last),
 * so the answer starts at once, then the ids of every row in the order as ONE text (a row per id
 * costs PGlite more than the sort), less those already written, and each window of `pageSize` of
 * them as the FROM of its page ("__page"."n" its order). `batch` makes each page's batch.
 */
async function* pglitePages<T>(
  pglite: PGlite,
  q: ExportQuery,
  { cells, join }: { cells: readonly ExportCell[]; join: SQL },
  firstSize: number,
  pageSize: number,
  batch: { first: (rows: unknown[][]) => T; page: (from: SQL, types: readonly number[]) => Promise<T> },
): AsyncGenerator<T> {
  const where = q.where ? sql` where ${q.where}` : sql``;
  const order = q.orderBy.length ? sql` order by ${sql.join([...q.orderBy], sql`, `)}` : sql``;
  const { rows: first, types } = await pgliteResult(
    pglite,
    sql`select ${selectList(cells)}, ${q.id} from ${q.from}${join}${where}${order} limit ${firstSize}`,
  );
  yield batch.first(first);
  if (first.length < firstSize) return;
  // The types of the select list's columns (the first page's, less the row id after them).
  const cellTypes = types.slice(0, -1);
  const written = new Set(first.map((r) => String(r[r.length - 1])));
  // PGlite answers in this thread without waiting on I/O: back to back, the pages would keep every
  // other request of the process waiting until the export ends (a first page 0.26–1.5 s during a
  // 100,000-sensor export). Each statement after the first waits until pending I/O has had its turn.
  await afterPendingIo();
  const [[list]] = (await pgliteRows(
    pglite,
    sql`select string_agg((${q.id})::text, ','${order}) from ${q.from}${where}`,
  )) as [[string | null]];
  const ids = (list ? list.split(',') : []).filter((id) => !written.has(id));
  for (let i = 0; i < ids.length; i += pageSize) {
    await afterPendingIo();
    const page = `{${ids.slice(i, i + pageSize).join(',')}}`;
    yield await batch.page(sql`${q.from} ${pageJoin(q.id, page)}${join}`, cellTypes);
  }
}

/** The exported rows as arrays, in batches, on either database. */
export async function* exportRows(db: Executor, q: ExportQuery, fetch?: number): AsyncGenerator<unknown[][]> {
  const client = clientOf(db);
  const where = q.where ? sql` where ${q.where}` : sql``;
  const order = q.orderBy.length ? sql` order by ${sql.join([...q.orderBy], sql`, `)}` : sql``;
  if (client.kind === 'postgres') {
    // LATERAL here too: a hash join of the whole aggregate made the cursor sort before its first row
    // (first byte 0.5 → 6.5 s, 0.60 → 0.26× the SELECT in bench/exports.ts at 100,000 rows).
    const { cells, join } = pivotTags(q.cells, false);
    yield* cursorRows(
      client.pool,
      sql`select ${selectList(cells)} from ${q.from}${join}${where}${order}`,
      fetch ?? EXPORT_FETCH,
    );
    return;
  }
  const { cells, join } = pivotTags(q.cells, false);
  const pageSize = fetch ?? EXPORT_PAGE_PGLITE;
  const { pglite } = client;
  yield* pglitePages(pglite, q, { cells, join }, pageSize, pageSize, {
    first: (rows) => rows,
    async page(from, types) {
      const query = sql`select ${selectList(cells)} from ${from} order by "__page"."n"`;
      return (await copyRows(pglite, query, types)) ?? pgliteRows(pglite, query);
    },
  });
}

const bytesOf = (chunk: string | Buffer) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);

/**
 * Sends `chunks` as a CSV download named `fileName`. The first chunk is awaited before the answer
 * starts, so a failing first query is an ordinary error answer, not a 200 cut short; a failure
 * after that is logged (the client sees the download break off).
 */
export async function sendCsv(
  reply: FastifyReply,
  chunks: AsyncGenerator<string | Buffer>,
  fileName: string,
  onError: (err: unknown) => void,
) {
  const first = await chunks.next();
  const stream = Readable.from(
    (async function* () {
      if (!first.done) yield bytesOf(first.value);
      for await (const chunk of chunks) yield bytesOf(chunk);
    })(),
    { objectMode: false },
  );
  stream.on('error', onError);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
