/** A tag value shown read-only (META tags, or without the permission to edit). */
import { Typography } from '@mui/material';
import { TAG_TYPES } from '../../../common/domain';
import type { Tag, TagValue } from '../../resources/tags/types';
import { tagValueText } from './tagValues';
import { useTranslate } from 'react-admin';

export function TagValueField({ tag, value }: { tag: Tag; value: TagValue | undefined }) {
  const translate = useTranslate();
  const known = (TAG_TYPES as readonly string[]).includes(tag.type);
  const wrong =
    value !== null &&
    value !== undefined &&
    ((tag.type === 'BOOLEAN' && typeof value !== 'boolean') ||
      ((tag.type === 'INTEGER' || tag.type === 'FLOAT') && typeof value !== 'number'));
  return (
    <Typography
      variant="body2"
      component="span"
      color={tag.type === 'META' ? 'text.secondary' : undefined}
      title={value !== null && value !== undefined && value !== '' ? String(value) : undefined}
      sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 240 }}
    >
      {!known || wrong ? translate('aq.invalidType') : tagValueText(value, translate)}
    </Typography>
  );
}
