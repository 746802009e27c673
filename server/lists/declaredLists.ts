/**
 * The generic list endpoint of declaration-only resources: for every entity that declares
 * `storage`, `GET <endpoint>` on its service serves the table of that name through the shared list
 * builder — paging, sorting with empty values last, plain and advanced search over the declared
 * fields, the count, field gating and the OpenAPI row schema, all from the declaration. An entity
 * that declares an `export` permission also gets `GET <endpoint>/export`: every matching row as CSV
 * (`<name>.csv`), streamed by the same builder as the other lists' exports (no row cap).
 */
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ENTITIES,
  catalogueOf,
  exportFileNameOf,
  exportPathOf,
  type EntityDecl,
  type ServiceName,
} from '../../common/entities';
import * as schema from '../db/schema';
import type { ServiceRoutes } from '../http/service';
import { serverCatalogue } from '../query/compile';
import { columnCell } from './csvStream';
import { listEndpoint, type ListRepository } from './endpoint';
import { MAX_LIST_LIMIT } from './params';
import { isRowField } from './schemas';
import { preparedSelect } from './preparedSelect';

/** The drizzle table a declaration names. */
export function storageTable(entity: EntityDecl): PgTable {
  const name = entity.storage?.table;
  const table = Object.values(schema).find((t) => is(t, PgTable) && getTableName(t) === name);
  if (!table)
    throw new Error(`Entity "${entity.name}" names table "${name}", which server/db/schema.ts does not define`);
  return table as PgTable;
}

/** Each declared field's column in the table (its drizzle key is the field name). */
export function storageColumns(entity: EntityDecl, table: PgTable): Record<string, AnyPgColumn> {
  const columns = table as unknown as Record<string, AnyPgColumn>;
  return Object.fromEntries(
    entity.fields.filter(isRowField).map((f) => {
      const column = columns[f.name];
      if (!column) throw new Error(`Table "${getTableName(table)}" has no column for ${entity.name}.${f.name}`);
      return [f.name, column];
    }),
  );
}

const json = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * A list repository straight from a declaration and its table (default: the table of
 * server/db/schema.ts it names; configured resources give the table built from their fields).
 */
export function storageRepository(
  entity: EntityDecl,
  table: PgTable = storageTable(entity),
): ListRepository<Record<string, unknown>> {
  const columns = storageColumns(entity, table);
  const catalogue = catalogueOf(entity);
  const fields = entity.fields.filter(isRowField);
  const tieBreak = columns.id ?? Object.values(columns)[0]!;
  const page = preparedSelect(getTableColumns(table), (select) => select.from(table));
  return {
    entity,
    columns,
    tieBreak,
    catalogue: async (_db, permissions) => ({ cat: serverCatalogue(catalogue, columns, { permissions }) }),
    page: (db, where, plan) => page.rows(db, where, plan),
    count: (db, where, atMost) => page.count(db, where, atMost),
    exportSql: {
      from: sql`${table}`,
      cell: (path) => (columns[path] ? columnCell(columns[path]) : undefined),
    },
    shape: (rows) => rows.map((r) => Object.fromEntries(fields.map((f) => [f.name, json(r[f.name])]))),
  };
}

/** The routes of the declaration-only entities of one service. */
export const declaredListRoutes =
  (service: ServiceName): ServiceRoutes =>
  (app, { db }) => {
    for (const entity of ENTITIES.filter((e) => e.storage && e.service === service))
      listEndpoint(app, db, storageRepository(entity), {
        path: entity.endpoint,
        summary: `${entity.label}, paged, sorted and filtered by a query`,
        maxLimit: MAX_LIST_LIMIT,
        ...(entity.access.export ? { export: { path: exportPathOf(entity), fileName: exportFileNameOf(entity) } } : {}),
      });
  };
