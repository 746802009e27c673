/** The status of a GSM version, changeable in the list through a dropdown with add_versions (document 2, sections 2.9, 4). */
import { MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { VERSION_STATUSES } from '../../../common/domain';
import type { FirmwareVersion } from '../../dataProviders/types';
import { useCanAccessNow } from '../useCanAccessNow';

const RESOURCE = 'deployments/gsm/versions';

export function VersionStatusInput() {
  const version = useRecordContext<FirmwareVersion & { id: string }>();
  const canEdit = useCanAccessNow({ resource: RESOURCE, action: 'edit' });
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [update, change] = useUpdate<FirmwareVersion & { id: string }>(RESOURCE, undefined, {
    mutationMode: 'pessimistic',
    onSuccess: () => {
      notify('firmware.versions.statusChanged', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
    },
  });
  if (!version) return null;
  const label = (s: string) => translate(`firmware.versionStatus.${s}`, { _: s });
  if (!canEdit) return <>{label(version.status)}</>;
  const status = change.isPending ? (change.variables?.data?.status ?? version.status) : version.status;
  const name = translate('firmware.versions.statusOf', { status: label(status), version: version.version });
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={status}
      disabled={change.isPending}
      onChange={(e) => update(RESOURCE, { id: version.id, data: { status: e.target.value }, previousData: version })}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': name } }}
      sx={{ minWidth: 130 }}
    >
      {VERSION_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {label(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}
