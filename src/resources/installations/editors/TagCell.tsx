/** One installation tag's value: editable in place with edit_tags, edit_installation_tags or edit_installation_tag_<id> (META never). */
import { useCallback } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { TagValueInput } from '../../../components/sensors/TagValueInput';
import { success } from '../../../components/sensors/notifications';
import type { AppDataProvider, Tag, TagValue } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';

export function TagCell({ tag, canEdit }: { tag: Tag; canEdit: boolean }) {
  const record = useRecordContext<Installation>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const updateInCache = useUpdateInstallationInCache();
  const id = record?.installationId;
  const save = useCallback(
    async (value: TagValue) => {
      if (id === undefined) return;
      const result = await dataProvider.updateInstallationTag('installations', { id, tagId: tag.id, value });
      updateInCache(id, { [`tag_${tag.id}`]: result.value });
      notify(...success('aq.notifications.saved'));
    },
    [dataProvider, id, notify, tag.id, updateInCache],
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
