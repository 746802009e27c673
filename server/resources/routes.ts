/**
 * The generic single-row routes of declared entities with `storage`: `GET <endpoint>/:id`,
 * `POST <endpoint>` (with `access.create`), `PATCH <endpoint>/:id` (with `access.edit`) and
 * `DELETE <endpoint>/:id` (with `access.delete`). The body is validated by the entity's write schema
 * (common/entities/schema.ts, the same one the console's forms use), so the OpenAPI document shows
 * it; each write runs in one transaction with its audit record; a reference to a missing row is a
 * 400 naming the field, a unique value taken twice a 409, an unknown id a 404. Rows answer in the
 * list's row shape, gated by the caller's field permissions, as `{ data: row }`.
 *
 * `declaredWriteEndpoints` works on any drizzle table given with the declaration, so resources
 * whose tables are built at run time are served by the same code.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ENTITIES,
  actionRule,
  findEntity,
  formFields,
  type EntityDecl,
  type FieldDecl,
  type ServiceName,
} from '../../common/entities';
import { writeSchema } from '../../common/entities/schema';
import type { PermissionSet } from '../../common/permissions';
import { audit } from '../audit';
import type { Db, Executor } from '../db';
import { badRequest, forbidden, notFound } from '../http/errors';
import { idParams } from '../http/schemas';
import type { ServiceRoutes, ZodApp } from '../http/service';
import { storageTable } from '../lists/declaredLists';
import { gateRow, hiddenPaths } from '../lists/gating';
import { rowSchema } from '../lists/schemas';
import {
  missingReferenceMessage,
  schemaReferenceTables,
  storageWriter,
  type ReferenceTables,
  type StorageWriter,
} from './repository';

type Row = Record<string, unknown>;

/** How a value reads in an audit message. */
const shown = (v: unknown) => (v === null || v === undefined ? 'empty' : JSON.stringify(v));

/** What names a row in messages: its first required text field, if any. */
function titleOf(entity: EntityDecl, row: Row): string {
  const f = entity.fields.find((x) => x.type === 'string' && x.required && typeof row[x.name] === 'string');
  return f ? ` "${String(row[f.name])}"` : '';
}

const notFoundIn = (entity: EntityDecl, id: number) => notFound(`${entity.label}: no record with ID ${id}`);

/** A form field the caller may not see may not be written either. */
function assertWritable(entity: EntityDecl, values: Row, permissions: PermissionSet): void {
  const hidden = formFields(entity, 'create').filter((f) => f.name in values && !permissions.can(f.permission));
  if (hidden.length > 0)
    throw forbidden(`You may not change ${hidden.map((f) => f.label).join(', ')} of ${entity.label.toLowerCase()}`);
}

async function assertReferences(writer: StorageWriter, tx: Executor, values: Row): Promise<void> {
  const missing: FieldDecl[] = await writer.missingReferences(tx, values);
  if (missing.length > 0) throw badRequest(missing.map((f) => missingReferenceMessage(f, values[f.name])).join('; '));
}

/** Runs a write, turning constraint errors into 4xx errors naming the field. */
async function guarded<T>(writer: StorageWriter, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw writer.translateError(error);
  }
}

export interface DeclaredWriteOptions {
  /** The tables of referenced entities (default: their storage table, or the schema's table of that name). */
  references?: ReferenceTables;
}

