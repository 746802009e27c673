/** The live-connection indicator of the installations toolbar: "Connected" or "No Live Updates". */
import { Chip } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import { useTranslate } from 'react-admin';
import type { LiveStatus } from '../../realtime/liveUpdates';

export function LiveIndicator({ status }: { status: LiveStatus }) {
  const translate = useTranslate();
  const connected = status === 'connected';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={connected ? 'success' : 'default'}
      icon={connected ? <SensorsIcon /> : <SensorsOffIcon />}
      label={translate(connected ? 'installations.live.connected' : 'installations.live.offline')}
      data-testid="live-indicator"
      data-status={status}
    />
  );
}
