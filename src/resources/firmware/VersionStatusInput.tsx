/** The status of a GSM version, changeable in the list through a dropdown with add_versions (document 2, sections 2.9, 4). */
import { MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { VERSION_STATUSES } from '../../../common/domain';
import type { AppDataProvider, FirmwareVersion } from '../../dataProviders/types';
import { useCanAccessNow } from '../useCanAccessNow';

const RESOURCE = 'deployments/gsm/versions';

export function VersionStatusInput() {
  const version = useRecordContext<FirmwareVersion & { id: string }>();
  const canEdit = useCanAccessNow({ resource: RESOURCE, action: 'edit' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const change = useMutation({
    mutationFn: (status: string) => dataProvider.setGsmVersionStatus(RESOURCE, { version: version!.version, status }),
    onSuccess: () => {
      notify('firmware.versions.statusChanged', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
    },
  });
  if (!version) return null;
  const label = (s: string) => translate(`firmware.versionStatus.${s}`, { _: s });
  if (!canEdit) return <>{label(version.status)}</>;
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={change.isPending ? (change.variables ?? version.status) : version.status}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ htmlInput: { 'aria-label': translate('firmware.versions.statusOf', { version: version.version }) } }}
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
