/**
 * A parameter's last value (2 decimals): a dash when the installation does not measure it and the
 * viewer holds view_measured; a "suspended" mark while its measurement is suspended; with
 * suspend_sensors / unsuspend_sensors a button opening the suspend or unsuspend dialog.
 */
import { useState } from 'react';
import { Box, Chip, IconButton, Tooltip } from '@mui/material';
import PauseCircleIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../components/dates';
import { LocaleNumber } from '../../../components/numbers';
import type { Installation } from '../types';
import { SuspendDialog } from './SuspendDialog';

export function MeasurementCell({
  param,
  dashUnmeasured,
  canSuspend,
  canUnsuspend,
}: {
  param: string;
  dashUnmeasured: boolean;
  canSuspend: boolean;
  canUnsuspend: boolean;
}) {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const measured = record.measured?.includes(param) ?? true;
  if (dashUnmeasured && !measured) return <span data-unmeasured>—</span>;
  const suspended = record[`${param}Suspended`] === true;
  const from = record[`${param}SuspendedFrom`] as string | null | undefined;
  const action = suspended ? 'unsuspend' : 'suspend';
  const allowed = measured && (suspended ? canUnsuspend : canSuspend);
  const type = param.toUpperCase();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
      {suspended && (
        <Tooltip title={from ? translate('installations.suspend.since', { from: formatDateTime(from) }) : ''}>
          <Chip size="small" color="warning" variant="outlined" label={translate('installations.suspend.mark')} />
        </Tooltip>
      )}
      <span>
        {typeof record[`${param}Value`] === 'number' ? (
          <LocaleNumber value={record[`${param}Value`] as number} fractionDigits={2} />
        ) : (
          '—'
        )}
      </span>
      {allowed && (
        <Tooltip
          title={translate(suspended ? 'installations.suspend.unsuspend' : 'installations.suspend.suspend', { type })}
        >
          <IconButton
            size="small"
            aria-label={translate(suspended ? 'installations.suspend.unsuspendOf' : 'installations.suspend.suspendOf', {
              type,
              id: record.installationId,
            })}
            onClick={() => setOpen(true)}
            sx={{ opacity: 0.6, '&:hover': { opacity: 1 } }}
          >
            {suspended ? <PlayCircleIcon sx={{ fontSize: 16 }} /> : <PauseCircleIcon sx={{ fontSize: 16 }} />}
          </IconButton>
        </Tooltip>
      )}
      {open && <SuspendDialog installation={record} param={param} action={action} onClose={() => setOpen(false)} />}
    </Box>
  );
}
