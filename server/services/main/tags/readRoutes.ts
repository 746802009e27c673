/**
 * Tag definitions of the three tag contexts (sensors, installations, contractors), the read side: a
 * caller holding view_tags or the context-wide permission (view_sensor_tags …) sees every tag of
 * the context; a caller holding only per-tag permissions (view_sensor_tag_5 …) sees only those
 * tags. META tags are internal and only listed with includeMeta=true.
 */
import { TAG_CONTEXTS } from '../../../../common/domain';
import type { PermissionSet } from '../../../../common/permissions';
import { tagListRule as tagListPermission, tagViewRule } from '../../../../common/tagPermissions';
import type { ServiceRoutes } from '../../../http/service';
import { tagsOf } from './repository';
import { querystring, response } from './schemas';
import { byText } from './values';

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
        const rows = await tagsOf(db, context, includeMeta);
        const permissions: PermissionSet = request.principal.permissions;
        const visible = rows
          .filter((t) => permissions.can(tagViewRule(context, t.id)))
          .map((t) => ({ ...t, values: [...(t.values ?? [])].sort(byText) }));
        return { data: { tags: visible } };
      },
    );
  }
};
