/**
 * The sensor IDs of a new GSM or Wi-Fi deployment (document 2, section 5): text like `1,2,5-20`,
 * parsed by the shared rule; the parse error, or the number of sensors, below the field.
 */
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SensorIdsResult } from '../../../common/firmware';
import { translateRule } from '../../components/formValidation';

export interface SensorIdsInputProps {
  value: string;
  parsed: SensorIdsResult;
  /** Show the parse error (after the field was left or the form submitted). */
  touched: boolean;
  onChange(value: string): void;
  onBlur(): void;
}

export function SensorIdsInput({ value, parsed, touched, onChange, onBlur }: SensorIdsInputProps) {
  const translate = useTranslate();
  const error = touched && !parsed.ok ? translateRule(translate, parsed.error) : undefined;
  return (
    <TextField
      name="sensors"
      label={translate('firmware.create.sensors')}
      placeholder="1,2,5-20"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={!!error}
      helperText={
        error ??
        (parsed.ok
          ? translate('firmware.create.sensorCount', { smart_count: parsed.ids.length })
          : translate('firmware.create.sensorsHint'))
      }
    />
  );
}
