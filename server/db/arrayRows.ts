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
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './index';

const dialect = new PgDialect();

export function arrayRows(db: Executor, query: SQL): Promise<unknown[][]> {
  // The database's or the transaction's session: the query runs where `db` runs.
  return db._.session
    .prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(
      dialect.sqlToQuery(query),
      undefined,
      undefined,
      true,
      (rows) => rows,
    )
    .execute();
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
