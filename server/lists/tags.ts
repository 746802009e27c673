/**
 * Tags in lists: the tag definitions of a context, the tag values of a page's rows (only tags the
 * caller may see), and a list's query catalogue extended with `tag.<name>` fields.
 */
import { asc, eq, sql, type Query, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogueOf, type EntityDecl } from '../../common/entities';
import type { TagContext } from '../../common/domain';
import type { PermissionSet } from '../../common/permissions';
import { tagViewPermission, type TagDef } from '../../common/query';
import type { Executor } from '../db';
import { renderedArrayRows, renderSql } from '../db/arrayRows';
import { CHANGE_CACHE_TTL_MS, ChangeCache } from '../db/changes';
import { tags, type TagValue } from '../db/schema';
import { serverCatalogue, type ServerCatalogue, type TagValueTable } from '../query/compile';
import { intArray } from './sorting';

/** How long another process's change to the tag catalogue may go unseen here. */
export const TAG_CACHE_TTL_MS = CHANGE_CACHE_TTL_MS;

/**
 * The tag catalogue of each executor and context. Read through `ChangeCache`, so a tag created,
 * renamed or deleted through the API is seen by the next request; a transaction is its own executor
 * and reads its own (uncommitted) catalogue.
 */
const tagCaches = new WeakMap<Executor, ChangeCache<TagContext, TagDef[]>>();

/** The tag definitions of a context, in id order (callers must not change the array). */
export async function loadTags(db: Executor, context: TagContext): Promise<TagDef[]> {
  let cache = tagCaches.get(db);
  if (!cache) tagCaches.set(db, (cache = new ChangeCache(TAG_CACHE_TTL_MS, 100)));
  return cache.get(context, () =>
    db
      .select({ id: tags.id, name: tags.name, type: tags.type, values: tags.values })
      .from(tags)
      .where(eq(tags.context, context))
      .orderBy(asc(tags.id)),
  );
}

/**
 * A tag-values table's SELECT of the values of some rows and tags, rendered to SQL text once: the
 * row ids and the tag ids are its placeholders `ids` and `tags`, each one `int[]` parameter.
 */
const TAG_VALUES_OF = new Map<TagValueTable, Query>();
function tagValuesOf(table: TagValueTable): Query {
  let query = TAG_VALUES_OF.get(table);
  if (!query)
    TAG_VALUES_OF.set(
      table,
      (query = renderSql(
        sql`select ${table.entityId}, ${table.tagId}, ${table.value} from ${table}
            where ${table.entityId} = any(${sql.placeholder('ids')}::int[]) and ${table.tagId} = any(${sql.placeholder('tags')}::int[])`,
      )),
    );
  return query;
}

/** Tag values of the page's rows, only for tags the caller may see: entity id → tag id → value. */
export async function loadTagValues(
  db: Executor,
  table: TagValueTable,
  ids: number[],
  visibleTagIds: Set<number>,
): Promise<Map<number, Record<string, TagValue>>> {
  const out = new Map<number, Record<string, TagValue>>();
  if (ids.length === 0 || visibleTagIds.size === 0) return out;
  // Read as arrays from SQL text rendered once: every list page loads its tag values, and drizzle's
  // builder and row mapping cost ~70 µs of CPU each time (131 against 60 µs a 25-row page,
  // PostgreSQL); rendering the statement on each request was another ~11 µs.
  const rows = (await renderedArrayRows(db, tagValuesOf(table), {
    ids: intArray(ids),
    tags: intArray([...visibleTagIds]),
  })) as [number, number, TagValue | null][];
  for (const [entityId, tagId, value] of rows) {
    let m = out.get(entityId);
    if (!m) out.set(entityId, (m = {}));
    m[String(tagId)] = value ?? null;
  }
  return out;
}

export function visibleTagIds(all: TagDef[], context: TagContext, permissions: PermissionSet): Set<number> {
  return new Set(all.filter((t) => permissions.can(tagViewPermission(context, t.id))).map((t) => t.id));
}

/** Where a tagged entity keeps its tag values, and the row id they refer to. */
export interface TagStorage {
  table: TagValueTable;
  rowId: SQL | AnyPgColumn;
}

/**
 * Query catalogues already built, by the columns they were built over (one object per list), the
 * tag definitions (the cached array: a tag change reads a new one) and the caller's permission set
 * (one per session until its cache ends): a console's requests reuse their catalogue instead of
 * building it again (~18 KB and a few dozen µs a request).
 */
const builtCatalogues = new WeakMap<object, WeakMap<TagDef[], WeakMap<PermissionSet, ServerCatalogue>>>();

/** An entity's query catalogue for a caller, with the tags of its context it was built from. */
export async function taggedCatalogue(
  db: Executor,
  entity: EntityDecl,
  columns: Record<string, SQL | AnyPgColumn>,
  tagValues: TagStorage,
  perms: PermissionSet,
) {
  if (!entity.tagContext) throw new Error(`Entity "${entity.name}" has no tags`);
  const allTags = await loadTags(db, entity.tagContext);
  let byTags = builtCatalogues.get(columns);
  if (!byTags) builtCatalogues.set(columns, (byTags = new WeakMap()));
  let byPerms = byTags.get(allTags);
  if (!byPerms) byTags.set(allTags, (byPerms = new WeakMap()));
  let cat = byPerms.get(perms);
  if (!cat) {
    cat = serverCatalogue(catalogueOf(entity), columns, { permissions: perms, tags: allTags, tagValues });
    byPerms.set(perms, cat);
  }
  return { allTags, cat };
}
