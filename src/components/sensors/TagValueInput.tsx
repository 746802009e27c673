/** A tag value in a table cell: the editor of the tag's type, or read-only text (META, no permission). */
import { TAG_TYPES } from '../../../common/domain';
import type { Tag, TagValue } from '../../resources/tags/types';
import { BooleanTagInput } from './BooleanTagInput';
import { EnumTagInput } from './EnumTagInput';
import { TagValueField } from './TagValueField';
import { TextTagInput } from './TextTagInput';

export interface TagValueInputProps {
  tag: Tag;
  value: TagValue | undefined;
  /** Without it the value is read-only. */
  onSave?: (value: TagValue) => Promise<unknown>;
  label?: string;
}

export function TagValueInput({ tag, value, onSave, label = tag.name }: TagValueInputProps) {
  if (!onSave || tag.type === 'META' || !(TAG_TYPES as readonly string[]).includes(tag.type))
    return <TagValueField tag={tag} value={value} />;
  switch (tag.type) {
    case 'BOOLEAN':
      return <BooleanTagInput value={value} onSave={onSave} label={label} />;
    case 'ENUM':
      return <EnumTagInput value={value} onSave={onSave} label={label} values={tag.values} />;
    default:
      return <TextTagInput value={value} onSave={onSave} label={label} type={tag.type} />;
  }
}
