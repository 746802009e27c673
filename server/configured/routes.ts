/**
 * The `resources` service (`/resources-api`): every resource added by configuration, answered in
 * the simple REST dialect (./dialect.ts) at `/<name>`:
 *
 *   GET    /<name>          list (paging, sort, field filters, `q`, and `query` for stored ones)
 *   GET    /<name>/export   every matching row as CSV, streamed (when `access.export` is declared)
 *   GET    /<name>/{id}     one row
 *   POST   /<name>          create (access.create)
 *   PUT    /<name>/{id}     update (access.edit)
 *   DELETE /<name>/{id}     delete (when access.delete is declared)
 *
 * Stored resources go through the shared list builder (server/lists/) over the table built from
 * their fields; their writes run in one transaction with their audit record. Proxied resources
 * are read and written on the remote service (./proxy.ts) after the same permission checks, each
 * successful write audited once. Rows are gated by the fields' permissions either way.
 */
import { z } from 'zod';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable, AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  actionRule,
  exportFileNameOf,
  isCsvField,
  pathReader,
  type EntityDecl,
  type FieldDecl,
} from '../../common/entities';
import { CSV_BOM, csvLine } from '../../common/csv';
import { listQuery } from '../../common/search';
import type { PermissionSet } from '../../common/permissions';
import { audit } from '../audit';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { ServiceRoutes, ZodApp } from '../http/service';
import { exportEndpoint, listWhere, sendCsv } from '../lists/endpoint';
import { gateRow, hiddenPaths } from '../lists/gating';
import { storageRepository } from '../lists/declaredLists';
import { isRowField, rowSchema } from '../lists/schemas';
import { planPage } from '../lists/sorting';
import type { ConfiguredResource } from '.';
import { dialectQuerystring, rangeHeaders, readDialect, type DialectRequest } from './dialect';
import { remoteCreate, remoteDelete, remoteList, remoteOne, remoteUpdate } from './proxy';
import { storageWriter, type ReferenceTables } from '../resources/repository';
import { checkReferences, referenceTables, writeBody } from './writes';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const errorBody = z.object({ status: z.number(), message: z.string() });

type Row = Record<string, unknown>;

