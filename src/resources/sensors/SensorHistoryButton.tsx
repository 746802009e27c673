/** Previous installations of the sensor (/sensors/{id}/history), with view_history_sensor. */
import { IconButton, Tooltip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { Sensor } from './types';

export function SensorHistoryButton() {
  const sensor = useRecordContext<Sensor>();
  const translate = useTranslate();
  const canView = useCanAccessNow({ resource: 'sensors', action: 'history' });
  if (!sensor || !canView) return null;
  return (
    <Tooltip title={translate('aq.pages.sensors.history')}>
      <IconButton
        size="small"
        component={Link}
        to={`/sensors/${sensor.id}/history`}
        aria-label={translate('aq.pages.sensors.historyOf', { id: sensor.id })}
      >
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
