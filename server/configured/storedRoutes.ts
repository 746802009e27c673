/**
 * The routes of a stored configured resource: the list through the shared list builder over the
 * table built from its fields (paging, sort, field filters, `q`, `query`), the streamed CSV export,
 * one row, and the writes through the declared writer (server/resources/repository.ts), each in
 * one transaction with its audit record.
 */
import { z } from 'zod';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable, AnyPgColumn } from 'drizzle-orm/pg-core';
import { actionRule, exportFileNameOf, type EntityDecl } from '../../common/entities';
import { listQuery } from '../../common/search';
import type { PermissionSet } from '../../common/permissions';
import { audit } from '../audit';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { badRequest, notFound } from '../http/errors';
import type { ZodApp } from '../http/service';
import { exportEndpoint, listWhere } from '../lists/endpoint';
import { hiddenPaths } from '../lists/gating';
import { storageRepository } from '../lists/declaredLists';
import { planPage } from '../lists/sorting';
import { missingReferenceMessage, storageWriter, type ReferenceTables } from '../resources/repository';
import { dialectQuerystring, rangeHeaders, readDialect, type DialectRequest } from './dialect';
import { changesText, describeRow, idParams, routeSchemas, shapeRow, type Row } from './rows';
import { writeBody } from './writes';

export function storedRoutes(
  app: ZodApp,
  ctx: AppContext,
  entity: EntityDecl,
  table: PgTable,
  references: ReferenceTables,
) {
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
    if (missing.length) throw badRequest(missing.map((f) => missingReferenceMessage(f, values[f.name])).join('; '));
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
