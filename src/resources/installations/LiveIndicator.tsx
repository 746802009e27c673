/**
 * The live-connection indicator of the installations toolbar: "Connected" or "No Live Updates" (the
 * spec's labels), and "Connecting…" while the connection is still being made, so a visit does not
 * start with "No Live Updates" for the few seconds the connection takes.
 */
import { Chip, CircularProgress } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import { useTranslate } from 'react-admin';
import type { LiveStatus } from '../../realtime/liveUpdates';

const LOOK = {
  connected: { color: 'success', icon: <SensorsIcon />, label: 'installations.live.connected' },
  connecting: {
    color: 'default',
    icon: <CircularProgress size={14} color="inherit" disableShrink />,
    label: 'installations.live.connecting',
  },
  offline: { color: 'default', icon: <SensorsOffIcon />, label: 'installations.live.offline' },
} as const;

export function LiveIndicator({ status }: { status: LiveStatus }) {
  const translate = useTranslate();
  const { color, icon, label } = LOOK[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={icon}
      label={translate(label)}
      data-testid="live-indicator"
      data-status={status}
      aria-busy={status === 'connecting'}
    />
  );
}
