/** Tag definitions of the three contexts and the permission rules that decide who sees and edits them. */
import type { TagContext, TagType } from '../../../common/domain';

export interface Tag {
  id: number;
  name: string;
  type: TagType;
  /** Allowed values of an ENUM tag, sorted; empty for the other types. */
  values: string[];
}

/** A tag's value on a sensor, installation or contractor; `null` (or absent) when not set. */
export type TagValue = string | number | boolean | null;

/** Message key of each context's tag screen title. */
export const TAG_SCREEN_TITLES: Record<TagContext, string> = {
  sensors: 'aq.pages.tags.title.sensors',
  installations: 'aq.pages.tags.title.installations',
  contractors: 'aq.pages.tags.title.contractors',
};

/** The tag permission rules live in common/tagPermissions.ts. */
export {
  TAG_SINGULAR,
  tagContextViewRule,
  tagEditRule,
  tagListRule,
  tagViewRule,
} from '../../../common/tagPermissions';
