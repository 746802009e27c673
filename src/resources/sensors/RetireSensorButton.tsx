/**
 * Retire (remove_sensors): after a confirmation that it cannot be undone, the sensor becomes
 * Retired and loses its installation and contractor.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AppDataProvider } from '../../dataProviders/types';
import type { Sensor } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RetireSensorButton() {
  const sensor = useRecordContext<Sensor>();
  const canRetire = useCanAccessNow({ resource: 'sensors', action: 'delete' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const retire = useMutation({
    mutationFn: (id: number) => dataProvider.retireSensor('sensors', { id }),
    onSuccess: (_r, id) => {
      setOpen(false);
      notify(...success('aq.notifications.sensorRetired', { id }));
      refresh();
    },
    onError: () => setOpen(false),
  });
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
        onConfirm={() => void submitting.run(() => retire.mutateAsync(sensor.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
