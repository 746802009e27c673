/** Previous installations of the sensor (/sensors/{id}/history), with view_history_sensor. */
import { IconButton, Tooltip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { useRecordContext } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { Sensor } from './types';

export function SensorHistoryButton() {
  const sensor = useRecordContext<Sensor>();
  const canView = useCanAccessNow({ resource: 'sensors', action: 'history' });
  if (!sensor || !canView) return null;
  return (
    <Tooltip title="Previous installations">
      <IconButton
        size="small"
        component={Link}
        to={`/sensors/${sensor.id}/history`}
        aria-label={`Previous installations of sensor ${sensor.id}`}
      >
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
