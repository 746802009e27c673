/**
 * Who may list, view, edit and administer the tags of a context — the one place these rules are
 * written. The tag entities (common/entities/tag.ts), the query-language catalogues, the server's
 * tag and list routes and the console's tag screens all import them.
 */
import type { TagContext } from './domain';
import type { PermissionRule } from './permissions';

/** The singular of a tag context, as permission names spell it (view_sensor_tags). */
export const TAG_SINGULAR = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
} as const satisfies Record<TagContext, string>;

/** Who may list the tags of a context at all (any one suffices). */
export const tagListRule = (context: TagContext): PermissionRule => {
  const s = TAG_SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_<n>`];
};

/** Who may see one tag (its column, its value) and query it. */
export const tagViewRule = (context: TagContext, tagId: number): PermissionRule => {
  const s = TAG_SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_${tagId}`];
};

/** Who may change one tag's value (META tags are never editable). */
export const tagEditRule = (context: TagContext, tagId: number): PermissionRule => {
  const s = TAG_SINGULAR[context];
  return ['edit_tags', `edit_${s}_tags`, `edit_${s}_tag_${tagId}`];
};

/** Who may view the whole context (the order form's tag editors need this, not a single tag). */
export const tagContextViewRule = (context: TagContext): PermissionRule => [
  'view_tags',
  `view_${TAG_SINGULAR[context]}_tags`,
];

/** Who may create, modify and remove the tag definitions of a context. */
export const tagAdminRule = (action: 'add' | 'modify' | 'remove', context: TagContext): PermissionRule => [
  `${action}_tags`,
  `${action}_${TAG_SINGULAR[context]}_tags`,
];
