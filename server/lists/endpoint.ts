/**
 * The list-endpoint builder every list of every service uses.
 *
 * `listEndpoint` (query-language lists): reads page, limit, sortBy, order and query; compiles the
 * query over the fields the caller may see; plans the page (sort keys from the declaration, empty
 * values last, capped offset); runs the page and the count side by side; shapes the rows through
 * the entity's repository; gates every field by its declared rule; and answers in the entity's
 * envelope, documented from the declaration.
 *
 * `pagedListEndpoint` (the updaters', developer portal's, API-user manager's and audit-log lists):
 * the same page/count/envelope path (the count only when the page does not tell the total) over
 * the list's own querystring (sortBy from its sort keys,
 * `order` or `descending`, empty values last, and its own filters, which may depend on the caller)
 * and row schema, with an optional cap on the count (`capped` beside the total).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CSV_BOM, csvLine } from '../../common/csv';
import { actionRule, isCsvField, type EntityDecl, type Envelope, type FieldDecl } from '../../common/entities';
import type { PermissionRule, PermissionSet } from '../../common/permissions';
import type { Expr, TagDef } from '../../common/query';
import type { Principal } from '../auth/sessions';
import type { Executor } from '../db';
import type { ZodApp } from '../http/service';
import { parseAndCompile, type ServerCatalogue } from '../query/compile';
import { ALWAYS, CountAhead, pageKey } from './countAhead';
import { exportLines, sendCsv, type ExportCell, type ExportQuery } from './csvStream';
import { gateRow, hiddenPaths } from './gating';
import { visibleTagIds } from './tags';
import { exportQuerystring, listQuerystring } from './params';
import { acceptsAnyMember, listEnvelope, listResponseSchema, listSerializer, rowSchema } from './schemas';
import { badRequest } from '../http/errors';
import {
  encodeCursor,
  planPage,
  planPagedWindow,
  type PageParams,
  type PagePlan,
  type PageWindow,
  type SortColumn,
  type SortExpr,
} from './sorting';

export interface ListContext {
  db: Executor;
  permissions: PermissionSet;
  /** Tag definitions of the entity's context, when its catalogue has tags. */
  tags: TagDef[];
}

/** What an entity's repository tells the builder: its SQL and how a row becomes the API's shape. */
export interface ListRepository<Row> {
  entity: EntityDecl;
  /** SQL of each queryable and sortable field. */
  columns: Readonly<Record<string, SortExpr>>;
  /** Tie-break of the order (the row id). */
  tieBreak: AnyPgColumn;
  /**
   * The list's FROM (its table and the joins its sort expressions read), for the keyset cursor of a
   * full page (default: exportSql's FROM).
   */
  from?: SQL;
  /** The caller's query catalogue (with tags where the entity has them). */
  catalogue(db: Executor, permissions: PermissionSet): Promise<{ cat: ServerCatalogue; tags?: TagDef[] }>;
  /** The WHERE of the list from the compiled query (default: the query's own condition). */
  where?(ast: Expr | null, filter: SQL | undefined): SQL | undefined;
  page(db: Executor, where: SQL | undefined, plan: PagePlan): Promise<Row[]>;
  /** Matching rows; with `atMost`, counting may stop there (see `listCountCap`). */
  count(db: Executor, where: SQL | undefined, atMost?: number): Promise<number>;
  /**
   * Where a tag's value sits in a shaped row, for the CSV export's `tag_<id>` column (default:
   * `tag_<id>` itself; contractors keep theirs under `tags.<id>`).
   */
  tagPath?(tagId: string): string;
  /** API rows with every field; the builder removes what the caller may not see. */
  shape(rows: Row[], ctx: ListContext): Promise<object[]> | object[];
  /**
   * The streamed CSV export (server/lists/csvStream.ts), read in SQL: the list's FROM (its table and
   * joins, which the WHERE and the order read) and the cell of each exported path — the value the
   * shaped row holds there, computed in SQL (dates as ISO text, JSON values as they are, tag
   * values pivoted). Lists without it have no export.
   */
  exportSql?: {
    from: SQL;
    cell(path: string, ctx: ListContext): ExportCell | undefined;
  };
}

