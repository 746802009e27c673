/** Tag definitions of the three contexts and the permission rules that decide who sees and edits them. */
import type { TagContext } from '../../../common/domain';

export type { Tag, TagValue } from '../../dataProviders/types';

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
