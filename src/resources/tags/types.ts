/** Tag definitions of the three contexts and the permission rules that decide who sees and edits them. */
import type { TagContext, TagType } from '../../../common/domain';
import type { PermissionRule } from '../../../common/permissions';

export interface Tag {
  id: number;
  name: string;
  type: TagType;
  /** Allowed values of an ENUM tag, sorted; empty for the other types. */
  values: string[];
}

/** A tag's value on a sensor, installation or contractor; `null` (or absent) when not set. */
export type TagValue = string | number | boolean | null;

export const TAG_SINGULAR: Record<TagContext, 'sensor' | 'installation' | 'contractor'> = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
};

/** Message key of each context's tag screen title. */
export const TAG_SCREEN_TITLES: Record<TagContext, string> = {
  sensors: 'aq.pages.tags.title.sensors',
  installations: 'aq.pages.tags.title.installations',
  contractors: 'aq.pages.tags.title.contractors',
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