export interface ListEndpointOptions {
  path: string;
  summary: string;
  maxLimit: number;
  /** The row schema (default: derived from the declaration). */
  row?: z.ZodType;
  /** Extra paths serving the same list (kept for older clients, hidden from the documents). */
  aliases?: string[];
  /** The streamed CSV export of every matching row (needs the repository's `ids`). */
  export?: { path: string; fileName: string };
}

/** Rows per page of a paged list's CSV export (lists without the query language). */
export const EXPORT_BATCH = 1000;

/**
 * The total a page already tells, so that no count has to run: a page with fewer rows than its
 * limit is the last one, and the total is its offset plus its rows. Not an empty page past the
 * first (a page beyond the end says nothing about where the end is) and not a full page: for
 * those it is undefined and the list counts.
 */
export function totalFromPage(window: { offset: number; limit: number }, rows: number): number | undefined {
  if (rows >= window.limit || (rows === 0 && window.offset > 0)) return undefined;
  return window.offset + rows;
}

/** Fewest matching rows a query-language list counts before it stops (`meta.capped`). */
export const LIST_COUNT_CAP = 10_000;
/** Pages past the requested one a capped count always reaches, so the console can page on. */
export const PAGES_AHEAD = 10;

/**
 * Where a full page's count may stop: `max` rows (LIST_COUNT_CAP), or `pagesAhead` pages
 * (PAGES_AHEAD) past this one when that is further. Above it the total is the cap and
 * `meta.capped` is true: the count over a LIMIT reads at most cap + 1 matches instead of every one
 * (10–70 ms at 100,000 installations), and a client paging on (react-admin's pagination reads the
 * total) finds a larger cap on each later page.
 */
export function listCountCap(
  window: { offset: number; limit: number },
  max = LIST_COUNT_CAP,
  pagesAhead = PAGES_AHEAD,
): number {
  return Math.max(max, window.offset + pagesAhead * window.limit);
}

/**
 * The WHERE of a query-language list for a caller: the query compiled over the fields the caller may
 * see, narrowed by the repository (e.g. current installations only). Also the tags it was built with.
 */
export async function listWhere<Row>(
  db: Executor,
  repo: ListRepository<Row>,
  query: string | undefined,
  permissions: PermissionSet,
): Promise<{ where: SQL | undefined; tags: TagDef[] }> {
  const { cat, tags = [] } = await repo.catalogue(db, permissions);
  const { ast, where: filter } = parseAndCompile(query, cat);
  return { where: repo.where ? repo.where(ast, filter) : filter, tags };
}

