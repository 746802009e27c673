/**
 * Sorting and paging shared by every list of every service: sort keys from the entity declaration
 * (only fields the caller may see), empty values last in both directions, a tie-break on the row id,
 * and a capped offset.
 */
import { Column, asc, desc, is, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sortKeys, type EntityDecl } from '../../common/entities';
import type { Permission, PermissionSet } from '../../common/permissions';
import { badRequest } from '../http/errors';
import { offsetOf as pagedOffsetOf } from '../http/paging';
import { perCaller } from './perCaller';

/** Deepest row offset a page may start at. */
export const MAX_OFFSET = 100_000;

export type SortExpr = SQL | AnyPgColumn;

/**
 * The allowed sort key a `sortBy` names (an `info.` prefix and letter case are ignored), or a 400
 * listing the allowed keys.
 */
export function resolveSortKey(sortBy: string | undefined, defaultSort: string, allowed: readonly string[]): string {
  const wanted = sortBy?.replace(/^info\./, '') ?? defaultSort;
  const key = allowed.find((k) => k === wanted) ?? allowed.find((k) => k.toLowerCase() === wanted.toLowerCase());
  if (!key) throw badRequest(`Unknown sortBy ${JSON.stringify(sortBy)}; expected one of: ${allowed.join(', ')}`);
  return key;
}

/**
 * ORDER BY with empty values last in both directions and the row id as tie-break. A NOT NULL
 * column of the list's own table keeps the plain form, which indexes serve; anything else (an
 * expression, a column reached through a left join) may be empty.
 */
export function orderWithEmptyLast(
  expr: SortExpr,
  order: string | undefined,
  tieBreak: AnyPgColumn,
  /** The caller knows an expression is never empty (e.g. lower() of a NOT NULL column). */
  knownNotNull = false,
): SQL[] {
  const dir = order?.toLowerCase() === 'desc' ? desc : asc;
  const neverNull = neverEmpty(expr, tieBreak, knownNotNull);
  const primary = neverNull ? dir(expr) : sql`${dir(expr)} nulls last`;
  return expr === tieBreak ? [primary] : [primary, dir(tieBreak)];
}

/**
 * `column = any('{…}'::int[])`: membership in a list of integer ids as ONE bound parameter. Drizzle's
 * `inArray` binds each id separately, and a thousand parameters cost more to send and plan than the
 * rows they select (bench/installations.ts, the CSV export).
 */
