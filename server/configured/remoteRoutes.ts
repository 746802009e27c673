/**
 * The routes of a proxied configured resource: every call checked here (permissions, dialect,
 * bodies, references) and answered from the remote service (./proxy.ts); rows checked against the
 * declaration and gated; each successful write audited once.
 */
import { z } from 'zod';
import {
  actionRule,
  exportFileNameOf,
  isCsvField,
  pathReader,
  type EntityDecl,
  type FieldDecl,
} from '../../common/entities';
import { CSV_BOM, csvLine } from '../../common/csv';
import { audit } from '../audit';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import type { ZodApp } from '../http/service';
import { sendCsv } from '../lists/csvStream';
import { gateRow, hiddenPaths } from '../lists/gating';
import { isRowField } from '../lists/schemas';
import type { ReferenceTables } from '../resources/repository';
import { dialectQuerystring, rangeHeaders, readDialect } from './dialect';
import { remoteCreate, remoteDelete, remoteList, remoteOne, remoteUpdate } from './proxy';
import { changesText, checkedRemoteRow, describeRow, idParams, routeSchemas, type Row } from './rows';
import { checkReferences, writeBody } from './writes';

/** The text of a plain search written as the query language (`SEARCH("…")`); anything else is refused. */
function plainSearchOf(query: string | undefined): string | undefined {
  if (!query?.trim()) return undefined;
  const m = /^SEARCH\("((?:[^"\\]|\\.)*)"\)$/.exec(query.trim());
  if (!m) throw badRequest('A proxied resource exports with a plain search only (q, or query=SEARCH("text"))');
  return m[1]!.replace(/\\(.)/g, '$1');
}

/** Rows per call while a proxied resource's CSV export reads the remote list. */
const REMOTE_EXPORT_BATCH = 500;

export function remoteRoutes(app: ZodApp, ctx: AppContext, entity: EntityDecl, references: ReferenceTables) {
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