export function listEndpoint<Row>(app: ZodApp, db: Executor, repo: ListRepository<Row>, opts: ListEndpointOptions) {
  const { entity } = repo;
  const schema = {
    summary: opts.summary,
    tags: [entity.name],
    querystring: listQuerystring(opts.maxLimit),
    response: {
      200: listResponseSchema(
        entity,
        opts.row ?? rowSchema(entity),
        entity.envelope.total ? { max: LIST_COUNT_CAP, pagesAhead: PAGES_AHEAD } : undefined,
        true,
      ),
    },
  };
  const countAhead = new CountAhead();
  const handler = async (request: {
    query: z.infer<ReturnType<typeof listQuerystring>>;
    principal: { permissions: PermissionSet };
  }) => {
    const permissions = request.principal.permissions;
    const { where, tags } = await listWhere(db, repo, request.query.query, permissions);
    const plan = planPage(entity, request.query, repo.columns, repo.tieBreak, permissions);
    const cap = listCountCap(plan);
    const key = plan.keyset ? ALWAYS : pageKey(request.query.query, plan.offset, plan.limit);
    // After a cursor the page's offset says nothing about the total: always counted, so started at once.
    const total = countAhead.total(db, key, () => repo.count(db, where, cap + 1));
    const rows = await pageAfter(db, repo, where, plan);
    const known = plan.keyset ? undefined : totalFromPage(plan, rows.length);
    const [shaped, n] = await Promise.all([repo.shape(rows, { db, permissions, tags }), total(known)]);
    const capped = known === undefined && n > cap;
    const hidden = hiddenPaths(entity, permissions);
    // Only a keyset walk gets the cursor: it costs a lookup that a page/limit caller does not need.
    const next = plan.walk && rows.length === plan.limit ? await nextCursor(db, repo, plan, shaped.at(-1)) : undefined;
    return listEnvelope(
      entity,
      shaped.map((r) => gateRow(r, hidden)),
      capped ? cap : n,
      entity.envelope.total ? capped : undefined,
      next,
    );
  };
  const config = { permission: actionRule(entity, 'list') };
  const openRows = opts.row !== undefined && acceptsAnyMember(opts.row);
  const serializerCompiler = () => listSerializer(schema.response[200], { openRows });
  // Open rows (installations: ~225 KB a 100-row page) are sent as the bytes of their JSON text: a
  // string answer is measured twice more (the compression threshold, Content-Length) before Node
  // encodes it, and the page answered 0.3–0.5 ms later (300 requests on PostgreSQL, paired runs).
  const writeOpen = openRows ? listSerializer(schema.response[200], { openRows }) : undefined;
  const route = writeOpen
    ? async (request: Parameters<typeof handler>[0], reply: FastifyReply) =>
        reply.type('application/json; charset=utf-8').send(Buffer.from(writeOpen(await handler(request))))
    : handler;
  app.get(opts.path, { config, schema, serializerCompiler }, route);
  for (const alias of opts.aliases ?? [])
    app.get(alias, { config, schema: { ...schema, hide: true }, serializerCompiler }, route);
  if (opts.export) exportEndpoint(app, db, repo, opts.export);
}

/**
 * One page of a query-language list: with a cursor, the rows past it (the keyset ANDed into the
 * list's WHERE). A cursor value PostgreSQL cannot read as the sort column's type (a tampered
 * cursor) is a 400 naming `after`.
 */
async function pageAfter<Row>(db: Executor, repo: ListRepository<Row>, where: SQL | undefined, plan: PagePlan) {
  if (!plan.keyset) return repo.page(db, where, plan);
  try {
    return await repo.page(db, and(where, plan.keyset), plan);
  } catch (err) {
    // Class 22: data exception (invalid text representation, datetime or numeric out of range, …).
    const code =
      (err as { code?: unknown; cause?: { code?: unknown } }).code ??
      (err as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code === 'string' && code.startsWith('22'))
      throw badRequest('after holds a value this list cannot read (pass meta.next of the previous page as it is)');
    throw err;
  }
}

/**
 * The `after` cursor of the row after a full page: the last row's sort value (PostgreSQL's text
 * form, so any column type round-trips) and id, read by its id from the list's FROM.
 */
async function nextCursor<Row>(
  db: Executor,
  repo: ListRepository<Row>,
  plan: PagePlan,
  last: object | undefined,
): Promise<string | undefined> {
  const from = repo.from ?? repo.exportSql?.from;
  const id = (last as { id?: unknown } | undefined)?.id;
  if (!from || (typeof id !== 'number' && typeof id !== 'string')) return undefined;
  // One statement of SQL text, so that every column is written with its table (the joins share names).
  const result = (await db.execute(
    sql`select (${plan.sortExpr})::text as "value", (${repo.tieBreak})::text as "id" from ${from} where ${repo.tieBreak} = ${id} limit 1`,
  )) as unknown as { rows: { value: string | null; id: string }[] };
  const key = result.rows[0];
  return key ? encodeCursor(plan.sortKey, plan.descending, [key.value, key.id]) : undefined;
}

/**
 * The columns of a CSV export for a caller: the declared CSV fields they may see and the tag
 * columns (`tag_<id>`) of the tags they may see, in declaration order — or, when `wanted` names
 * columns (the preset on screen), those of them in that order. Names the caller may not export are
 * left out, so a preset column the caller lacks the permission for reveals nothing.
 */
