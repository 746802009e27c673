/**
 * "Change Status" (document 2, sections 2.3 and 4): ticked, it shows the sensor's current status
 * and a selector of the statuses it may change to (document 1's list and transitions). The form
 * sends the status only when ticked and different from the current one.
 */
import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { SelectInput, useTranslate } from 'react-admin';
import { SENSOR_STATUSES, allowedNextStatuses, type SensorStatus } from '../../../common/domain';
import { SensorStatusIcon } from '../../components/sensors/SensorStatusIcon';
import { useEnumLabels } from '../../components/enumLabels';
import { CheckboxInput } from './CheckboxInput';

const isStatus = (s: string): s is SensorStatus => (SENSOR_STATUSES as readonly string[]).includes(s);

export function statusChoices(current: string) {
  const statuses = isStatus(current) ? [current, ...allowedNextStatuses(current)] : [...SENSOR_STATUSES];
  return statuses.map((s) => ({ id: s, name: s }));
}

export function StatusChangeInput({ currentStatus }: { currentStatus: string }) {
  const translate = useTranslate();
  const labels = useEnumLabels();
  const ticked = useWatch({ name: 'changeStatus' }) as boolean;
  return (
    <Box>
      <CheckboxInput source="changeStatus" label="reinstall.fields.changeStatus" />
      {ticked && (
        <Box sx={{ pl: 4 }}>
          <Typography
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 1 }}
            data-testid="current-status"
          >
            {isStatus(currentStatus) && <SensorStatusIcon status={currentStatus} />}
            {translate('reinstall.fields.currentStatus', { status: labels.sensorStatus(currentStatus) })}
          </Typography>
          <SelectInput
            source="status"
            label="reinstall.fields.status"
            choices={statusChoices(currentStatus)}
            optionText={(choice: { id: string }) => (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                {isStatus(choice.id) && <SensorStatusIcon status={choice.id} />}
                {labels.sensorStatus(choice.id)}
              </Box>
            )}
            translateChoice={false}
            isRequired
            sx={{ minWidth: 260 }}
          />
        </Box>
      )}
    </Box>
  );
}
