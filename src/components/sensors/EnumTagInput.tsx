/** An ENUM tag value: a select of the tag's values, plus an empty entry that clears it. */
import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TagEditorProps } from './BooleanTagInput';

export function EnumTagInput({ value, onSave, label, values }: TagEditorProps & { values: readonly string[] }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<string | null>(null);
  const current = draft ?? (value === null || value === undefined ? '' : String(value));
  // A value set before the tag's values changed is still shown (and can be replaced).
  const options = current && !values.includes(current) ? [current, ...values] : values;
  const change = async (next: string) => {
    setDraft(next);
    try {
      await onSave(next === '' ? null : next);
    } catch {
      // The error banner tells what went wrong.
    } finally {
      setDraft(null);
    }
  };
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={current}
      disabled={draft !== null}
      onChange={(e) => void change(e.target.value)}
      sx={{ minWidth: 110, '& .MuiInputBase-root': { typography: 'body2' } }}
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: {
            // What it shows first, then what it is (WCAG 2.5.3).
            'aria-label': translate('aq.valueNames.value', { value: current || '—', name: label }),
            'aria-labelledby': undefined,
          },
        },
      }}
    >
      <MenuItem value="">
        <em>—</em>
      </MenuItem>
      {options.map((v) => (
        <MenuItem key={v} value={v}>
          {v}
        </MenuItem>
      ))}
    </TextField>
  );
}