export function exportColumns(
  entity: EntityDecl,
  permissions: PermissionSet,
  tagColumns: readonly string[],
  wanted?: readonly string[],
): ExportColumn[] {
  // A location (a map cell in the list) is written as the row's latitude and longitude columns.
  const csvOf = (f: FieldDecl): ExportColumn[] =>
    f.type === 'location'
      ? LOCATION_COLUMNS.map((name) => ({ name, path: name }))
      : [{ name: f.name, path: f.source ?? f.name }];
  const byName = new Map<string, ExportColumn[]>();
  for (const f of entity.fields) if (isCsvField(f) && permissions.can(f.permission)) byName.set(f.name, csvOf(f));
  for (const name of tagColumns) byName.set(name, [{ name, path: name }]);
  const names = wanted?.length ? [...new Set(wanted)] : [...byName.keys()];
  return names.flatMap((name) => byName.get(name) ?? []);
}

/** A column of a CSV export: its header and where its value sits in the shaped row. */
interface ExportColumn {
  name: string;
  path: string;
}

/** The columns a location field is exported as. */
const LOCATION_COLUMNS = ['latitude', 'longitude'] as const;

/** The `columns` parameter of an export: comma-separated names, blanks dropped. */
const columnList = (text: string | undefined) =>
  text
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** Whether gating removes this path from the caller's rows (the path or an object holding it is hidden). */
const isHidden = (path: string, hidden: readonly (readonly string[])[]) =>
  hidden.some((h) => h.join('.') === path || path.startsWith(`${h.join('.')}.`));

/**
 * The CSV text of a streamed export: BOM and header, then the rows of `rows` as lines; the header
 * leaves with the first batch, so the first query has run before the answer starts.
 */
export async function* csvChunks(header: readonly string[], lines: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.from(CSV_BOM + csvLine(header), 'utf8');
  for await (const batch of lines) {
    yield head ? Buffer.concat([head, batch]) : batch;
    head = undefined;
  }
  if (head) yield head;
}

/** Streams one export query as the CSV download `fileName` (header, then its rows); a failure after the first byte is logged. */
function streamExport(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  entity: EntityDecl,
  { fileName, header, query }: { fileName: string; header: readonly string[]; query: ExportQuery },
) {
  return sendCsv(reply, csvChunks(header, exportLines(db, query)), fileName, (err) =>
    request.log.error({ err }, `${entity.name} export failed`),
  );
}

