/**
 * Tag definitions of the three tag contexts (sensors, installations, contractors).
 *
 * Read side: a caller holding view_tags or the context-wide permission (view_sensor_tags …) sees
 * every tag of the context; a caller holding only per-tag permissions (view_sensor_tag_5 …) sees
 * only those tags. META tags are internal and only listed with includeMeta=true.
 *
 * Write side (POST / PATCH / DELETE /{context}/tags[/:id]):
 * - name and type are required; the name is trimmed and unique per context, case-insensitively
 *   (409 'Name already in use');
 * - ENUM tags need a non-empty list of values (each trimmed, non-empty, unique case-insensitively;
 *   stored sorted); other types store [] whatever is sent;
 * - changing the type of a tag that holds values is a 409 (clear the values first);
 * - changing an ENUM's values is refused with 409 when stored values would fall outside the new
 *   list; the message names how many entities hold removed values (nothing is cleared silently);
 * - DELETE removes the tag and every value of it (the "removes associated data" of the spec), and
 *   its per-tag permission names (view_<context>_tag_<id>, edit_<context>_tag_<id>, any case)
 *   from every role and every API token's scope, in the same transaction, each change audited
 *   (RoleUpdated per role, and the TagRemoved message counts the tokens).
 *
 * Also here: `checkTagValue`, the one rule for a tag value by the tag's type, used by the sensor
 * tag editor and the sensor order.
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { TAG_CONTEXTS, TAG_TYPES, type TagContext, type TagType } from '../../../common/domain';
import type { PermissionSet } from '../../../common/permissions';
import { MESSAGES } from '../../../common/validation';
import { audit } from '../../audit';
import type { Executor } from '../../db';
import {
  apiTokens,
  contractorTagValues,
  installationTagValues,
  roles,
  sensorTagValues,
  tags,
  type TagValue,
} from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import {
  TAG_SINGULAR,
  tagAdminRule,
  tagEditRule,
  tagListRule as tagListPermission,
  tagViewRule,
} from '../../../common/tagPermissions';

/** The tag-values table of each context. */
export const TAG_VALUE_TABLES = {
  sensors: sensorTagValues,
  installations: installationTagValues,
  contractors: contractorTagValues,
} as const;

/** Longest STRING and TEXT tag values, in characters. */
export const TAG_STRING_MAX = 1000;
export const TAG_TEXT_MAX = 10_000;
export const TAG_NAME_MAX = 100;
export const TAG_ENUM_VALUES_MAX = 200;
export const TAG_ENUM_VALUE_MAX = 100;

/** The tag permission rules (common/tagPermissions.ts), under the names this module has exported. */
export { TAG_SINGULAR, tagAdminRule, tagEditRule, tagListPermission, tagViewRule };

export type { TagValue };

export interface TagDefinition {
  id: number;
  context: string;
  name: string;
  type: string;
  values: string[];
}

/**
 * Checks a value against its tag's type and returns what is stored. null clears. META tags are
 * read-only (422); a value of the wrong type is a 400.
 */
export function checkTagValue(tag: TagDefinition, value: unknown): TagValue {
  const label = `Tag "${tag.name}" (${tag.type})`;
  if (tag.type === 'META') throw unprocessable(`${label} is read-only`);
  if (value === undefined) throw badRequest(`${label}: a value is required (null clears it)`);
  if (value === null) return null;
  switch (tag.type as TagType) {
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw badRequest(`${label} takes true, false or null`);
      return value;
    case 'INTEGER':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw badRequest(`${label}: ${MESSAGES.integer.en}`);
      return value;
    case 'FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${label}: ${MESSAGES.float.en}`);
      return value;
    case 'STRING':
    case 'TEXT': {
      if (typeof value !== 'string') throw badRequest(`${label} takes a string or null`);
      const max = tag.type === 'TEXT' ? TAG_TEXT_MAX : TAG_STRING_MAX;
      if (value.length > max) throw badRequest(`${label}: ${MESSAGES.shorter(max + 1).en}`);
      return value;
    }
    case 'ENUM':
      if (typeof value !== 'string' || !tag.values.includes(value))
        throw badRequest(`${label} takes one of ${tag.values.map((v) => JSON.stringify(v)).join(', ')} or null`);
      return value;
    default:
      throw unprocessable(`${label} has an unknown type`);
  }
}

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

