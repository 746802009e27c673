/** Tag definitions of the three contexts and the permission rules that decide who sees and edits them. */
import type { TagContext } from '../../../common/domain';
import type { PermissionRule } from '../../../common/permissions';

export type { Tag, TagValue } from '../../dataProviders/types';

export const TAG_SINGULAR: Record<TagContext, 'sensor' | 'installation' | 'contractor'> = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
};

export const TAG_SCREEN_TITLES: Record<TagContext, string> = {
  sensors: 'Tags for Sensors',
  installations: 'Tags for Installations',
  contractors: 'Tags for Contractors',
};

/** Who may list the tags of a context at all (any one suffices). */
export const tagListRule = (context: TagContext): PermissionRule => {
  const s = TAG_SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_<n>`];
};

/** Who may see one tag (its column, its value). */
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
