/** One contractor tag's value: editable in place with edit_tags, edit_contractor_tags or edit_contractor_tag_<id> (META never). */
import { useCallback } from 'react';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { TagValueInput } from '../../components/sensors/TagValueInput';
import { success } from '../../components/sensors/notifications';
import type { ContractorUpdateMeta, Tag, TagValue } from '../../dataProviders/types';
import type { Contractor } from './types';

export function ContractorTagCell({ tag, canEdit }: { tag: Tag; canEdit: boolean }) {
  const record = useRecordContext<Contractor>();
  const [update] = useUpdate<Contractor>();
  const notify = useNotify();
  const translate = useTranslate();
  const save = useCallback(
    async (value: TagValue) => {
      if (!record) return;
      const meta: ContractorUpdateMeta = { action: 'tag', tagId: tag.id };
      await update(
        'contractors',
        { id: record.id, data: { tags: { ...record.tags, [String(tag.id)]: value } }, previousData: record, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(...success('aq.notifications.saved'));
    },
    [update, record, notify, tag.id],
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
