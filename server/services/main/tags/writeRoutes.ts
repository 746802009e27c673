/**
 * Tag definitions of the three tag contexts (sensors, installations, contractors), the write side;
 * the SQL is in ./repository.ts, the rules of names and values in ./values.ts.
 *
 * POST / PATCH / DELETE /{context}/tags[/:id]:
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
 */
import { TAG_CONTEXTS, type TagContext } from '../../../../common/domain';
import { MESSAGES } from '../../../../common/validation';
import { TAG_SINGULAR, tagAdminRule } from '../../../../common/tagPermissions';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { conflict } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import {
  deleteTag,
  insertTag,
  isUniqueViolation,
  loadTagDefinition,
  revokePermissionNames,
  storedValues,
  tagIdWithName,
  updateTag,
} from './repository';
import { idResponse, tagInput } from './schemas';
import { byText, normaliseTagValues } from './values';

async function ensureNameFree(db: Executor, context: TagContext, name: string, exceptId?: number) {
  const id = await tagIdWithName(db, context, name);
  if (id !== undefined && id !== exceptId) throw conflict(MESSAGES.nameInUse.en);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The per-tag permission names of one tag (view_sensor_tag_5, edit_sensor_tag_5), lower case. */
export function tagPermissionNames(context: TagContext, tagId: number): string[] {
  const s = TAG_SINGULAR[context];
  return [`view_${s}_tag_${tagId}`, `edit_${s}_tag_${tagId}`];
}

export const tagWriteRoutes: ServiceRoutes = (app, { db }) => {
  for (const context of TAG_CONTEXTS) {
    const entity = context; // "sensors", "installations", "contractors"

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
            const id = await insertTag(tx, { context, name, type, values });
            await audit(
              tx,
              request.principal.actor,
              'TagCreated',
              `Tag "${name}" (${type}${type === 'ENUM' ? `: ${values.join(', ')}` : ''}) created for ${entity}, id ${id}`,
            );
            return id;
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
          params: idParams,
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
            await updateTag(tx, id, { name, type, values });
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
          params: idParams,
          response: { 200: idResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        return db.transaction(async (tx) => {
          const tag = await loadTagDefinition(tx, context, id);
          const removed = await deleteTag(tx, context, id);
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