/** True for a unique-constraint violation, on PGlite and node-postgres alike (drizzle may wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

// ------------------------------------------------------------------ schemas

const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().describe(`One of ${TAG_TYPES.join(', ')}`),
  values: z.array(z.string()).describe('Allowed values (ENUM tags), sorted'),
});

const response = z.object({ data: z.object({ tags: z.array(tagSchema) }) });

const querystring = z.object({
  includeMeta: z.enum(['true', 'false']).default('false').describe('Also list META tags'),
});

const tagInput = z.object({
  name: z
    .string({ error: MESSAGES.required.en })
    .trim()
    .min(1, MESSAGES.name.en)
    .max(TAG_NAME_MAX, MESSAGES.shorter(TAG_NAME_MAX + 1).en),
  type: z.enum(TAG_TYPES, { error: `type must be one of ${TAG_TYPES.join(', ')}` }),
  values: z
    .array(z.string().max(TAG_ENUM_VALUE_MAX, MESSAGES.shorter(TAG_ENUM_VALUE_MAX + 1).en))
    .max(TAG_ENUM_VALUES_MAX)
    .nullish()
    .describe('Required (non-empty) for ENUM tags: trimmed, unique; ignored for other types'),
});

const tagIdParams = idParams;
const idResponse = z.object({ id: z.number().int() });

/** Code-point order, the same as the seed and the tag editor use. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The values to store for a tag of a type: ENUM values trimmed, checked and sorted; [] otherwise. */
export function normaliseTagValues(type: TagType, values: readonly string[] | null | undefined): string[] {
  if (type !== 'ENUM') return [];
  const trimmed = (values ?? []).map((v) => v.trim());
  if (trimmed.length === 0) throw badRequest('Values are required for an ENUM tag');
  if (trimmed.some((v) => v === '')) throw badRequest('Values must not be empty');
  const seen = new Set<string>();
  for (const v of trimmed) {
    const key = v.toLowerCase();
    if (seen.has(key)) throw badRequest(`Value "${v}" is listed twice`);
    seen.add(key);
  }
  return [...trimmed].sort(byText);
}

