/**
 * Tag definitions of the three tag contexts (sensors, installations, contractors), read side.
 *
 * A caller holding view_tags or the context-wide permission (view_sensor_tags …) sees every tag of
 * the context; a caller holding only per-tag permissions (view_sensor_tag_5 …) sees only those
 * tags. META tags are internal and only listed with includeMeta=true.
 */
import { z } from 'zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { TAG_CONTEXTS, TAG_TYPES, type TagContext } from '../../../common/domain';
import type { PermissionRule, PermissionSet } from '../../../common/permissions';
import { tags } from '../../db/schema';
import type { ServiceRoutes } from '../../http/service';

const SINGULAR: Record<TagContext, string> = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
};

/** Who may list the tags of a context at all (any one suffices). */
export function tagListPermission(context: TagContext): PermissionRule {
  const s = SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_<n>`];
}

/** Who may see one tag of a context. */
export function tagViewRule(context: TagContext, tagId: number): PermissionRule {
  const s = SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_${tagId}`];
}

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

/** Code-point order, the same as the seed and the tag editor use. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
