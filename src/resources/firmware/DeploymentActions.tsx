/**
 * Row actions of a GSM or Wi-Fi deployment: Halt for a Rolling one (halt_deployments) and Delete for one
 * holding blocked sensors (free_deployments; not while Rolling), each after a confirmation.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import PauseCircleIcon from '@mui/icons-material/PauseCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { useCanAccessNow } from '../useCanAccessNow';
import type { DeploymentFamilyUi } from './deploymentFamilies';
import type { Deployment } from './types';

export function DeploymentActions({ family }: { family: DeploymentFamilyUi }) {
  const { resource } = family;
  const d = useRecordContext<Deployment>();
  const canHalt = useCanAccessNow({ resource, action: 'halt' });
  const canDelete = useCanAccessNow({ resource, action: 'delete' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [confirm, setConfirm] = useState<'halt' | 'delete' | null>(null);
  const submitting = useSubmitOnce();
  const act = useMutation({
    mutationFn: async (action: 'halt' | 'delete') => {
      if (action === 'halt') await family.halt(dataProvider, d!.id);
      else await dataProvider.delete(resource, { id: d!.id, previousData: d });
      return action;
    },
    onSuccess: (action) => {
      notify(`firmware.deployments.${action === 'halt' ? 'halted' : 'deleted'}`, {
        type: 'success',
        messageArgs: { id: d!.id },
      });
      void queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onSettled: () => setConfirm(null),
  });
  if (!d) return null;
  const haltable = canHalt && d.status === 'Rolling';
  const deletable = canDelete && d.blocked_sensors.length > 0 && d.status !== 'Rolling';
  return (
    <span onClick={(e) => e.stopPropagation()}>
      {haltable && (
        <Tooltip title={translate('firmware.deployments.halt')}>
          <IconButton
            size="small"
            color="warning"
            aria-label={translate('firmware.deployments.haltOne', { id: d.id })}
            onClick={() => setConfirm('halt')}
          >
            <PauseCircleIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {deletable && (
        <Tooltip title={translate('firmware.deployments.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('firmware.deployments.deleteOne', { id: d.id })}
            onClick={() => setConfirm('delete')}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Confirm
        isOpen={confirm !== null}
        loading={submitting.pending}
        title={`firmware.deployments.confirm.${confirm ?? 'halt'}.title`}
        content={`firmware.deployments.confirm.${confirm ?? 'halt'}.content`}
        translateOptions={{ id: d.id, blocked: d.blocked_sensors.join(', ') }}
        confirm={`firmware.deployments.${confirm ?? 'halt'}`}
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => act.mutateAsync(confirm!))}
        onClose={() => setConfirm(null)}
      />
    </span>
  );
}
