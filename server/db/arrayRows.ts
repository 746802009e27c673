/**
 * A SELECT's rows as arrays, in the order of its select list, as the driver read them: drizzle's
 * own row mapping (a nested object per row, each cell's column checked and decoded) is left out.
 * A list page that shapes its rows by position saves it: for a 100-row installations page that
 * mapping was ~0.6 ms of the request's CPU, more than the page's JSON serialization.
 *
 * Cells arrive as the session's driver reads them: numbers, booleans and strings as usual, json and
 * jsonb parsed, timestamps and dates as PostgreSQL's text (drizzle's driver settings; select them
 * through `isoText` for the API's form), bigint and numeric as numbers (pgDriver.ts).
 */
import { fillPlaceholders, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { types as pgliteTypes, type PGlite } from '@electric-sql/pglite';
import { copyRows, copySelect, inlinedText } from './copyText';
import { pgliteOf, type Executor } from './index';

const dialect = new PgDialect();

export function arrayRows(db: Executor, query: SQL): Promise<unknown[][]> {
  return renderedArrayRows(db, renderSql(query));
}

/**
 * What drizzle's PGlite session hands over for dates and times: PostgreSQL's text (as on
 * PostgreSQL, pgDriver.ts), where PGlite's own parsers would make Dates.
 */
const asText = (value: string) => value;
const DRIZZLE_PGLITE_PARSERS = {
  [pgliteTypes.TIMESTAMP]: asText,
  [pgliteTypes.TIMESTAMPTZ]: asText,
  [pgliteTypes.INTERVAL]: asText,
  [pgliteTypes.DATE]: asText,
};

/**
 * The rows of a SELECT of many rows (a whole list's worth), as `arrayRows` gives them. On PGlite
 * they are read through COPY's text format (`copyRows`, server/db/copyText.ts), which PGlite
 * hands over in a third of the row protocol's time for 100,000 short rows; `types` are the select
 * list's column types (OIDs, `types` of @electric-sql/pglite), which COPY does not tell. A
 * statement COPY cannot take (a parameter that is not a plain value) and PostgreSQL run `arrayRows`.
 */
export async function manyArrayRows(db: Executor, query: SQL, types: readonly number[]): Promise<unknown[][]> {
  const pglite = pgliteOf(db);
  const rows = pglite && (await copyRows(pglite, query, types, drizzleParsers(pglite)));
  return rows ?? arrayRows(db, query);
}

/**
 * PGlite's parsers of every type, with drizzle's session's for dates and times: one object per
 * database whose prototype is PGlite's own, so the array types PGlite adds to it later are seen.
 */
const parsersOf = new WeakMap<PGlite, PGlite['parsers']>();
function drizzleParsers(pglite: PGlite): PGlite['parsers'] {
  let parsers = parsersOf.get(pglite);
  if (!parsers) {
    parsers = Object.assign(Object.create(pglite.parsers) as PGlite['parsers'], DRIZZLE_PGLITE_PARSERS);
    parsersOf.set(pglite, parsers);
  }
  return parsers;
}

/** The column types of each rendered page statement PGlite has answered (see `renderedPageRows`). */
const pageTypes = new WeakMap<Query, number[]>();

/**
 * The rows of a rendered statement that reads a page of a list (`renderedArrayRows`). On PGlite
 * its first run goes through the row protocol, which tells the columns' types; every later run of
 * the same statement is read through COPY's text format with them (server/db/copyText.ts): PGlite
 * hands a page of a wide list over faster that way. The parameters are written in as literals; a
 * value that cannot be one (a Date, a list) runs it as before.
 */
export async function renderedPageRows(
  db: Executor,
  query: Query,
  values?: Record<string, unknown>,
): Promise<unknown[][]> {
  const pglite = pgliteOf(db);
  if (!pglite) return renderedArrayRows(db, query, values);
  const params = fillPlaceholders(query.params, values ?? {});
  const types = pageTypes.get(query);
  const text = types && inlinedText(query.sql, params);
  if (types && text !== undefined) return copySelect(pglite, text, types, drizzleParsers(pglite));
  // What drizzle's session runs for `renderedArrayRows`, with the answer's fields kept.
  const { rows, fields } = await pglite.query<unknown[]>(query.sql, params, {
    rowMode: 'array',
    parsers: DRIZZLE_PGLITE_PARSERS,
  });
  pageTypes.set(
    query,
    fields.map((f) => f.dataTypeID),
  );
  return rows;
}

/** A statement's SQL text and parameters (its placeholders left as they are), as PostgreSQL receives them. */
export const renderSql = (query: SQL): Query => dialect.sqlToQuery(query);

/**
 * The rows of a statement already rendered to SQL text, as arrays; `values` fills its placeholders
 * (`sql.placeholder(name)`, bound as parameters).
 */
export function renderedArrayRows(db: Executor, query: Query, values?: Record<string, unknown>): Promise<unknown[][]> {
  // The database's or the transaction's session: the query runs where `db` runs.
  return db._.session
    .prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(
      query,
      undefined,
      undefined,
      true,
      (rows) => rows,
    )
    .execute(values);
}

/**
 * A list's statements rendered to SQL text once per WHERE and shape, their per-request values left
 * as placeholders (the page's limit and offset, the count's cap). A list asked for again without
 * a query runs the same WHERE object every time (its repository's constant), so its page and
 * count are rendered once, not on every request: drizzle walking the nested fragments of the
 * installations page, count and tag values cost ~45 µs of CPU a request, a tenth of what the app
 * adds to the SQL's own time. A WHERE compiled from a query is a new object each request, and
 * renders as before (its entry goes with it: the cache holds its WHEREs weakly).
 *
 * `shape` names everything else the statement is built from (which statement, the sort key and
 * direction): one WHERE and shape, one SQL text.
 */
export function renderedPerWhere(): (where: SQL | undefined, shape: string, build: () => SQL) => Query {
  const byWhere = new WeakMap<object, Map<string, Query>>();
  const noWhere = {};
  return (where, shape, build) => {
    const key = where ?? noWhere;
    let shapes = byWhere.get(key);
    if (!shapes) byWhere.set(key, (shapes = new Map()));
    let query = shapes.get(shape);
    if (!query) shapes.set(shape, (query = renderSql(build())));
    return query;
  };
}

/**
 * A fragment without parameters (a long select list) rendered to SQL text once, so that a query
 * using it does not render its every column again on each request.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('renderedOnce: the fragment has parameters');
  return sql.raw(text);
}

/** `select <list> from <from>`, with `where <where>` when there is one (the list's FROM usually `renderedOnce`). */
export const selectWhere = (list: SQL, from: SQL, where: SQL | undefined): SQL =>
  where ? sql`select ${list} from ${from} where ${where}` : sql`select ${list} from ${from}`;
