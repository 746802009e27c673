/**
 * Writes of configured resources: the request bodies are the declaration's write schema
 * (common/entities/schema.ts, the one the console's forms use), made tolerant of keys that are
 * not form fields — react-admin's REST providers send the whole record (its `id`, read-only
 * values) with PUT — which are dropped rather than refused. References are checked against the
 * product's tables and the configured stored ones.
 */
import { sql, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { findEntity, type EntityDecl, type WriteMode } from '../../common/entities';
import { writeSchema } from '../../common/entities/schema';
import type { Executor } from '../db';
import { badRequest } from '../http/errors';
import { missingReferenceMessage, schemaReferenceTables, type ReferenceTables } from '../resources/repository';
import type { ConfiguredResource } from '.';

/** The body of POST (`create`) or PUT (`update`): the write schema, other keys dropped. */
export const writeBody = (entity: EntityDecl, mode: WriteMode) => writeSchema(entity, mode).strip();

/** Where referenced rows live: a configured stored resource's table, else the product's table of that resource. */
export function referenceTables(served: readonly ConfiguredResource[]): ReferenceTables {
  const own = new Map(served.flatMap((r) => (r.kind === 'stored' ? [[r.entity.name, r.table] as const] : [])));
  const product = schemaReferenceTables(findEntity);
  return (name) => own.get(name) ?? product(name);
}

/** 400 when a reference field of a proxied resource's write names a row that does not exist here. */
export async function checkReferences(
  db: Executor,
  entity: EntityDecl,
  values: Record<string, unknown>,
  references: ReferenceTables,
): Promise<void> {
  for (const f of entity.fields) {
    const value = values[f.name];
    if (!f.reference || typeof value !== 'number') continue;
    const table: PgTable | undefined = references(f.reference);
    const id = table && (table as unknown as Record<string, unknown>).id;
    if (!id) continue;
    const found = await db
      .select({ one: sql`1` })
      .from(table)
      .where(eq(id as never, value))
      .limit(1);
    if (!found.length) throw badRequest(missingReferenceMessage(f, value));
  }
}
