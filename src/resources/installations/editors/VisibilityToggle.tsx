/**
 * The visibility toggle of an installation (edit_visibility): shows or hides it on the public map
 * and in open-API responses — "Sensor with installation id {id} is now visible/invisible."
 */
import { useState } from 'react';
import { Switch } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { success } from '../../../components/sensors/notifications';
import type { AppDataProvider } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';

export function VisibilityToggle({ canEdit }: { canEdit: boolean }) {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const updateInCache = useUpdateInstallationInCache();
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const id = record.installationId;
  const visible = Boolean(record.isVisible);
  if (!canEdit) return <>{visible ? '✓' : '✗'}</>;
  return (
    <Switch
      size="small"
      checked={visible}
      disabled={pending}
      slotProps={{ input: { 'aria-label': translate('installations.visibilityOf', { id }) } }}
      onChange={async (_e, next) => {
        if (pending) return;
        setPending(true);
        try {
          const saved = await dataProvider.setInstallationVisibility('installations', { id, visible: next });
          updateInCache(id, { isVisible: saved.isVisible });
          notify(
            ...success(
              saved.isVisible ? 'installations.notifications.visible' : 'installations.notifications.invisible',
              {
                id,
              },
            ),
          );
        } catch {
          // The error banner shows the refusal.
        } finally {
          setPending(false);
        }
      }}
    />
  );
}
