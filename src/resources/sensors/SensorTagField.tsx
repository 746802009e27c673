/**
 * One sensor tag's value in the list: editable in place with edit_tags, edit_sensor_tags or
 * edit_sensor_tag_<id> (META tags never), read-only otherwise.
 */
import { useCallback } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { TagValueInput } from '../../components/sensors/TagValueInput';
import type { Tag, TagValue } from '../tags/types';
import type { AppDataProvider } from '../../dataProviders/types';
import type { Sensor } from './types';
import { useUpdateSensorInCache } from './useUpdateSensorInCache';
import { success } from '../../components/sensors/notifications';
import { useFieldAccess } from '../useFieldAccess';

export function SensorTagField({ tag }: { tag: Tag }) {
  const sensor = useRecordContext<Sensor>();
  const canEdit = useFieldAccess().tag('sensors', tag.id, 'edit');
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const updateInCache = useUpdateSensorInCache();
  const id = sensor?.id;
  const save = useCallback(
    async (value: TagValue) => {
      if (id === undefined) return;
      const result = await dataProvider.updateSensorTag('sensors', { id, tagId: tag.id, value });
      const saved = result && 'value' in result ? result.value : value;
      updateInCache(id, (s) => ({ ...s, tags: { ...s.tags, [String(tag.id)]: saved } }));
      notify(...success('aq.notifications.saved'));
    },
    [dataProvider, id, notify, tag.id, updateInCache],
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