/** `GET <path>`: every row of the list's query as CSV, streamed from one query (the list endpoint's export). */
export function exportEndpoint<Row>(
  app: ZodApp,
  db: Executor,
  repo: ListRepository<Row>,
  { path, fileName }: { path: string; fileName: string },
) {
  const { entity } = repo;
  const exportSql = repo.exportSql;
  if (!exportSql) throw new Error(`${entity.name}: a CSV export needs the repository's exportSql`);
  app.get(
    path,
    {
      config: { permission: actionRule(entity, 'export') ?? actionRule(entity, 'list') },
      schema: {
        summary: `Every ${entity.label.toLowerCase()} row matching the query as CSV (${fileName}), streamed`,
        description:
          'UTF-8 with a byte-order mark, `;` separated, RFC 4180 quoting, formula starts neutralised. The header is the field names; `columns` (comma-separated) picks and orders them — names the caller may not see are left out. Not paged and not capped.',
        tags: [entity.name],
        querystring: exportQuerystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { permissions } = request.principal;
      const { where, tags } = await listWhere(db, repo, request.query.query, permissions);
      const plan = planPage(entity, { ...request.query, page: 1, limit: 1 }, repo.columns, repo.tieBreak, permissions);
      const ctx = { db, permissions, tags };
      const tagColumns = entity.tagContext
        ? [...visibleTagIds(tags, entity.tagContext, permissions)].map((id) => `tag_${id}`)
        : [];
      const wanted = columnList(request.query.columns);
      const columns = exportColumns(entity, permissions, tagColumns, wanted).map((c) =>
        repo.tagPath && c.name.startsWith('tag_') ? { ...c, path: repo.tagPath(c.name.slice(4)) } : c,
      );
      const hidden = hiddenPaths(entity, permissions);
      const cells = columns.map((c): ExportCell => {
        const cell = isHidden(c.path, hidden) ? undefined : exportSql.cell(c.path, ctx);
        return cell ?? { sql: sql`null` };
      });
      const query = { cells, from: exportSql.from, where, orderBy: plan.orderBy, id: repo.tieBreak };
      return streamExport(db, request, reply, entity, { fileName, header: columns.map((c) => c.name), query });
    },
  );
}

/** What a paged list's repository tells the builder: its sort keys, filter, SQL and row shaping. */
export interface PagedListRepository<Row, Query, Params = unknown> {
  /** The sort keys the querystring's sortBy names, or the fixed order of a list without sortBy. */
  sort: Readonly<Record<string, SortColumn>> | readonly SQL[];
  /** Tie-break of a sorted order (the row id). */
  tieBreak: AnyPgColumn;
  /**
   * The WHERE of the list; may throw (a filter the caller may not use, a parent that does not
   * exist). `principal` is the caller (a list of the caller's own rows filters on it).
   */
  where(input: {
    db: Executor;
    query: Query;
    params: Params;
    permissions: PermissionSet;
    principal: Principal;
  }): SQL | undefined | Promise<SQL | undefined>;
  page(db: Executor, where: SQL | undefined, window: PageWindow): Promise<Row[]>;
  /** Matching rows; with `atMost`, counting may stop there (lists with a count cap). */
  count(db: Executor, where: SQL | undefined, atMost?: number): Promise<number>;
  /** API rows as the caller may see them. */
  shape(rows: Row[], permissions: PermissionSet): object[];
  /**
   * The streamed CSV export read in SQL (as ListRepository's): the list's FROM and the cell of each
   * exported path the caller may see in the shaped rows (undefined: an empty cell).
   */
  exportSql?: {
    from: SQL;
    cell(path: string, permissions: PermissionSet): ExportCell | undefined;
  };
}

export interface PagedListOptions<Query, Params> {
  path: string;
  summary: string;
  /** OpenAPI tags of the route. */
  tags: string[];
  querystring: z.ZodType<Query>;
  params?: z.ZodType<Params>;
  row: z.ZodType;
  /** The entity the list serves: its envelope and list permission. */
  entity?: EntityDecl;
  /** Without an entity: where the rows and the total sit, and who may list. */
  envelope?: Envelope;
  permission?: PermissionRule;
  /**
   * Count at most `max` matching rows, or `pagesAhead` pages past the page when that is further
   * (`listCountCap`): above it the total is the cap and the flag beside the total (`meta.capped`)
   * is true. Without it the count is exact and the response has no flag.
   */
  countCap?: { max: number; pagesAhead?: number };
  /**
   * The streamed CSV export of every matching row (needs the entity): the list's querystring without
   * page and limit, plus `columns`; the rows are read in pages of EXPORT_BATCH in the list's order.
   */
  export?: { path: string; fileName: string; querystring: z.ZodType };
}

/** What one page of a paged list is computed from: the parsed query and path parameters and the caller. */
export interface PagedListRequest<Query, Params> {
  query: Query;
  params: Params;
  principal: Principal;
}

/** Each paged list's memory of which pages needed their count (see CountAhead). */
const pagedCountAhead = new WeakMap<object, CountAhead>();

/** One page of a paged list as the endpoint answers it (also used by the benchmarks). */
export async function pagedListBody<Row, Query extends PageParams, Params = unknown>(
  db: Executor,
  repo: PagedListRepository<Row, Query, Params>,
  opts: Pick<PagedListOptions<Query, Params>, 'entity' | 'envelope' | 'countCap'>,
  { query, params, principal }: PagedListRequest<Query, Params>,
): Promise<Record<string, unknown>> {
  const list = { envelope: (opts.envelope ?? opts.entity?.envelope)! };
  const { permissions } = principal;
  const window = planPagedWindow(query, repo.sort, repo.tieBreak, permissions);
  const where = await repo.where({ db, query, params, permissions, principal });
  const cap = opts.countCap && listCountCap(window, opts.countCap.max, opts.countCap.pagesAhead ?? 0);
  const { sortBy: _s, order: _o, descending: _d, page: _p, limit: _l, ...filters } = query;
  const key = pageKey({ filters, params }, window.offset, window.limit);
  const ahead = pagedCountAhead.get(repo) ?? pagedCountAhead.set(repo, new CountAhead()).get(repo)!;
  const total = ahead.total(db, key, () => repo.count(db, where, cap === undefined ? undefined : cap + 1));
  const rows = await repo.page(db, where, window);
  const n = await total(totalFromPage(window, rows.length));
  const capped = cap !== undefined && n > cap;
  return listEnvelope(list, repo.shape(rows, permissions), capped ? cap : n, opts.countCap ? capped : undefined);
}

export function pagedListEndpoint<Row, Query extends PageParams, Params = unknown>(
  app: ZodApp,
  db: Executor,
  repo: PagedListRepository<Row, Query, Params>,
  opts: PagedListOptions<Query, Params>,
) {
  const list = { envelope: (opts.envelope ?? opts.entity?.envelope)! };
  const permission = opts.permission ?? (opts.entity && actionRule(opts.entity, 'list'));
  const schema = {
    summary: opts.summary,
    tags: opts.tags,
    ...(opts.params ? { params: opts.params } : {}),
    querystring: opts.querystring,
    response: { 200: listResponseSchema(list, opts.row, opts.countCap) },
  };
  const serializerCompiler = () => listSerializer(schema.response[200]);
  app.get(opts.path, { config: { permission }, schema, serializerCompiler }, async (request) =>
    pagedListBody(db, repo, opts, {
      query: request.query as Query,
      params: request.params as Params,
      principal: request.principal,
    }),
  );
  if (opts.export) pagedExportEndpoint(app, db, repo, opts, opts.export);
}

/** The columns a paged export may name: comma-separated field names. */
export const exportColumnsQuery = z
  .string()
  .max(10_000)
  .regex(/^[A-Za-z0-9_.,\s]*$/, 'columns is a comma-separated list of field names')
  .optional()
  .describe('Comma-separated field names to write, in this order (default: every column the caller may see)');

function pagedExportEndpoint<Row, Query extends PageParams, Params = unknown>(
  app: ZodApp,
  db: Executor,
  repo: PagedListRepository<Row, Query, Params>,
  opts: PagedListOptions<Query, Params>,
  { path, fileName, querystring }: { path: string; fileName: string; querystring: z.ZodType },
) {
  const entity = opts.entity;
  if (!entity) throw new Error(`${path}: a paged CSV export needs the entity`);
  const exportSql = repo.exportSql;
  if (!exportSql) throw new Error(`${path}: a paged CSV export needs the repository's exportSql`);
  app.get(
    path,
    {
      config: { permission: actionRule(entity, 'export') ?? actionRule(entity, 'list') },
      schema: {
        summary: `Every ${entity.label.toLowerCase()} row matching the filters as CSV (${fileName}), streamed`,
        description:
          'UTF-8 with a byte-order mark, `;` separated, RFC 4180 quoting, formula starts neutralised. The header is the field names; `columns` (comma-separated) picks and orders them — names the caller may not see are left out. Not paged and not capped.',
        tags: opts.tags,
        ...(opts.params ? { params: opts.params } : {}),
        querystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const { permissions } = principal;
      const { columns: wantedText, ...rest } = request.query as { columns?: string } & Record<string, unknown>;
      const query = { ...rest, page: 1, limit: EXPORT_BATCH } as unknown as Query;
      const params = request.params as Params;
      const where = await repo.where({ db, query, params, permissions, principal });
      const window = planPagedWindow(query, repo.sort, repo.tieBreak, permissions);
      const wanted = columnList(wantedText);
      const columns = exportColumns(entity, permissions, [], wanted);
      const cells = columns.map((c): ExportCell => exportSql.cell(c.path, permissions) ?? { sql: sql`null` });
      const selection = { cells, from: exportSql.from, where, orderBy: window.orderBy, id: repo.tieBreak };
      return streamExport(db, request, reply, entity, {
        fileName,
        header: columns.map((c) => c.name),
        query: selection,
      });
    },
  );
}
