/** One installation tag's value: editable in place with edit_tags, edit_installation_tags or edit_installation_tag_<id> (META never). */
import { useCallback } from 'react';
import { TagValueInput } from '../../../components/sensors/TagValueInput';
import type { Tag, TagValue } from '../../../dataProviders/types';
import { useInstallationEdit } from './useInstallationEdit';

export function TagCell({ tag, canEdit }: { tag: Tag; canEdit: boolean }) {
  const { record, translate, save, saved } = useInstallationEdit();
  const saveValue = useCallback(
    async (value: TagValue) => {
      if (!record) return;
      await save(record, { data: { [`tag_${tag.id}`]: value }, meta: { action: 'tag', tagId: tag.id } });
      saved();
    },
    [record, save, saved, tag.id],
  );
  if (!record) return null;
  return (
    <TagValueInput
      tag={tag}
      value={record[`tag_${tag.id}`] as TagValue}
      onSave={canEdit && tag.type !== 'META' ? saveValue : undefined}
      label={translate('installations.tagOf', { tag: tag.name, id: record.installationId })}
    />
  );
}
