/**
 * Retire (remove_sensors): after a confirmation that it cannot be undone, the sensor becomes
 * Retired and loses its installation and contractor.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { SensorUpdateMeta } from '../../dataProviders/types';
import type { Sensor } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RetireSensorButton() {
  const sensor = useRecordContext<Sensor>();
  const canRetire = useCanAccessNow({ resource: 'sensors', action: 'delete' });
  const [update] = useUpdate<Sensor>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  // `DELETE /sensors/{id}` retires the sensor, which stays (Retired): an update of its status, not a removal.
  const retire = async (record: Sensor) => {
    const meta: SensorUpdateMeta = { action: 'retire' };
    try {
      await update(
        'sensors',
        { id: record.id, data: {}, previousData: record, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } finally {
      setOpen(false);
    }
    notify(...success('aq.notifications.sensorRetired', { id: record.id }));
    refresh();
  };
  if (!sensor || !canRetire || sensor.info.status === 'Retired') return null;
  return (
    <>
      <Tooltip title={translate('aq.actions.retire')}>
        <IconButton
          size="small"
          color="error"
          onClick={() => setOpen(true)}
          aria-label={translate('aq.confirm.retireSensor.title', { id: sensor.id })}
        >
          <DeleteForeverIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.retireSensor.title"
        content="aq.confirm.retireSensor.content"
        translateOptions={{ id: sensor.id }}
        confirm="aq.actions.retire"
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => retire(sensor))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