/** A row as the API answers it: the declared row fields only, dates as text, hidden fields removed. */
function shapeRow(entity: EntityDecl, row: Row, hidden: readonly string[][]): Row {
  const out: Row = {};
  for (const f of entity.fields.filter(isRowField)) {
    const v = row[f.name];
    out[f.name] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return gateRow(out, hidden);
}

/** A remote row checked against the declared types: a mismatch is the service's fault (502), not ours. */
function checkedRemoteRow(entity: EntityDecl, row: Row, schema: z.ZodObject): Row {
  const shaped = shapeRow(entity, row, []);
  const parsed = schema.safeParse(shaped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(
      502,
      `${entity.label}: the service answered a row whose ${issue.path.join('.')} does not match the declaration (${issue.message})`,
    );
  }
  return shaped;
}

function describeRow(entity: EntityDecl, row: Row): string {
  const name = entity.fields.find((f) => f.type === 'string' && f.name !== 'id' && row[f.name]);
  return `${entity.label} #${String(row.id)}${name ? ` "${String(row[name.name])}"` : ''}`;
}

function changesText(entity: EntityDecl, values: Row): string {
  const labels = new Map(entity.fields.map((f) => [f.name, f.label]));
  return Object.entries(values)
    .map(([k, v]) => `${labels.get(k) ?? k}: ${v === null ? '—' : String(v)}`)
    .join(', ');
}

function routeSchemas(entity: EntityDecl) {
  const row = rowSchema(entity);
  return {
    row,
    tags: [entity.name],
    errors: { 400: errorBody, 403: errorBody, 404: errorBody, 502: errorBody, 504: errorBody },
  };
}

function storedRoutes(app: ZodApp, ctx: AppContext, entity: EntityDecl, table: PgTable, references: ReferenceTables) {
  const repo = storageRepository(entity, table);
  const columns = repo.columns as Record<string, AnyPgColumn>;
  const idColumn = columns.id!;
  const base = entity.endpoint;
  const { row, tags, errors } = routeSchemas(entity);

  const filterWhere = (filters: DialectRequest['filters']): SQL | undefined =>
    and(
      ...Object.entries(filters).map(([name, values]) =>
        values.length === 1 ? eq(columns[name]!, values[0]) : inArray(columns[name]!, values),
      ),
    );

  async function where(db: Executor, request: DialectRequest, permissions: PermissionSet) {
    const byQuery = request.query ? (await listWhere(db, repo, request.query, permissions)).where : undefined;
    const bySearch = request.q
      ? (await listWhere(db, repo, listQuery(request.q, false), permissions)).where
      : undefined;
    return and(byQuery, bySearch, filterWhere(request.filters));
  }

  app.get(
    base,
    {
      config: { permission: actionRule(entity, 'list') },
      schema: {
        summary: `${entity.label}: a page of rows (Content-Range tells the total)`,
        tags,
        querystring: dialectQuerystring(entity),
        response: { 200: z.array(row), ...errors },
      },
    },
    async (request, reply) => {
      const { permissions } = request.principal;
      const dialect = readDialect(entity, request.query as Row, permissions);
      const condition = await where(ctx.db, dialect, permissions);
      const limit = Math.max(1, dialect.end - dialect.start);
      const plan = {
        ...planPage(
          entity,
          { page: 1, limit, sortBy: dialect.sortField, order: dialect.order.toLowerCase() },
          repo.columns,
          repo.tieBreak,
          permissions,
        ),
        offset: dialect.start,
      };
      const rows = dialect.end > dialect.start ? await repo.page(ctx.db, condition, plan) : [];
      const total = await repo.count(ctx.db, condition);
      const hidden = hiddenPaths(entity, permissions);
      void reply.headers(rangeHeaders(entity, dialect.start, rows.length, total));
      return rows.map((r) => shapeRow(entity, r, hidden));
    },
  );

  if (entity.access.export)
    exportEndpoint(app, ctx.db, repo, { path: `${base}/export`, fileName: exportFileNameOf(entity) });

  const readOne = async (db: Executor, id: number) => {
    const [found] = await db.select().from(table).where(eq(idColumn, id)).limit(1);
    if (!found) throw notFound(`${entity.label}: no row with id ${id}`);
    return found as Row;
  };

  app.get(
    `${base}/:id`,
    {
      config: { permission: actionRule(entity, 'show') ?? actionRule(entity, 'list') },
      schema: { summary: `${entity.label}: one row`, tags, params: idParams, response: { 200: row, ...errors } },
    },
    async (request) =>
      shapeRow(entity, await readOne(ctx.db, request.params.id), hiddenPaths(entity, request.principal.permissions)),
  );

  // Writes through the generic declared writer (server/resources/repository.ts): the write schema
  // of the declaration, reference checks, constraint errors as 4xx naming the field.
  const writer = storageWriter(entity, table, references);
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw writer.translateError(error);
    }
  };
  const assertReferences = async (tx: Executor, values: Row) => {
    const missing = await writer.missingReferences(tx, values);
    if (missing.length)
      throw badRequest(
        missing.map((f) => `${f.name}: there is no ${f.reference} row with id ${String(values[f.name])}`).join('; '),
      );
  };

  if (entity.access.create)
    app.post(
      base,
      {
        config: { permission: actionRule(entity, 'create') },
        schema: {
          summary: `${entity.label}: add a row`,
          tags,
          body: writeBody(entity, 'create'),
          response: { 201: row, ...errors },
        },
      },
      async (request, reply) => {
        const values = request.body as Row;
        const created = await guarded(() =>
          ctx.db.transaction(async (tx) => {
            await assertReferences(tx, values);
            const inserted = await writer.insert(tx, values);
            await audit(
              tx,
              request.principal.actor,
              'RecordCreated',
              `${describeRow(entity, inserted)} created (${changesText(entity, values)})`,
            );
            return inserted;
          }),
        );
        void reply.status(201);
        return shapeRow(entity, created, hiddenPaths(entity, request.principal.permissions));
      },
    );

  if (entity.access.edit)
    app.put(
      `${base}/:id`,
      {
        config: { permission: actionRule(entity, 'edit') },
        schema: {
          summary: `${entity.label}: change a row (form fields absent from the body stay as they are; other keys are ignored)`,
          tags,
          params: idParams,
          body: writeBody(entity, 'update'),
          response: { 200: row, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const values = Object.fromEntries(Object.entries(request.body as Row).filter(([, v]) => v !== undefined));
        const updated = await guarded(() =>
          ctx.db.transaction(async (tx) => {
            const before = await writer.lockOne(tx, id);
            if (!before) throw notFound(`${entity.label}: no row with id ${id}`);
            const was = writer.shape(before);
            const changed = Object.fromEntries(
              Object.entries(values).filter(([k, v]) => JSON.stringify(was[k] ?? null) !== JSON.stringify(v)),
            );
            if (!Object.keys(changed).length) return before;
            await assertReferences(tx, changed);
            const after = (await writer.update(tx, id, changed))!;
            await audit(
              tx,
              request.principal.actor,
              'RecordUpdated',
              `${describeRow(entity, after)} updated (${changesText(entity, changed)})`,
            );
            return after;
          }),
        );
        return shapeRow(entity, updated, hiddenPaths(entity, request.principal.permissions));
      },
    );

  if (entity.access.delete)
    app.delete(
      `${base}/:id`,
      {
        config: { permission: actionRule(entity, 'delete') },
        schema: { summary: `${entity.label}: delete a row`, tags, params: idParams, response: { 200: row, ...errors } },
      },
      async (request) => {
        const { id } = request.params;
        const removed = await guarded(() =>
          ctx.db.transaction(async (tx) => {
            const gone = await writer.remove(tx, id);
            if (!gone) throw notFound(`${entity.label}: no row with id ${id}`);
            await audit(tx, request.principal.actor, 'RecordDeleted', `${describeRow(entity, gone)} deleted`);
            return gone;
          }),
        );
        return shapeRow(entity, removed, hiddenPaths(entity, request.principal.permissions));
      },
    );
}

/** The text of a plain search written as the query language (`SEARCH("…")`); anything else is refused. */
function plainSearchOf(query: string | undefined): string | undefined {
  if (!query?.trim()) return undefined;
  const m = /^SEARCH\("((?:[^"\\]|\\.)*)"\)$/.exec(query.trim());
  if (!m) throw badRequest('A proxied resource exports with a plain search only (q, or query=SEARCH("text"))');
  return m[1]!.replace(/\\(.)/g, '$1');
}

