/**
 * Restart and Idle through the GSM updater, each after a confirmation, enabled only while the
 * updater status is Ok or Failed (restart_sensors).
 */
import { useState } from 'react';
import { Box, Button, DialogContentText } from '@mui/material';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useNotify, useDataProvider } from 'react-admin';
import { UPDATER_ACTIONABLE, type UpdaterStatus } from '../../../common/domain';
import type { AppDataProvider } from '../../dataProviders/types';
import { restartMessage } from '../../resources/sensors/RestartSensorButton';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

type Action = 'restart' | 'idle';

const CONFIRM: Record<Action, { title: (id: number) => string; text: (id: number) => string; button: string }> = {
  restart: {
    title: (id) => `Restart sensor ${id}`,
    text: (id) => `Sensor ${id} will restart the next time it contacts the updater. Continue?`,
    button: 'Restart',
  },
  idle: {
    title: (id) => `Idle sensor ${id}`,
    text: (id) => `Sensor ${id} disconnects from the network for 30 minutes. This cannot be cancelled. Continue?`,
    button: 'Idle',
  },
};

const SUCCESS: Record<Action, (id: number) => string> = {
  restart: restartMessage,
  idle: (id) => `Sensor idle triggered for Sensor ID ${id}.`,
};

export function SensorUpdaterActions({ id, status, onDone }: { id: number; status: string; onDone: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const submitting = useSubmitOnce();
  const run = useMutation({
    mutationFn: (action: Action) =>
      action === 'restart' ? dataProvider.restartSensor('sensors', { id }) : dataProvider.idleSensor('sensors', { id }),
    onSuccess: (_r, action) => {
      setConfirming(null);
      notify(...success(SUCCESS[action](id)));
      onDone();
    },
    onError: () => setConfirming(null),
  });
  const enabled = UPDATER_ACTIONABLE.includes(status as UpdaterStatus) && !submitting.pending;
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button
        variant="contained"
        color="warning"
        startIcon={<RestartAltIcon />}
        disabled={!enabled}
        onClick={() => setConfirming('restart')}
      >
        Restart
      </Button>
      <Button variant="outlined" startIcon={<BedtimeIcon />} disabled={!enabled} onClick={() => setConfirming('idle')}>
        Idle
      </Button>
      {confirming && (
        <Confirm
          isOpen
          loading={submitting.pending}
          title={CONFIRM[confirming].title(id)}
          content={<DialogContentText>{CONFIRM[confirming].text(id)}</DialogContentText>}
          confirm={CONFIRM[confirming].button}
          confirmColor="warning"
          onConfirm={() => void submitting.run(() => run.mutateAsync(confirming))}
          onClose={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
