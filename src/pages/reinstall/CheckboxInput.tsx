/** A plain checkbox bound to a boolean form value (react-admin's BooleanInput is a switch). */
import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

export function CheckboxInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={translate(label)}
    />
  );
}
