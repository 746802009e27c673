/**
 * Request bodies of a configured resource's POST and PUT, derived from its fields: the fields of
 * the forms (`form: true`, or `'create'` for POST only; when no field says, every field but `id`),
 * each checked by its type, `required`, `maxLength`, `min`/`max`, `pattern` and enum values. Keys
 * that are not form fields (the `id` and read-only values react-admin sends back on PUT) are
 * dropped, not refused.
 *
 * NOTE: the generic write schema of the declaration (common/entities/schema.ts `writeSchema`,
 * branch declwrites) is meant to replace this once merged; the rules here follow the same field facts.
 */
import { z } from 'zod';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { findEntity, type EntityDecl, type FieldDecl } from '../../common/entities';
import type { Executor } from '../db';
import * as schema from '../db/schema';
import { badRequest } from '../http/errors';

export type WriteMode = 'create' | 'update';

/** The fields a form of this mode writes. */
export function formFields(entity: EntityDecl, mode: WriteMode): FieldDecl[] {
  const declared = entity.fields.some((f) => f.form !== undefined);
  return entity.fields.filter((f) =>
    f.name === 'id' ? false : declared ? f.form === true || (f.form === 'create' && mode === 'create') : true,
  );
}

function valueSchema(f: FieldDecl): z.ZodType {
  switch (f.type) {
    case 'integer': {
      let n = z.number({ error: 'a whole number' }).int();
      if (f.min !== undefined) n = n.min(f.min);
      if (f.max !== undefined) n = n.max(f.max);
      return n;
    }
    case 'number': {
      let n = z.number({ error: 'a number' });
      if (f.min !== undefined) n = n.min(f.min);
      if (f.max !== undefined) n = n.max(f.max);
      return n;
    }
    case 'boolean':
      return z.boolean({ error: 'true or false' });
    case 'date':
      return z.iso.date({ error: 'a date (YYYY-MM-DD)' });
    case 'datetime':
      return z.iso.datetime({ offset: true, error: 'a date and time (ISO 8601)' });
    case 'enum':
      return z.enum(f.values as [string, ...string[]], { error: `one of ${f.values?.join(', ')}` });
    default: {
      let s = z
        .string({ error: 'a text' })
        .trim()
        .max(f.maxLength ?? 255);
      if (f.required) s = s.min(1, 'required');
      if (f.pattern) s = s.regex(new RegExp(`^(?:${f.pattern})$`), `does not match ${f.pattern}`);
      return s;
    }
  }
}

/** The body schema of POST (`create`) or PUT (`update`); optional values may be null. */
export function writeBodySchema(entity: EntityDecl, mode: WriteMode) {
  return z.object(
    Object.fromEntries(
      formFields(entity, mode).map((f) => {
        const value = valueSchema(f);
        if (f.required) return [f.name, mode === 'create' ? value : value.optional()];
        // An empty text of an optional field is no value.
        const blank = f.type === 'string' ? z.literal('').transform(() => null) : z.never();
        return [f.name, z.union([value, blank, z.null()]).optional()];
      }),
    ),
  );
}

/** The drizzle table behind a referenced resource, where it is a table of the product's schema. */
function productTable(name: string): PgTable | undefined {
  const entity = findEntity(name);
  const wanted = entity?.storage?.table ?? name.replace(/-/g, '_');
  return Object.values(schema).find((t) => is(t, PgTable) && getTableName(t as PgTable) === wanted) as
    PgTable | undefined;
}

/**
 * 400 when a reference field names a row that does not exist (checked in the product's tables and
 * the configured stored ones; `tables` maps a configured resource name to its table).
 */
export async function checkReferences(
  db: Executor,
  entity: EntityDecl,
  values: Record<string, unknown>,
  tables: ReadonlyMap<string, PgTable>,
): Promise<void> {
  for (const f of entity.fields) {
    const value = values[f.name];
    if (!f.reference || value === null || value === undefined) continue;
    const table = tables.get(f.reference) ?? productTable(f.reference);
    const idColumn = table && (table as unknown as Record<string, unknown>).id;
    if (!table || !idColumn) continue;
    const found = await db
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(idColumn as never, value as never)))
      .limit(1);
    if (!found.length) throw badRequest(`${f.name}: there is no ${f.reference} row with id ${String(value)}`);
  }
}