export function inIds(column: SQL | AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${intArray(ids)}::int[])`;
}

/** Integer ids as the text of one PostgreSQL `int[]` parameter: `{1,2,3}`. */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The rows of one page of a list: ORDER BY, LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
  orderBy: SQL[];
}

/** One page of a list query written as SQL: its ORDER BY, LIMIT and OFFSET clauses. */
export const windowClauses = (window: PageWindow): SQL =>
  sql` order by ${sql.join(window.orderBy, sql`, `)} limit ${window.limit} offset ${window.offset}`;

/**
 * ORDER BY, then LIMIT and OFFSET as the placeholders `limit` and `offset`: for a statement rendered
 * once and run with each page's values (`renderedPerWhere`, `windowValues`).
 */
export const windowPlaceholders = (window: Pick<PageWindow, 'orderBy'>): SQL =>
  sql` order by ${sql.join(window.orderBy, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;

/** The values of `windowPlaceholders`. */
export const windowValues = (window: PageWindow) => ({ limit: window.limit, offset: window.offset });

export interface PageParams {
  page: number;
  limit: number;
  /** A keyset cursor (`meta.next` of the previous page): the page starts after that row. */
  after?: string;
  sortBy?: string;
  order?: string;
  /** `true`/`false`: the direction as the audit screens send it; wins over `order` when given. */
  descending?: string;
}

/** The direction a list's parameters ask for: `descending` when given, else `order`. */
export function sortOrder(params: Pick<PageParams, 'order' | 'descending'>): string | undefined {
  if (params.descending !== undefined) return params.descending === 'true' ? 'desc' : 'asc';
  return params.order;
}

export interface PagePlan extends PageWindow {
  /** The resolved sort key and its expression. */
  sortKey: string;
  sortExpr: SortExpr;
  /** Whether the order is descending. */
  descending: boolean;
  /** With `after`: the rows past the cursor's row in the list's order (AND it into the list's WHERE). */
  keyset?: SQL;
  /** The caller walks by `after` (empty for the first page): a full page answers meta.next. */
  walk?: boolean;
}

/** Version of the keyset cursor format; a cursor of another version is a 400. */
const CURSOR_VERSION = 1;

/**
 * A keyset cursor's content: the sort key and direction it was made for, and the last row's sort
 * value (as PostgreSQL's text form, null when empty) and tie-break id (as text).
 */
const cursorSchema = z.strictObject({
  v: z.literal(CURSOR_VERSION),
  s: z.string(),
  d: z.boolean(),
  k: z.tuple([z.string().nullable(), z.string()]),
});
export type Cursor = z.infer<typeof cursorSchema>;

/** The opaque `after` cursor (base64url of JSON) of the row whose sort value and id are `key`. */
export function encodeCursor(sortKey: string, descending: boolean, key: [string | null, string]): string {
  const cursor: Cursor = { v: CURSOR_VERSION, s: sortKey, d: descending, k: key };
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** Reads an `after` cursor, or a 400 naming `after` when it is not one this list made for this sort. */
export function decodeCursor(after: string, sortKey: string, descending: boolean): Cursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(after)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('after is not a cursor (pass meta.next of the previous page as it is)');
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success) throw badRequest('after is not a cursor of this version (pass meta.next of the previous page)');
  if (cursor.data.s !== sortKey || cursor.data.d !== descending)
    throw badRequest(
      `after was made for another order (sortBy ${cursor.data.s} ${cursor.data.d ? 'desc' : 'asc'}); pass the same sortBy and order as the page it came from`,
    );
  return cursor.data;
}

/**
 * The rows after the key `[value, id]` in the order of orderWithEmptyLast: a row comparison on
 * (sort expression, tie-break) in the list's direction, then the empty values (last in both
 * directions); after an empty value, only empty values with a later id.
 */
export function keysetCondition(
  expr: SortExpr,
  descending: boolean,
  tieBreak: AnyPgColumn,
  [value, id]: readonly [string | null, string],
  knownNotNull = false,
): SQL {
  const after = descending ? sql.raw('<') : sql.raw('>');
  if (expr === tieBreak) return sql`${tieBreak} ${after} ${id}`;
  if (value === null) return sql`(${expr} is null and ${tieBreak} ${after} ${id})`;
  const rows = sql`(${expr}, ${tieBreak}) ${after} (${value}, ${id})`;
  return neverEmpty(expr, tieBreak, knownNotNull) ? rows : sql`(${rows} or ${expr} is null)`;
}

/** Whether a sort expression is never empty: the caller says so, or a NOT NULL column of the list's own table. */
function neverEmpty(expr: SortExpr, tieBreak: AnyPgColumn, knownNotNull: boolean): boolean {
  const ownTable = is(tieBreak, Column) ? tieBreak.table : undefined;
  return knownNotNull || (is(expr, Column) && expr.notNull && expr.table === ownTable);
}

/** The row offset of a page, or a 400 when it is deeper than MAX_OFFSET. */
export function offsetOf(page: number, limit: number): number {
  const offset = (page - 1) * limit;
  if (offset > MAX_OFFSET)
    throw badRequest(
      `Page ${page} is too deep (it starts at row ${offset}, more than ${MAX_OFFSET}); narrow the query or reverse the order`,
    );
  return offset;
}

/** The sort keys of an entity a caller may use (worked out once per permission set, see perCaller.ts). */
const callerSortKeys = perCaller((entity, permissions) => sortKeys(entity, permissions));

/**
 * Resolves page/limit/sortBy/order for an entity: `columns` maps field names to SQL; the sort keys
 * are the entity's sortable fields the caller may see.
 */
export function planPage(
  entity: EntityDecl,
  params: PageParams,
  columns: Readonly<Record<string, SortExpr>>,
  tieBreak: AnyPgColumn,
  permissions: PermissionSet,
): PagePlan {
  const allowed = callerSortKeys(entity, permissions).filter((k) => k in columns);
  const sortKey = resolveSortKey(params.sortBy, entity.sort?.field ?? allowed[0]!, allowed);
  const sortExpr = columns[sortKey]!;
  // Without a direction, the declared default sort goes its declared way; another key goes ascending.
  const order = sortOrder(params) ?? (sortKey === entity.sort?.field ? entity.sort.order : undefined);
  const descending = order?.toLowerCase() === 'desc';
  if (params.after && params.page > 1) throw badRequest('Give either page or after, not both');
  // An empty `after` starts a walk: the first page, with meta.next.
  const cursor = params.after ? decodeCursor(params.after, sortKey, descending) : undefined;
  return {
    limit: params.limit,
    offset: cursor ? 0 : offsetOf(params.page, params.limit),
    orderBy: orderWithEmptyLast(sortExpr, order, tieBreak),
    sortKey,
    sortExpr,
    descending,
    walk: params.after !== undefined,
    ...(cursor ? { keyset: keysetCondition(sortExpr, descending, tieBreak, cursor.k) } : {}),
  };
}

/** A sort key of a paged list: its SQL, whether it is never empty, and the permission that reveals it. */
export interface SortColumn {
  expr: SortExpr;
  notNull?: boolean;
  needs?: Permission;
}

/**
 * The page window of a paged list (page/limit/sortBy/order, no query language): `sort` is its sort
 * keys (sortBy was validated against them) or, for a list without sortBy, its fixed order. A key
 * that needs a permission the caller lacks is a 400.
 */
export function planPagedWindow(
  params: PageParams,
  sort: Readonly<Record<string, SortColumn>> | readonly SQL[],
  tieBreak: AnyPgColumn,
  permissions: PermissionSet,
): PageWindow {
  const window = { limit: params.limit, offset: pagedOffsetOf(params.page, params.limit) };
  if (Array.isArray(sort)) return { ...window, orderBy: [...sort] };
  const key = params.sortBy!;
  const column = (sort as Readonly<Record<string, SortColumn>>)[key]!;
  if (column.needs && !permissions.can(column.needs))
    throw badRequest(`Sorting by ${key} needs the ${column.needs} permission`);
  return { ...window, orderBy: orderWithEmptyLast(column.expr, sortOrder(params), tieBreak, column.notNull) };
}
