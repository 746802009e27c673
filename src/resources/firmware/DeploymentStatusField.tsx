/** A deployment's or a sensor's updater status as a chip with the spec's label (document 1, section 4); a rule's reason as tooltip. */
import { Chip, Tooltip } from '@mui/material';
import { useEnumLabels } from '../../components/enumLabels';

const COLORS: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  Rolling: 'info',
  Finished: 'success',
  Updated: 'success',
  Ok: 'success',
  Halted: 'warning',
  Warning: 'warning',
  Skipped: 'default',
  Failed: 'error',
  UpdatePlanned: 'default',
  UpdateQueued: 'info',
  UpdatePending: 'info',
  Updating: 'info',
  // The Wi-Fi updater's own steps.
  Deployed: 'success',
  Requested: 'info',
  Building: 'info',
  Pending: 'info',
  Uploading: 'info',
  Testing: 'info',
};

/** Not started, or left out. */
const OUTLINED = ['UpdatePlanned', 'Skipped', 'Enrolled', 'Queued', 'Obsolete'];

export function DeploymentStatusField({ status, reason }: { status: string; reason?: string | null }) {
  const labels = useEnumLabels();
  const chip = (
    <Chip
      size="small"
      variant={OUTLINED.includes(status) ? 'outlined' : 'filled'}
      color={COLORS[status] ?? 'default'}
      label={labels.updaterStatus(status)}
      data-testid="deployment-status"
    />
  );
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
