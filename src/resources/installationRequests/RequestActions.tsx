/**
 * Reject, Hold and Install (document 2, sections 2.4 and 4), offered only in the states the state
 * machine allows (common/requests.ts) and only with modify_installation_requests: Hold and Reject
 * change the state ('Request state changed'; Reject after a confirmation, as it is irreversible);
 * Install opens the reinstall form with the request (it needs move_installation too), which marks
 * the request installed when the sensor is reinstalled.
 */
import { useState } from 'react';
import { Box, Button, Tooltip, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import BuildIcon from '@mui/icons-material/Build';
import { Confirm, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NULL_INSTALLATION } from '../../../common/reinstall';
import { requestActions } from '../../../common/requests';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { InstallationRequestUpdateMeta } from '../../dataProviders/types';
import { routeByName } from '../routes';
import { useCanAccessNow } from '../useCanAccessNow';
import { useRouteAccess } from '../useRouteAccess';
import type { InstallationRequestRecord } from './types';
import { useRequestChanged } from './useRequestChange';

/** The reinstall form for a request: the sensor's current installation is looked up from its id. */
export function installPath(request: Pick<InstallationRequestRecord, 'id' | 'sensorId'>): string {
  const query = new URLSearchParams({ requestId: String(request.id) });
  if (request.sensorId !== null) query.set('sensorId', String(request.sensorId));
  return `/installations/reinstallation/${NULL_INSTALLATION}?${query}`;
}

export function RequestActions({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [update] = useUpdate<InstallationRequestRecord>();
  const changed = useRequestChanged();
  const canModify = useCanAccessNow({ resource: 'installation-requests', action: 'edit' });
  const canReinstall = useRouteAccess().canOpen(routeByName('InstallationsReinstallation'));
  const submit = useSubmitOnce();
  const [confirmReject, setConfirmReject] = useState(false);
  if (!canModify) return null;
  const offered = requestActions(request.state);

  const change = (state: 'HOLD' | 'REJECTED') =>
    submit.run(async () => {
      const meta: InstallationRequestUpdateMeta = { action: 'state' };
      await update(
        'installation-requests',
        { id: request.id, data: { state }, previousData: request, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(...success('requests.actions.stateChanged'));
      setConfirmReject(false);
      await changed();
    });

  if (!offered.hold && !offered.reject && !offered.install)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="request-no-actions">
        {translate('requests.actions.none')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="request-actions">
      {offered.reject && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<BlockIcon />}
          disabled={submit.pending}
          onClick={() => setConfirmReject(true)}
        >
          {translate('requests.actions.reject')}
        </Button>
      )}
      {offered.hold && (
        <Button
          variant="outlined"
          startIcon={<PauseCircleOutlineIcon />}
          disabled={submit.pending}
          onClick={() => void change('HOLD')}
        >
          {translate('requests.actions.hold')}
        </Button>
      )}
      {offered.install && canReinstall && (
        <Tooltip title={translate('requests.actions.installHint')} describeChild>
          <Button
            variant="contained"
            startIcon={<BuildIcon />}
            disabled={submit.pending}
            onClick={() => navigate(installPath(request))}
          >
            {translate('requests.actions.install')}
          </Button>
        </Tooltip>
      )}
      <Confirm
        isOpen={confirmReject}
        loading={submit.pending}
        title="requests.actions.rejectTitle"
        titleTranslateOptions={{ id: request.id }}
        content="requests.actions.rejectContent"
        confirm="requests.actions.reject"
        confirmColor="warning"
        onConfirm={() => void change('REJECTED')}
        onClose={() => setConfirmReject(false)}
      />
    </Box>
  );
}
