/**
 * Stored configured resources: the table of a declaration with `storage: { table }`, created and
 * grown from its fields at start, and the drizzle table the list builder and the writes use,
 * built at runtime from the same fields.
 *
 * The applied shape of every such table (its columns and their SQL types) is recorded in
 * `configured_resources`. A start applies ADDITIVE changes only: a new field adds a nullable
 * column. Removing or retyping a field is refused with a message naming it; that resource is then
 * not served, its table and data stay as they were, and the other resources go on. All of it runs
 * as one transaction per resource under an advisory lock (two processes starting at once on
 * PostgreSQL apply it once), the same on PGlite and PostgreSQL.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import {
  PgTable,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { findEntity, type EntityDecl, type FieldDecl } from '../../common/entities';
import type { Db, Executor } from '../db';
import * as schema from '../db/schema';

/** Any number: the advisory lock under which declarations are applied. */
const APPLY_LOCK = 7_240_926;

const SQL_TYPES: Partial<Record<FieldDecl['type'], string>> = {
  integer: 'integer',
  number: 'double precision',
  string: 'text',
  enum: 'text',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamp with time zone',
};

/** The SQL type of a stored field's column. */
export function sqlTypeOf(f: FieldDecl): string {
  const type = SQL_TYPES[f.type];
  if (!type) throw new Error(`A stored field cannot be of type ${f.type}`);
  return f.name === 'id' ? 'serial' : type;
}

function columnOf(f: FieldDecl): PgColumnBuilderBase {
  if (f.name === 'id') return serial('id').primaryKey();
  switch (f.type) {
    case 'integer':
      return integer(f.name);
    case 'number':
      return doublePrecision(f.name);
    case 'boolean':
      return boolean(f.name);
    case 'date':
      return date(f.name, { mode: 'string' });
    case 'datetime':
      return timestamp(f.name, { withTimezone: true, mode: 'string' });
    default:
      return text(f.name);
  }
}

/** The drizzle table of a stored declaration: `id` plus one column per field, named as the field. */
export function runtimeTable(entity: EntityDecl): PgTable {
  const columns = Object.fromEntries(entity.fields.map((f) => [f.name, columnOf(f)]));
  return pgTable(entity.storage!.table, columns) as unknown as PgTable;
}

/** The table a reference points at: a configured stored resource's, or the product's table of that resource. */
function referencedTable(name: string, configured: readonly EntityDecl[]): string | undefined {
  const own = configured.find((e) => e.name === name);
  if (own) return own.storage?.table;
  const entity = findEntity(name);
  const wanted = entity?.storage?.table ?? name.replace(/-/g, '_');
  const table = Object.values(schema).find((t) => is(t, PgTable) && getTableName(t as PgTable) === wanted);
  return table && 'id' in (table as object) ? wanted : undefined;
}

const id = (name: string) => sql.identifier(name);

function columnDdl(f: FieldDecl, configured: readonly EntityDecl[]) {
  if (f.name === 'id') return sql`${id('id')} serial primary key`;
  const target = f.reference ? referencedTable(f.reference, configured) : undefined;
  const ref = target ? sql` references ${id(target)} (${id('id')}) on delete set null` : sql``;
  return sql`${id(f.name)} ${sql.raw(sqlTypeOf(f))}${ref}`;
}

interface AppliedColumn {
  name: string;
  type: string;
}

export type ApplyOutcome = { ok: true; created: boolean; added: string[] } | { ok: false; problem: string };

class Refusal extends Error {}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Creates or grows the table of a stored declaration (additive only) and records what was applied.
 * `configured`: every configured resource, for references between them.
 */
export async function applyStoredDeclaration(
  db: Db,
  entity: EntityDecl,
  configured: readonly EntityDecl[],
): Promise<ApplyOutcome> {
  const table = entity.storage!.table;
  const declared: AppliedColumn[] = entity.fields.map((f) => ({ name: f.name, type: sqlTypeOf(f) }));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
      await tx.execute(sql`create table if not exists configured_resources (
        table_name text primary key,
        resource text not null,
        columns jsonb not null,
        applied_at timestamp with time zone not null default now()
      )`);
      const [record] = await rowsOf<{ columns: AppliedColumn[] | string }>(
        tx,
        sql`select columns from configured_resources where table_name = ${table}`,
      );
      if (!record) {
        const [exists] = await rowsOf<{ t: string | null }>(tx, sql`select to_regclass(${table})::text as t`);
        if (exists?.t)
          throw new Refusal(
            `table "${table}" already exists and no declaration created it; the resource is not served (name another table)`,
          );
        const columns = sql.join(
          entity.fields.map((f) => columnDdl(f, configured)),
          sql`, `,
        );
        await tx.execute(sql`create table ${id(table)} (${columns})`);
        await tx.execute(
          sql`insert into configured_resources (table_name, resource, columns) values (${table}, ${entity.name}, ${JSON.stringify(declared)}::jsonb)`,
        );
        return { ok: true as const, created: true, added: [] };
      }
      const applied: AppliedColumn[] = typeof record.columns === 'string' ? JSON.parse(record.columns) : record.columns;
      const removed = applied.filter((c) => !declared.some((d) => d.name === c.name));
      if (removed.length)
        throw new Refusal(
          `field ${removed.map((c) => `"${c.name}"`).join(', ')} was removed from the declaration; removing a field is not supported (its column and data are kept): put it back to serve the resource`,
        );
      const retyped = applied.flatMap((c) => {
        const now = declared.find((d) => d.name === c.name)!;
        return now.type === c.type ? [] : [`"${c.name}" from ${c.type} to ${now.type}`];
      });
      if (retyped.length)
        throw new Refusal(
          `field ${retyped.join(', ')} changes its type; changing a field's type is not supported (data are kept): declare a new field instead`,
        );
      const added = entity.fields.filter((f) => !applied.some((c) => c.name === f.name));
      for (const f of added) await tx.execute(sql`alter table ${id(table)} add column ${columnDdl(f, configured)}`);
      if (added.length)
        await tx.execute(
          sql`update configured_resources set columns = ${JSON.stringify(declared)}::jsonb, resource = ${entity.name}, applied_at = now() where table_name = ${table}`,
        );
      return { ok: true as const, created: false, added: added.map((f) => f.name) };
    });
  } catch (err) {
    // Whatever went wrong, the transaction is rolled back: the table is as it was, and only this
    // resource is left out.
    if (err instanceof Refusal) return { ok: false, problem: err.message };
    return { ok: false, problem: `its table could not be created or changed (${(err as Error).message})` };
  }
}
