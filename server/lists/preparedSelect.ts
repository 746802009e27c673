/**
 * A list's SELECT … FROM … built once with drizzle's query builder and rendered to SQL text when the
 * list is declared: a request renders only its WHERE and its window (ORDER BY, LIMIT, OFFSET), and
 * reads the rows as arrays, mapped as drizzle's select builder maps them (nested by the selection's
 * paths, each value decoded by its column: timestamps as Dates, json parsed).
 *
 * The builder rendered the whole statement on every request: each selected column, each join, its
 * own ORDER BY. For a list page that was ~0.4–0.6 ms of CPU on a 2-core machine, an empty requests
 * page's largest cost after its SQL (bench/installations.ts: the requests and GSM deployments lists).
 */
import * as drizzle from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type PgSelectBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { arrayRows, renderedOnce } from '../db/arrayRows';
import { countMatches } from './count';
import { windowClauses, type PageWindow } from './sorting';

/**
 * drizzle's own row mapping, the one its select builder runs: exported by the package, typed as
 * internal. tests/integration/preparedSelect.test.ts checks every list that uses it against the
 * builder's rows, so a drizzle upgrade that changes them is caught.
 */
interface Leaf {
  path: string[];
  field: unknown;
}
const { orderSelectedFields, mapResultRow } = drizzle as unknown as {
  orderSelectedFields(fields: SelectedFields): Leaf[];
  mapResultRow(leaves: Leaf[], row: unknown[], joinsNotNullableMap: undefined): unknown;
};

const selectBuilder = new QueryBuilder();

export interface PreparedSelect<Row> {
  /** The statement with `where` (none: every row) and, when given, the page's window. */
  statement(where: SQL | undefined, window?: PageWindow): SQL;
  /** The rows matching `where` (of one page, with `window`), as the builder's `await` gives them. */
  rows(db: Executor, where: SQL | undefined, window?: PageWindow): Promise<Row[]>;
  /** How many rows of the same FROM match `where`: all of them, or up to `atMost` (`countMatches`). */
  count(db: Executor, where: SQL | undefined, atMost?: number): Promise<number>;
}

/** What `from` builds: a SELECT of the query builder, its SQL and the type of its rows. */
interface BuiltSelect {
  getSQL(): SQL;
  readonly _: { readonly result: readonly unknown[] };
}

/**
 * `fields` selected `from` the list's table and joins (`from` adds nothing else: no WHERE, order or
 * limit, which come with each request, and no parameter, since the statement is kept as SQL text).
 * A table selected whole from a left join is not set to null when the join finds no row: select
 * such a table's columns one by one.
 */
export function preparedSelect<S extends SelectedFields, Q extends BuiltSelect>(
  fields: S,
  from: (select: PgSelectBuilder<S, 'qb'>) => Q,
): PreparedSelect<Q['_']['result'][number]> {
  const head = renderedOnce(from(selectBuilder.select(fields)).getSQL());
  // The count's `select 1` from the same tables and joins: `from` adds only those to the builder it
  // is given, whatever its fields.
  const matching = renderedOnce(
    from(selectBuilder.select({ one: sql`1` }) as unknown as PgSelectBuilder<S, 'qb'>).getSQL(),
  );
  const leaves = orderSelectedFields(fields);
  const filtered = (select: SQL, where: SQL | undefined) => (where ? sql`${select} where ${where}` : select);
  const statement = (where: SQL | undefined, window?: PageWindow) =>
    window ? sql`${filtered(head, where)}${windowClauses(window)}` : filtered(head, where);
  return {
    statement,
    async rows(db, where, window) {
      const rows = await arrayRows(db, statement(where, window));
      return rows.map((row) => mapResultRow(leaves, row, undefined) as Q['_']['result'][number]);
    },
    count: (db, where, atMost) => countMatches(db, filtered(matching, where), atMost),
  };
}
