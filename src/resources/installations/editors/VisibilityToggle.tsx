/**
 * The visibility toggle of an installation (edit_visibility): shows or hides it on the public map
 * and in open-API responses — "Sensor with installation id {id} is now visible/invisible."
 */
import { useState } from 'react';
import { Switch } from '@mui/material';
import { useInstallationEdit } from './useInstallationEdit';

export function VisibilityToggle({ canEdit }: { canEdit: boolean }) {
  const { record, id, translate, save, saved } = useInstallationEdit();
  const [pending, setPending] = useState(false);
  if (!record || id === undefined) return null;
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
          const { isVisible } = await save(record, { data: { isVisible: next }, meta: { action: 'visibility' } });
          saved(isVisible ? 'installations.notifications.visible' : 'installations.notifications.invisible', { id });
        } catch {
          // The error banner shows the refusal.
        } finally {
          setPending(false);
        }
      }}
    />
  );
}
