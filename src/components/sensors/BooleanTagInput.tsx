/** A boolean tag value: each click saves the next value of the cycle null → true → false → null. */
import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import DisabledByDefaultIcon from '@mui/icons-material/DisabledByDefault';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import type { TagValue } from '../../resources/tags/types';
import { nextBooleanValue, tagValueText } from './tagValues';
import { useTranslate } from 'react-admin';

export interface TagEditorProps {
  value: TagValue | undefined;
  /** Saves the new value; the editor waits for it (and keeps the old value if it fails). */
  onSave: (value: TagValue) => Promise<unknown>;
  /** Accessible name, e.g. "Warranty of sensor 5". */
  label: string;
}

const ICONS = {
  true: <CheckBoxIcon color="success" fontSize="small" />,
  false: <DisabledByDefaultIcon color="error" fontSize="small" />,
  null: <CheckBoxOutlineBlankIcon color="disabled" fontSize="small" />,
};

export function BooleanTagInput({ value, onSave, label }: TagEditorProps) {
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  const current = value === true || value === false ? value : null;
  const next = nextBooleanValue(current);
  const text = current === null ? translate('aq.tags.notSet') : tagValueText(current, translate);
  const click = async () => {
    setPending(true);
    try {
      await onSave(next);
    } catch {
      // The error banner tells what went wrong; the value stays as it was.
    } finally {
      setPending(false);
    }
  };
  return (
    <Tooltip
      title={translate('aq.tags.clickToSet', {
        value: next === null ? translate('aq.tags.notSet') : tagValueText(next, translate),
      })}
    >
      <span>
        <Button
          size="small"
          color="inherit"
          disabled={pending}
          onClick={click}
          startIcon={ICONS[String(current) as keyof typeof ICONS]}
          aria-label={translate('aq.valueNames.value', { value: current === null ? '—' : text, name: label })}
          data-value={String(current)}
          sx={{ textTransform: 'none', minWidth: 0, fontWeight: 'normal' }}
        >
          {current === null ? '—' : text}
        </Button>
      </span>
    </Tooltip>
  );
}
