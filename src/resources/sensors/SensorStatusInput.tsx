/**
 * The status of a sensor with its icon. With edit_sensors_status it opens a menu of exactly the
 * statuses allowed next (document 1, section 4); a Retired sensor has none, so no menu is offered.
 * One request per choice: a double click on a menu item (its second click lands before the menu
 * closes) is dropped by the one-submit lock every form uses, not sent as a second change.
 */
import { useState } from 'react';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { allowedNextStatuses, SENSOR_STATUSES, type SensorStatus } from '../../../common/domain';
import { SensorStatusIcon } from '../../components/sensors/SensorStatusIcon';
import { useCanAccessNow } from '../useCanAccessNow';
import type { SensorUpdateMeta } from '../../dataProviders/types';
import type { Sensor } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { useEnumLabels } from '../../components/enumLabels';

export const statusOptions = (status: string): SensorStatus[] =>
  (SENSOR_STATUSES as readonly string[]).includes(status) ? allowedNextStatuses(status as SensorStatus) : [];

export function SensorStatusInput() {
  const sensor = useRecordContext<Sensor>();
  const canEdit = useCanAccessNow({ resource: 'sensors', action: 'changeStatus' });
  const [update] = useUpdate<Sensor>();
  const notify = useNotify();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const submitting = useSubmitOnce();
  const labels = useEnumLabels();
  const change = async (record: Sensor, status: SensorStatus) => {
    const meta: SensorUpdateMeta = { action: 'status' };
    await update(
      'sensors',
      { id: record.id, data: { info: { ...record.info, status } }, previousData: record, meta },
      { mutationMode: 'pessimistic', returnPromise: true },
    );
    notify(...success('aq.notifications.statusChanged'));
  };
  if (!sensor) return null;

  const status = sensor.info.status;
  const options = statusOptions(status);
  const label = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <SensorStatusIcon status={status} />
      <Typography variant="body2" component="span">
        {labels.sensorStatus(status)}
      </Typography>
    </Box>
  );
  if (!canEdit || options.length === 0) return <Box data-testid={`status-${sensor.id}`}>{label}</Box>;

  return (
    <>
      <Button
        size="small"
        color="inherit"
        disabled={submitting.pending}
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-label={translate('aq.valueNames.status', { id: sensor.id, status: labels.sensorStatus(status) })}
        data-testid={`status-${sensor.id}`}
        sx={{ textTransform: 'none', fontWeight: 'normal', ml: -0.75 }}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((next) => (
          <MenuItem
            key={next}
            dense
            onClick={() => {
              setAnchor(null);
              void submitting.run(() => change(sensor, next));
            }}
          >
            <ListItemIcon>
              <SensorStatusIcon status={next} />
            </ListItemIcon>
            <ListItemText>{labels.sensorStatus(next)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
