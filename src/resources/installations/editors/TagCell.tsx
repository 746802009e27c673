/** One installation tag's value: editable in place with edit_tags, edit_installation_tags or edit_installation_tag_<id> (META never). */
import { useCallback } from 'react';
import { TagValueInput } from '../../../components/sensors/TagValueInput';
import type { Tag, TagValue } from '../../../dataProviders/types';
import { useInstallationEdit } from './useInstallationEdit';

export function TagCell({ tag, canEdit }: { tag: Tag; canEdit: boolean }) {
  const { record, id, dataProvider, translate, saved } = useInstallationEdit();
  const save = useCallback(
    async (value: TagValue) => {
      if (id === undefined) return;
      const result = await dataProvider.updateInstallationTag('installations', { id, tagId: tag.id, value });
      saved({ [`tag_${tag.id}`]: result.value });
    },
    [dataProvider, id, saved, tag.id],
  );
  if (!record) return null;
  return (
    <TagValueInput
      tag={tag}
      value={record[`tag_${tag.id}`] as TagValue}
      onSave={canEdit && tag.type !== 'META' ? save : undefined}
      label={translate('installations.tagOf', { tag: tag.name, id: record.installationId })}
    />
  );
}
