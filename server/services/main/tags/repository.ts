/**
 * Tags, data access: the definitions of a context, the tags a list shows, the writes of the tag
 * routes, the stored values of a tag, and the removal of a tag's per-tag permission names from
 * every role and API token.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TagContext, TagType } from '../../../../common/domain';
import { TAG_SINGULAR } from '../../../../common/tagPermissions';
import type { Executor } from '../../../db';
import {
  apiTokens,
  contractorTagValues,
  installationTagValues,
  roles,
  sensorTagValues,
  tags,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { TagDefinition } from './values';

/** The tag-values table of each context. */
export const TAG_VALUE_TABLES = {
  sensors: sensorTagValues,
  installations: installationTagValues,
  contractors: contractorTagValues,
} as const;

/** All tags of a context by id. */
export async function loadTagDefinitions(db: Executor, context: TagContext): Promise<Map<number, TagDefinition>> {
  const rows = await db
    .select({ id: tags.id, context: tags.context, name: tags.name, type: tags.type, values: tags.values })
    .from(tags)
    .where(eq(tags.context, context))
    .orderBy(asc(tags.id));
  return new Map(rows.map((t) => [t.id, { ...t, values: t.values ?? [] }]));
}

export async function loadTagDefinition(db: Executor, context: TagContext, id: number): Promise<TagDefinition> {
  const [row] = await db
    .select({ id: tags.id, context: tags.context, name: tags.name, type: tags.type, values: tags.values })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.context, context)));
  if (!row) throw notFound(`Tag ${id} is not a ${TAG_SINGULAR[context]} tag`);
  return { ...row, values: row.values ?? [] };
}

/** The tags of a context by id (META tags only with `includeMeta`). */
export const tagsOf = (db: Executor, context: TagContext, includeMeta: boolean) =>
  db
    .select({ id: tags.id, name: tags.name, type: tags.type, values: tags.values })
    .from(tags)
    .where(and(eq(tags.context, context), includeMeta ? undefined : ne(tags.type, 'META')))
    .orderBy(asc(tags.id));

/** The id of the tag of the context with this name (case-insensitive), if any. */
export async function tagIdWithName(db: Executor, context: TagContext, name: string): Promise<number | undefined> {
  const [clash] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.context, context), sql`lower(${tags.name}) = lower(${name})`));
  return clash?.id;
}

export async function insertTag(
  db: Executor,
  tag: { context: TagContext; name: string; type: TagType; values: string[] },
): Promise<number> {
  const [row] = await db.insert(tags).values(tag).returning({ id: tags.id });
  return row!.id;
}

export async function updateTag(
  db: Executor,
  id: number,
  tag: { name: string; type: TagType; values: string[] },
): Promise<void> {
  await db.update(tags).set(tag).where(eq(tags.id, id));
}

/** Deletes a tag and every value of it; how many entities held a value. */
export async function deleteTag(db: Executor, context: TagContext, id: number): Promise<number> {
  const table = TAG_VALUE_TABLES[context];
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.tagId, id));
  await db.delete(table).where(eq(table.tagId, id));
  await db.delete(tags).where(eq(tags.id, id));
  return Number(held?.n ?? 0);
}

export /** Stored values of a tag: distinct value → how many entities hold it. */
async function storedValues(db: Executor, context: TagContext, tagId: number) {
  const table = TAG_VALUE_TABLES[context];
  return db
    .select({ value: table.value, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.tagId, tagId), sql`${table.value} is not null and ${table.value} <> 'null'::jsonb`))
    .groupBy(table.value);
}

/**
 * Removes permission names (matched case-insensitively) from every role's permission map and every
 * API token's scope. Returns the roles changed (with the names each lost) and the number of tokens.
 */
export async function revokePermissionNames(
  db: Executor,
  names: readonly string[],
): Promise<{ roles: { id: number; name: string; removed: string[] }[]; tokens: number }> {
  const list = sql.join(
    names.map((n) => sql`${n.toLowerCase()}`),
    sql`, `,
  );
  const before = await db
    .select({
      id: roles.id,
      name: roles.name,
      removed: sql<
        string[]
      >`(select jsonb_agg(lower(e.key) order by lower(e.key) collate "C") from jsonb_each(${roles.permissions}) as e where lower(e.key) in (${list}))`,
    })
    .from(roles)
    .where(sql`exists (select 1 from jsonb_each(${roles.permissions}) as e where lower(e.key) in (${list}))`);
  if (before.length > 0)
    await db
      .update(roles)
      .set({
        permissions: sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${roles.permissions}) as e where lower(e.key) not in (${list}))`,
        updatedAt: new Date(),
      })
      .where(
        sql`${roles.id} in (${sql.join(
          before.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
  const tokens = await db
    .update(apiTokens)
    .set({
      permissions: sql`(select coalesce(jsonb_agg(e.v order by e.o), '[]'::jsonb) from jsonb_array_elements_text(${apiTokens.permissions}) with ordinality as e(v, o) where lower(e.v) not in (${list}))`,
    })
    .where(
      sql`exists (select 1 from jsonb_array_elements_text(${apiTokens.permissions}) as e(v) where lower(e.v) in (${list}))`,
    )
    .returning({ id: apiTokens.id });
  return { roles: before.map((r) => ({ ...r, removed: r.removed ?? [] })), tokens: tokens.length };
}

/** True for a unique-constraint violation, on PGlite and node-postgres alike (drizzle may wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
