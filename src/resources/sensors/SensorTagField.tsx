/**
 * One sensor tag's value in the list: editable in place with edit_tags, edit_sensor_tags or
 * edit_sensor_tag_<id> (META tags never), read-only otherwise.
 */
import { useCallback } from 'react';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { TagValueInput } from '../../components/sensors/TagValueInput';
import type { Tag, TagValue } from '../tags/types';
import type { SensorUpdateMeta } from '../../dataProviders/types';
import type { Sensor } from './types';
import { success } from '../../components/sensors/notifications';
import { useFieldAccess } from '../useFieldAccess';

export function SensorTagField({ tag }: { tag: Tag }) {
  const sensor = useRecordContext<Sensor>();
  const canEdit = useFieldAccess().tag('sensors', tag.id, 'edit');
  const [update] = useUpdate<Sensor>();
  const notify = useNotify();
  const translate = useTranslate();
  const save = useCallback(
    async (value: TagValue) => {
      if (!sensor) return;
      const meta: SensorUpdateMeta = { action: 'tag', tagId: tag.id };
      await update(
        'sensors',
        { id: sensor.id, data: { tags: { ...sensor.tags, [String(tag.id)]: value } }, previousData: sensor, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(...success('aq.notifications.saved'));
    },
    [update, sensor, notify, tag.id],
  );
  if (!sensor) return null;
  return (
    <TagValueInput
      tag={tag}
      value={sensor.tags?.[String(tag.id)]}
      onSave={canEdit ? save : undefined}
      label={translate('aq.pages.sensors.tagOf', { tag: tag.name, id: sensor.id })}
    />
  );
}