async function ensureNameFree(db: Executor, context: TagContext, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.context, context), sql`lower(${tags.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw conflict(MESSAGES.nameInUse.en);
}

/** Stored values of a tag: distinct value → how many entities hold it. */
async function storedValues(db: Executor, context: TagContext, tagId: number) {
  const table = TAG_VALUE_TABLES[context];
  return db
    .select({ value: table.value, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.tagId, tagId), sql`${table.value} is not null and ${table.value} <> 'null'::jsonb`))
    .groupBy(table.value);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The per-tag permission names of one tag (view_sensor_tag_5, edit_sensor_tag_5), lower case. */
export function tagPermissionNames(context: TagContext, tagId: number): string[] {
  const s = TAG_SINGULAR[context];
  return [`view_${s}_tag_${tagId}`, `edit_${s}_tag_${tagId}`];
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

// ------------------------------------------------------------------ routes

export const tagReadRoutes: ServiceRoutes = (app, { db }) => {
  for (const context of TAG_CONTEXTS) {
    app.get(
      `/${context}/tags`,
      {
        config: { permission: tagListPermission(context) },
        schema: {
          summary: `Tags of ${context}, sorted by id (only those the caller may see)`,
          tags: ['tags'],
          querystring,
          response: { 200: response },
        },
      },
      async (request) => {
        const includeMeta = request.query.includeMeta === 'true';
        const rows = await db
          .select({ id: tags.id, name: tags.name, type: tags.type, values: tags.values })
          .from(tags)
          .where(and(eq(tags.context, context), includeMeta ? undefined : ne(tags.type, 'META')))
          .orderBy(asc(tags.id));
        const permissions: PermissionSet = request.principal.permissions;
        const visible = rows
          .filter((t) => permissions.can(tagViewRule(context, t.id)))
          .map((t) => ({ ...t, values: [...(t.values ?? [])].sort(byText) }));
        return { data: { tags: visible } };
      },
    );
  }
};

export const tagWriteRoutes: ServiceRoutes = (app, { db }) => {
  for (const context of TAG_CONTEXTS) {
    const entity = context; // "sensors", "installations", "contractors"
    const table = TAG_VALUE_TABLES[context];

    app.post(
      `/${context}/tags`,
      {
        config: { permission: tagAdminRule('add', context) },
        schema: {
          summary: `Create a ${TAG_SINGULAR[context]} tag`,
          tags: ['tags'],
          body: tagInput,
          response: { 201: idResponse },
        },
      },
      async (request, reply) => {
        const { name, type } = request.body;
        const values = normaliseTagValues(type, request.body.values);
        try {
          const id = await db.transaction(async (tx) => {
            await ensureNameFree(tx, context, name);
            const [row] = await tx.insert(tags).values({ context, name, type, values }).returning({ id: tags.id });
            await audit(
              tx,
              request.principal.actor,
              'TagCreated',
              `Tag "${name}" (${type}${type === 'ENUM' ? `: ${values.join(', ')}` : ''}) created for ${entity}, id ${row!.id}`,
            );
            return row!.id;
          });
          return reply.status(201).send({ id });
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(MESSAGES.nameInUse.en);
          throw e;
        }
      },
    );

    app.patch(
      `/${context}/tags/:id`,
      {
        config: { permission: tagAdminRule('modify', context) },
        schema: {
          summary: `Update a ${TAG_SINGULAR[context]} tag (name, type and ENUM values)`,
          description:
            'A tag that holds values cannot change its type (409). New ENUM values must still contain every stored value (409 naming how many entities hold removed values).',
          tags: ['tags'],
          params: tagIdParams,
          body: tagInput,
          response: { 200: idResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { name, type } = request.body;
        const values = normaliseTagValues(type, request.body.values);
        try {
          return await db.transaction(async (tx) => {
            const tag = await loadTagDefinition(tx, context, id);
            await ensureNameFree(tx, context, name, id);
            const stored = await storedValues(tx, context, id);
            const holders = stored.reduce((sum, r) => sum + Number(r.n), 0);
            if (type !== tag.type && holders > 0)
              throw conflict(
                `Tag "${tag.name}" holds values on ${plural(holders, TAG_SINGULAR[context], entity)}; clear them before changing its type from ${tag.type} to ${type}`,
              );
            if (type === 'ENUM') {
              const kept = new Set(values);
              const lost = stored.filter((r) => !(typeof r.value === 'string' && kept.has(r.value)));
              if (lost.length > 0) {
                const n = lost.reduce((sum, r) => sum + Number(r.n), 0);
                const removed = lost.map((r) => JSON.stringify(r.value)).join(', ');
                throw conflict(
                  `${plural(n, TAG_SINGULAR[context], entity)} hold values removed from the list (${removed}); change them before removing the values`,
                );
              }
            }
            await tx.update(tags).set({ name, type, values }).where(eq(tags.id, id));
            const changes: string[] = [];
            if (name !== tag.name) changes.push(`renamed to "${name}"`);
            if (type !== tag.type) changes.push(`type ${tag.type} → ${type}`);
            if (values.join('\u0000') !== [...tag.values].sort(byText).join('\u0000'))
              changes.push(`values: ${values.join(', ') || '(none)'}`);
            await audit(
              tx,
              request.principal.actor,
              'TagUpdated',
              `Tag "${tag.name}" (id ${id}) of ${entity} updated${changes.length ? `: ${changes.join('; ')}` : ' (no change)'}`,
            );
            return { id };
          });
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict(MESSAGES.nameInUse.en);
          throw e;
        }
      },
    );

    app.delete(
      `/${context}/tags/:id`,
      {
        config: { permission: tagAdminRule('remove', context) },
        schema: {
          summary: `Remove a ${TAG_SINGULAR[context]} tag and every value of it`,
          tags: ['tags'],
          params: tagIdParams,
          response: { 200: idResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const tag = await loadTagDefinition(tx, context, id);
          const [held] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .where(eq(table.tagId, id));
          const removed = Number(held?.n ?? 0);
          await tx.delete(table).where(eq(table.tagId, id));
          await tx.delete(tags).where(eq(tags.id, id));
          const names = tagPermissionNames(context, id);
          const revoked = await revokePermissionNames(tx, names);
          for (const role of revoked.roles)
            await audit(
              tx,
              request.principal.actor,
              'RoleUpdated',
              `Role "${role.name}" −${role.removed.length} permissions (removed ${role.removed.join(', ')}): tag "${tag.name}" (id ${id}) of ${entity} was removed`,
            );
          const permissionNote =
            revoked.roles.length + revoked.tokens > 0
              ? `; its permissions ${names.join(', ')} removed from ${plural(revoked.roles.length, 'role')} and ${plural(revoked.tokens, 'API token')}`
              : '';
          await audit(
            tx,
            request.principal.actor,
            'TagRemoved',
            `Tag "${tag.name}" (${tag.type}, id ${id}) of ${entity} removed with its values on ${plural(removed, TAG_SINGULAR[context], entity)}${permissionNote}`,
          );
          return { id };
        });
      },
    );
  }
};
