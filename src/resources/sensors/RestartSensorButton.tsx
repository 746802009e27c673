/** Restart through the GSM updater, after a confirmation; offered for GSM and NBIOT sensors with restart_sensors. */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { RESTARTABLE_COMMUNICATIONS } from '../../../common/domain';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AppDataProvider } from '../../dataProviders/types';
import type { Sensor } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RestartSensorButton() {
  const sensor = useRecordContext<Sensor>();
  const canRestart = useCanAccessNow({ resource: 'sensors', action: 'restart' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const restart = useMutation({
    mutationFn: (id: number) => dataProvider.restartSensor('sensors', { id }),
    onSuccess: (_r, id) => {
      setOpen(false);
      notify(...success('aq.notifications.sensorRestarted', { id }));
    },
    onError: () => setOpen(false),
  });
  const communication = sensor?.info.communication;
  if (
    !sensor ||
    !canRestart ||
    !communication ||
    !RESTARTABLE_COMMUNICATIONS.includes(communication) ||
    sensor.info.status === 'Retired'
  )
    return null;
  return (
    <>
      <Tooltip title={translate('aq.actions.restart')}>
        <IconButton
          size="small"
          onClick={() => setOpen(true)}
          aria-label={translate('aq.confirm.restartSensor.title', { id: sensor.id })}
        >
          <RestartAltIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.restartSensor.title"
        content="aq.confirm.restartSensor.content"
        translateOptions={{ id: sensor.id, communication }}
        confirm="aq.actions.restart"
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => restart.mutateAsync(sensor.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
