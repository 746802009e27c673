/**
 * The SQL of a declared entity's single-row reads and writes, on ANY drizzle table given with the
 * declaration (the schema's own tables, or one built at run time): read one row, insert, update and
 * delete by id, lock a row, check that referenced rows exist, and turn the database's constraint
 * errors into the API's 4xx errors naming the field. The routes (./routes.ts) validate, check
 * permissions and audit; nothing here knows about HTTP requests.
 */
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EntityDecl, FieldDecl } from '../../common/entities';
import type { Executor } from '../db';
import * as schema from '../db/schema';
import { HttpError, badRequest, conflict, sqlState } from '../http/errors';
import { isRowField } from '../lists/schemas';

type Row = Record<string, unknown>;

/** A table's columns by their drizzle key (the field name). */
const columnsOf = (table: PgTable) => table as unknown as Record<string, AnyPgColumn | undefined>;

const json = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Where the rows a reference field names live: the referenced entity's table. */
export type ReferenceTables = (entityName: string) => PgTable | undefined;

/**
 * The default: the referenced entity's `storage` table, else the schema's table named like the
 * entity (`contractors`, `installation-requests` → `installation_requests`).
 */
export function schemaReferenceTables(entities: (name: string) => EntityDecl | undefined): ReferenceTables {
  return (name) => {
    const tableName = entities(name)?.storage?.table ?? name.replace(/-/g, '_');
    return (Object.values(schema) as unknown[]).find(
      (t): t is PgTable => is(t, PgTable) && getTableName(t) === tableName,
    );
  };
}

export interface StorageWriter {
  readonly entity: EntityDecl;
  readonly table: PgTable;
  /** The row in the API's shape (the list's row: every row field, dates as ISO text). */
  shape(row: Row): Row;
  findOne(db: Executor, id: number): Promise<Row | undefined>;
  /** The row, locked for update until the transaction ends. */
  lockOne(tx: Executor, id: number): Promise<Row | undefined>;
  insert(tx: Executor, values: Row): Promise<Row>;
  update(tx: Executor, id: number, values: Row): Promise<Row | undefined>;
  remove(tx: Executor, id: number): Promise<Row | undefined>;
  /** The reference fields among these values whose id names no row (the rows found are key-share locked). */
  missingReferences(tx: Executor, values: Row): Promise<FieldDecl[]>;
  /** A database error as the API's error (409/400 naming the field), or the error itself. */
  translateError(error: unknown): unknown;
}

/** The driver's error under drizzle's wrapper, with PostgreSQL's detail. */
function pgError(error: unknown): { code?: string; detail?: string; column?: string; constraint?: string } {
  for (let e = error as Record<string, unknown> | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as never;
  return {};
}

export function storageWriter(
  entity: EntityDecl,
  table: PgTable,
  references: ReferenceTables = () => undefined,
): StorageWriter {
  const columns = columnsOf(table);
  const rowFields = entity.fields.filter(isRowField);
  for (const f of rowFields)
    if (!columns[f.name]) throw new Error(`Table "${getTableName(table)}" has no column for ${entity.name}.${f.name}`);
  const id = columns.id;
  if (!id) throw new Error(`Table "${getTableName(table)}" of ${entity.name} has no id column`);
  const byColumn = new Map(rowFields.map((f) => [columns[f.name]!.name, f]));
  const label = (f: FieldDecl | undefined) => f?.label ?? 'A value';
  /** The field a constraint error is about: its column, or the column named in the detail `Key (col)=(…)`. */
  const fieldOfError = (e: { column?: string; detail?: string }) =>
    byColumn.get(e.column ?? /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1] ?? '');
  /** Values as the columns take them: a timestamp column in date mode takes a Date, not ISO text. */
  const toColumns = (values: Row): Row =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        typeof v === 'string' && columns[k]?.dataType === 'date' ? new Date(v) : v,
      ]),
    );
  const refTables = new Map(
    entity.fields
      .filter((f) => f.reference !== undefined)
      .map((f) => {
        const t = references(f.reference!);
        if (!t) throw new Error(`${entity.name}.${f.name} references "${f.reference}", whose table is unknown`);
        if (!columnsOf(t).id)
          throw new Error(`${entity.name}.${f.name} references table "${getTableName(t)}", which has no id column`);
        return [f.name, t] as const;
      }),
  );

  return {
    entity,
    table,
    shape: (row) => Object.fromEntries(rowFields.map((f) => [f.name, json(row[f.name])])),
    async findOne(db, rowId) {
      const [row] = await db.select().from(table).where(eq(id, rowId)).limit(1);
      return row;
    },
    async lockOne(tx, rowId) {
      const [row] = await tx.select().from(table).where(eq(id, rowId)).limit(1).for('update');
      return row;
    },
    async insert(tx, values) {
      const [row] = await tx.insert(table).values(toColumns(values)).returning();
      return row!;
    },
    async update(tx, rowId, values) {
      const [row] = await tx.update(table).set(toColumns(values)).where(eq(id, rowId)).returning();
      return row;
    },
    async remove(tx, rowId) {
      const [row] = await tx.delete(table).where(eq(id, rowId)).returning();
      return row;
    },
    async missingReferences(tx, values) {
      const missing: FieldDecl[] = [];
      for (const [name, refTable] of refTables) {
        const value = values[name];
        if (typeof value !== 'number') continue;
        const refId = columnsOf(refTable).id!;
        // FOR KEY SHARE: the row cannot be deleted before this transaction ends.
        const rows = await tx
          .select({ one: sql`1` })
          .from(refTable)
          .where(eq(refId, value))
          .for('key share');
        if (rows.length === 0) missing.push(entity.fields.find((f) => f.name === name)!);
      }
      return missing;
    },
    translateError(error) {
      if (error instanceof HttpError) return error;
      const e = pgError(error);
      const f = fieldOfError(e);
      switch (sqlState(error)) {
        case '23505':
          return conflict(
            f ? `${f.label}: another record already has this value` : 'Another record already has these values',
          );
        case '23503':
          // On insert or update: a reference to a missing row; on delete: the row is still referenced.
          return e.detail?.includes('is still referenced')
            ? conflict(`${entity.label}: this record is still used by other records and cannot be deleted`)
            : badRequest(`${label(f)} names a record that does not exist`);
        case '23502':
          return badRequest(`${label(f)} is required`);
        case '23514':
          return badRequest(`${label(f)} is not accepted by the database's rules`);
        default:
          return error;
      }
    },
  };
}

/** The refusal of a reference to a missing record, the same for every declared resource. */
export const missingReferenceMessage = (f: Pick<FieldDecl, 'label'>, value: unknown): string =>
  `${f.label}: no record with ID ${String(value)}`;
