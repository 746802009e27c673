/**
 * Restart and Idle through the GSM updater, each after a confirmation, enabled only while the
 * updater status is Ok or Failed (restart_sensors).
 */
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { UPDATER_ACTIONABLE, type UpdaterStatus } from '../../../common/domain';
import type { AppDataProvider } from '../../dataProviders/types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

type Action = 'restart' | 'idle';

/** Message keys of each action: its confirmation, its button and its success notice. */
const KEYS: Record<Action, { title: string; content: string; button: string; success: string }> = {
  restart: {
    title: 'aq.confirm.updater.restart.title',
    content: 'aq.confirm.updater.restart.content',
    button: 'aq.actions.restart',
    success: 'aq.notifications.sensorRestarted',
  },
  idle: {
    title: 'aq.confirm.updater.idle.title',
    content: 'aq.confirm.updater.idle.content',
    button: 'aq.actions.idle',
    success: 'aq.notifications.sensorIdled',
  },
};

export function SensorUpdaterActions({ id, status, onDone }: { id: number; status: string; onDone: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const submitting = useSubmitOnce();
  const run = useMutation({
    mutationFn: (action: Action) =>
      action === 'restart' ? dataProvider.restartSensor('sensors', { id }) : dataProvider.idleSensor('sensors', { id }),
    onSuccess: (_r, action) => {
      setConfirming(null);
      notify(...success(KEYS[action].success, { id }));
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
        {translate('aq.actions.restart')}
      </Button>
      <Button variant="outlined" startIcon={<BedtimeIcon />} disabled={!enabled} onClick={() => setConfirming('idle')}>
        {translate('aq.actions.idle')}
      </Button>
      {confirming && (
        <Confirm
          isOpen
          loading={submitting.pending}
          title={KEYS[confirming].title}
          content={KEYS[confirming].content}
          translateOptions={{ id }}
          confirm={KEYS[confirming].button}
          confirmColor="warning"
          onConfirm={() => void submitting.run(() => run.mutateAsync(confirming))}
          onClose={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