/** The single-row routes of one declared entity served from `table`. */
export function declaredWriteEndpoints(
  app: ZodApp,
  db: Db,
  entity: EntityDecl,
  table: PgTable,
  options: DeclaredWriteOptions = {},
): void {
  const writer = storageWriter(entity, table, options.references ?? schemaReferenceTables(findEntity));
  const base = entity.endpoint.replace(/\/$/, '');
  const one = `${base}/:id`;
  const tags = [entity.name];
  const response = z.object({ data: rowSchema(entity) });
  const out = (row: Row, permissions: PermissionSet) => ({
    data: gateRow(writer.shape(row), hiddenPaths(entity, permissions)),
  });
  const name = entity.label.toLowerCase();

  app.get(
    one,
    {
      config: { permission: actionRule(entity, 'show') },
      schema: { summary: `One of the ${name}`, tags, params: idParams, response: { 200: response } },
    },
    async (request) => {
      const row = await writer.findOne(db, request.params.id);
      if (!row) throw notFoundIn(entity, request.params.id);
      return out(row, request.principal.permissions);
    },
  );

  const createRule = actionRule(entity, 'create');
  if (createRule !== undefined)
    app.post(
      base,
      {
        config: { permission: createRule },
        schema: {
          summary: `Add one of the ${name}`,
          tags,
          body: writeSchema(entity, 'create'),
          response: { 201: response },
        },
      },
      async (request, reply) => {
        const values = request.body as Row;
        assertWritable(entity, values, request.principal.permissions);
        const row = await guarded(writer, () =>
          db.transaction(async (tx) => {
            await assertReferences(writer, tx, values);
            const created = await writer.insert(tx, values);
            await audit(
              tx,
              request.principal.actor,
              'RecordCreated',
              `${entity.label}: record ${String(created.id)}${titleOf(entity, created)} added`,
            );
            return created;
          }),
        );
        return reply.status(201).send(out(row, request.principal.permissions));
      },
    );

  const editRule = actionRule(entity, 'edit');
  if (editRule !== undefined)
    app.patch(
      one,
      {
        config: { permission: editRule },
        schema: {
          summary: `Change one of the ${name} (only the fields sent)`,
          tags,
          params: idParams,
          body: writeSchema(entity, 'update'),
          response: { 200: response },
        },
      },
      async (request) => {
        const { id } = request.params;
        const values = Object.fromEntries(
          Object.entries(request.body as Row).filter(([, v]) => v !== undefined),
        ) as Row;
        assertWritable(entity, values, request.principal.permissions);
        const row = await guarded(writer, () =>
          db.transaction(async (tx) => {
            const before = await writer.lockOne(tx, id);
            if (!before) throw notFoundIn(entity, id);
            const was = writer.shape(before);
            const changed = Object.keys(values).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(values[k]));
            if (changed.length === 0) return before;
            const change = Object.fromEntries(changed.map((k) => [k, values[k]]));
            await assertReferences(writer, tx, change);
            const after = (await writer.update(tx, id, change))!;
            const label = (k: string) => entity.fields.find((f) => f.name === k)!.label;
            await audit(
              tx,
              request.principal.actor,
              'RecordUpdated',
              `${entity.label}: record ${id}${titleOf(entity, after)} changed: ${changed
                .map((k) => `${label(k)} ${shown(was[k])} → ${shown(writer.shape(after)[k])}`)
                .join(', ')}`,
            );
            return after;
          }),
        );
        return out(row, request.principal.permissions);
      },
    );

  const deleteRule = actionRule(entity, 'delete');
  if (deleteRule !== undefined)
    app.delete(
      one,
      {
        config: { permission: deleteRule },
        schema: { summary: `Delete one of the ${name}`, tags, params: idParams, response: { 200: response } },
      },
      async (request) => {
        const { id } = request.params;
        const row = await guarded(writer, () =>
          db.transaction(async (tx) => {
            const removed = await writer.remove(tx, id);
            if (!removed) throw notFoundIn(entity, id);
            await audit(
              tx,
              request.principal.actor,
              'RecordDeleted',
              `${entity.label}: record ${id}${titleOf(entity, removed)} deleted`,
            );
            return removed;
          }),
        );
        return out(row, request.principal.permissions);
      },
    );
}

/** The single-row routes of the declaration-only entities of one service. */
export const declaredWriteRoutes =
  (service: ServiceName): ServiceRoutes =>
  (app, { db }) => {
    for (const entity of ENTITIES.filter((e) => e.storage && e.service === service))
      declaredWriteEndpoints(app, db, entity, storageTable(entity));
  };