/** Rows per call while a proxied resource's CSV export reads the remote list. */
const REMOTE_EXPORT_BATCH = 500;

function remoteRoutes(app: ZodApp, ctx: AppContext, entity: EntityDecl, references: ReferenceTables) {
  const base = entity.endpoint;
  const { row, tags, errors } = routeSchemas(entity);
  const idField = entity.fields.find((f) => f.name === 'id')!;
  const params =
    idField.type === 'integer'
      ? idParams
      : z.object({
          id: z
            .string()
            .min(1)
            .max(200)
            .regex(/^[A-Za-z0-9_.:-]+$/),
        });

  app.get(
    base,
    {
      config: { permission: actionRule(entity, 'list') },
      schema: {
        summary: `${entity.label}: a page of rows from the remote service (Content-Range tells the total)`,
        tags,
        querystring: dialectQuerystring(entity),
        response: { 200: z.array(row), ...errors },
      },
    },
    async (request, reply) => {
      const { permissions } = request.principal;
      const dialect = readDialect(entity, request.query as Row, permissions);
      if (dialect.query)
        throw badRequest(`${entity.label} is served by another service: the query language is not available, use q`);
      const { rows, total } = await remoteList(entity, dialect);
      const hidden = hiddenPaths(entity, permissions);
      void reply.headers(rangeHeaders(entity, dialect.start, rows.length, total));
      return rows.map((r) => gateRow(checkedRemoteRow(entity, r, row), hidden));
    },
  );

  if (entity.access.export)
    app.get(
      `${base}/export`,
      {
        config: { permission: actionRule(entity, 'export') },
        schema: {
          summary: `Every ${entity.label.toLowerCase()} row as CSV (${exportFileNameOf(entity)}), read page by page from the remote service`,
          tags,
          querystring: z.object({
            sortBy: z.string().max(100).optional(),
            order: z
              .string()
              .regex(/^(asc|desc)$/i)
              .optional(),
            q: z.string().max(1000).optional(),
            query: z
              .string()
              .max(1000)
              .optional()
              .describe('The plain search as the console sends it, SEARCH("text"): the same as q=text'),
          }),
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { permissions } = request.principal;
        const { sortBy, order } = request.query;
        const q = request.query.q ?? plainSearchOf(request.query.query);
        const first = readDialect(
          entity,
          { _sort: sortBy, _order: order, q, _start: 0, _end: REMOTE_EXPORT_BATCH },
          permissions,
        );
        const fields = entity.fields.filter(
          (f: FieldDecl) => isCsvField(f) && isRowField(f) && permissions.can(f.permission),
        );
        const readers = fields.map((f) => pathReader(f.name));
        // The first page is read before answering, so a failing service is a clean 502/504.
        const firstPage = await remoteList(entity, first);
        async function* lines() {
          yield CSV_BOM + csvLine(fields.map((f) => f.name));
          let page = firstPage.rows;
          for (let start = 0; ;) {
            yield page.map((r) => csvLine(readers.map((read) => read(checkedRemoteRow(entity, r, row))))).join('');
            if (page.length < REMOTE_EXPORT_BATCH) break;
            start += REMOTE_EXPORT_BATCH;
            page = (await remoteList(entity, { ...first, start, end: start + REMOTE_EXPORT_BATCH })).rows;
          }
        }
        return sendCsv(reply, lines(), exportFileNameOf(entity), (err) =>
          request.log.error({ err }, `${entity.name} export failed`),
        );
      },
    );

  app.get(
    `${base}/:id`,
    {
      config: { permission: actionRule(entity, 'show') ?? actionRule(entity, 'list') },
      schema: { summary: `${entity.label}: one row`, tags, params, response: { 200: row, ...errors } },
    },
    async (request) =>
      gateRow(
        checkedRemoteRow(entity, await remoteOne(entity, request.params.id), row),
        hiddenPaths(entity, request.principal.permissions),
      ),
  );

  if (entity.access.create) {
    const body = writeBody(entity, 'create');
    app.post(
      base,
      {
        config: { permission: actionRule(entity, 'create') },
        schema: {
          summary: `${entity.label}: add a row on the remote service`,
          tags,
          body,
          response: { 201: row, ...errors },
        },
      },
      async (request, reply) => {
        const values = request.body as Row;
        await checkReferences(ctx.db, entity, values, references);
        const created = checkedRemoteRow(entity, await remoteCreate(entity, values), row);
        await audit(
          ctx.db,
          request.principal.actor,
          'RecordCreated',
          `${describeRow(entity, created)} created (${changesText(entity, values)})`,
        );
        void reply.status(201);
        return gateRow(created, hiddenPaths(entity, request.principal.permissions));
      },
    );
  }

  if (entity.access.edit) {
    const body = writeBody(entity, 'update');
    app.put(
      `${base}/:id`,
      {
        config: { permission: actionRule(entity, 'edit') },
        schema: {
          summary: `${entity.label}: change a row on the remote service`,
          tags,
          params,
          body,
          response: { 200: row, ...errors },
        },
      },
      async (request) => {
        const values = Object.fromEntries(Object.entries(request.body as Row).filter(([, v]) => v !== undefined));
        await checkReferences(ctx.db, entity, values, references);
        const updated = checkedRemoteRow(entity, await remoteUpdate(entity, request.params.id, values), row);
        await audit(
          ctx.db,
          request.principal.actor,
          'RecordUpdated',
          `${describeRow(entity, updated)} updated (${changesText(entity, values)})`,
        );
        return gateRow(updated, hiddenPaths(entity, request.principal.permissions));
      },
    );
  }

  if (entity.access.delete)
    app.delete(
      `${base}/:id`,
      {
        config: { permission: actionRule(entity, 'delete') },
        schema: {
          summary: `${entity.label}: delete a row on the remote service`,
          tags,
          params,
          response: { 200: row, ...errors },
        },
      },
      async (request) => {
        const removed = checkedRemoteRow(entity, await remoteDelete(entity, request.params.id), row);
        await audit(ctx.db, request.principal.actor, 'RecordDeleted', `${describeRow(entity, removed)} deleted`);
        return gateRow(removed, hiddenPaths(entity, request.principal.permissions));
      },
    );
}

/** The routes of every configured resource of this process. */
export const configuredResourceRoutes: ServiceRoutes = (app, ctx) => {
  const served: readonly ConfiguredResource[] = ctx.resources?.served ?? [];
  const references = referenceTables(served);
  for (const r of served) {
    // A declaration the routes cannot be built from leaves that resource out, never the server.
    try {
      if (r.kind === 'stored') storedRoutes(app, ctx, r.entity, r.table, references);
      else remoteRoutes(app, ctx, r.entity, references);
    } catch (err) {
      const line = `${r.entity.name}: its routes could not be built (${(err as Error).message})`;
      ctx.resources?.problems.push(line);
      console.error(`resources: skipped ${line}`);
    }
  }
};
