/** One contractor tag's value: editable in place with edit_tags, edit_contractor_tags or edit_contractor_tag_<id> (META never). */
import { useCallback } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { TagValueInput } from '../../components/sensors/TagValueInput';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider, Tag, TagValue } from '../../dataProviders/types';
import type { Contractor } from './types';
import { useUpdateContractorInCache } from './useUpdateContractorInCache';

export function ContractorTagCell({ tag, canEdit }: { tag: Tag; canEdit: boolean }) {
  const record = useRecordContext<Contractor>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const updateInCache = useUpdateContractorInCache();
  const id = record?.id;
  const save = useCallback(
    async (value: TagValue) => {
      if (id === undefined) return;
      const result = await dataProvider.updateContractorTag('contractors', { id, tagId: tag.id, value });
      updateInCache(id, (row) => ({ tags: { ...row.tags, [String(tag.id)]: result.value } }));
      notify(...success('aq.notifications.saved'));
    },
    [dataProvider, id, notify, tag.id, updateInCache],
  );
  if (!record) return null;
  return (
    <TagValueInput
      tag={tag}
      value={record.tags?.[String(tag.id)]}
      onSave={canEdit && tag.type !== 'META' ? save : undefined}
      label={translate('contractors.tagOf', { tag: tag.name, name: record.name })}
    />
  );
}
