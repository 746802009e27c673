/**
 * The simple REST dialect of the `resources` mount, as react-admin's REST providers and json-server
 * speak it, read into one shape:
 *
 * - paging: `_start` / `_end` (end exclusive, json-server) or `range=[0,24]` (inclusive, ra-data-simple-rest);
 * - sort: `_sort=<field>&_order=asc|desc` or `sort=["field","ASC"]`;
 * - filters: `<field>=<value>` (repeated: any of them) or `filter={"field": value | [values], "q": …, "query": …}`;
 * - `q`: plain search over the declared search fields; `query`: the query language (stored resources).
 *
 * Answers are the rows as a JSON array with `Content-Range: <name> <first>-<last>/<total>` and
 * `X-Total-Count: <total>`, both exposed to scripts of other origins.
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../../common/query';
import { isSortable, visibleEntityFields, type EntityDecl, type FieldDecl } from '../../common/entities';
import type { PermissionSet } from '../../common/permissions';
import { badRequest } from '../http/errors';
import { isRowField } from '../lists/schemas';

/** Most rows one list call answers (and the page when the call names no range). */
export const MAX_RANGE = 1000;
/** Deepest first row a list call may ask for. */
export const MAX_START = 100_000;

/** Names the dialect itself uses: no field may be called so. */
export const RESERVED_PARAMS = ['q', 'query', 'sort', 'range', 'filter'] as const;

const repeated = z.union([z.string().max(1000), z.array(z.string().max(1000)).max(200)]);

/** The querystring of a configured resource's list: the dialect's parameters and one filter per row field. */
export function dialectQuerystring(entity: EntityDecl) {
  const filters = Object.fromEntries(
    entity.fields
      .filter(isRowField)
      .map((f) => [f.name, repeated.optional().describe(`Rows whose ${f.label} is this value (repeat: any of them)`)]),
  );
  return z.strictObject({
    _start: z.coerce.number().int().min(0).max(MAX_START).optional().describe('First row, from 0'),
    _end: z.coerce.number().int().min(0).optional().describe(`Row after the last one (at most ${MAX_RANGE} rows)`),
    _sort: z.string().max(100).optional().describe('Field to sort by'),
    _order: z
      .string()
      .regex(/^(asc|desc)$/i, '_order must be asc or desc')
      .optional()
      .describe('asc or desc'),
    range: z.string().max(100).optional().describe('[first, last] rows, inclusive (JSON)'),
    sort: z.string().max(200).optional().describe('["field", "ASC" | "DESC"] (JSON)'),
    filter: z.string().max(10_000).optional().describe('{"field": value or [values], "q": "…", "query": "…"} (JSON)'),
    q: z.string().max(1000).optional().describe('Plain search over the searchable fields'),
    query: z.string().max(MAX_QUERY_LENGTH).optional().describe('A query in the query language (stored resources)'),
    ...filters,
  });
}

export interface DialectRequest {
  start: number;
  end: number;
  sortField?: string;
  order: 'ASC' | 'DESC';
  /** Field name → the values any of which matches, coerced to the field's type. */
  filters: Record<string, (string | number | boolean)[]>;
  q?: string;
  query?: string;
}

function json(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} is not valid JSON`);
  }
}

/** A filter value as the field's type, or a 400 naming the field. */
export function filterValue(f: FieldDecl, raw: unknown): string | number | boolean {
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : null;
  if (text === null) throw badRequest(`Filter ${f.name}: a value is a string, number or boolean`);
  switch (f.type) {
    case 'integer': {
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw badRequest(`Filter ${f.name}: "${text}" is not an integer`);
      return n;
    }
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw badRequest(`Filter ${f.name}: "${text}" is not a number`);
      return n;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw badRequest(`Filter ${f.name}: "${text}" is not true or false`);
      return text === 'true';
    case 'enum':
      if (!f.values?.includes(text))
        throw badRequest(`Filter ${f.name}: "${text}" is not one of ${f.values?.join(', ')}`);
      return text;
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw badRequest(`Filter ${f.name}: "${text}" is not a date (YYYY-MM-DD)`);
      return text;
    default:
      return text;
  }
}

/** Reads a list call in either spelling; fields the caller may not see cannot be filtered or sorted on. */
export function readDialect(
  entity: EntityDecl,
  query: Record<string, unknown>,
  permissions: PermissionSet,
): DialectRequest {
  const visible = new Map(visibleEntityFields(entity, permissions).map((f) => [f.name, f]));
  let start = (query._start as number | undefined) ?? 0;
  let end = query._end as number | undefined;
  if (typeof query.range === 'string') {
    const range = json('range', query.range);
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0))
      throw badRequest('range is [first, last]: two row numbers from 0');
    [start, end] = [range[0] as number, (range[1] as number) + 1];
  }
  if (start > MAX_START)
    throw badRequest(`The first row is at most ${MAX_START}; narrow the filter or reverse the order`);
  end ??= start + MAX_RANGE;
  if (end - start > MAX_RANGE) throw badRequest(`A list call answers at most ${MAX_RANGE} rows (_end - _start)`);
  end = Math.max(start, end);

  let sortField = query._sort as string | undefined;
  let order: 'ASC' | 'DESC' = String(query._order ?? 'asc').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  if (typeof query.sort === 'string') {
    const sort = json('sort', query.sort);
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !/^(ASC|DESC)$/i.test(String(sort[1] ?? 'ASC')))
      throw badRequest('sort is ["field", "ASC" or "DESC"]');
    sortField = sort[0];
    order = String(sort[1] ?? 'ASC').toUpperCase() as 'ASC' | 'DESC';
  }
  sortField ??= entity.sort?.field;
  if (sortField === entity.sort?.field && query._sort === undefined && query.sort === undefined)
    order = entity.sort?.order ?? order;
  if (sortField !== undefined) {
    const f = visible.get(sortField);
    if (!f || !isSortable(f))
      throw badRequest(
        `Cannot sort by "${sortField}"; sortable fields: ${[...visible.values()]
          .filter(isSortable)
          .map((v) => v.name)
          .join(', ')}`,
      );
  }

  const filters: DialectRequest['filters'] = {};
  let q = query.q as string | undefined;
  let text = query.query as string | undefined;
  const add = (name: string, raw: unknown) => {
    const f = visible.get(name);
    if (!f || !isRowField(f)) throw badRequest(`Cannot filter on "${name}": no such field`);
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length > 200) throw badRequest(`Filter ${name}: at most 200 values`);
    (filters[name] ??= []).push(...values.map((v) => filterValue(f, v)));
  };
  for (const f of entity.fields) if (query[f.name] !== undefined) add(f.name, query[f.name]);
  if (typeof query.filter === 'string') {
    const filter = json('filter', query.filter);
    if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw badRequest('filter is a JSON object');
    for (const [name, raw] of Object.entries(filter)) {
      if (raw === undefined || raw === null || raw === '') continue;
      if (name === 'q') q = String(raw);
      else if (name === 'query') text = String(raw);
      else add(name, raw);
    }
  }
  return { start, end, sortField, order, filters, q: q?.trim() || undefined, query: text?.trim() || undefined };
}

/** Content-Range and X-Total-Count of a page of rows. */
export function rangeHeaders(entity: EntityDecl, start: number, count: number, total: number): Record<string, string> {
  const range = count === 0 ? `*/${total}` : `${start}-${start + count - 1}/${total}`;
  return {
    'content-range': `${entity.name} ${range}`,
    'x-total-count': String(total),
    'access-control-expose-headers': 'Content-Range, X-Total-Count',
  };
}
