/**
 * A, B and C of one parameter inside a react-admin form (under `source`), with placeholders 0/1/0,
 * a fill button (0, 1, 0) and a clear button. A comma becomes a dot as it is typed. The form
 * validates the set (see factors.ts); after a submit, filling or clearing re-validates it.
 */
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import ClearIcon from '@mui/icons-material/Clear';
import { useFormContext } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { FACTOR_FILL, FACTOR_KEYS, decimalPoint, type FactorKey } from './factors';

const parse = (text: string) => (text === '' ? null : decimalPoint(text));

export function FactorsInput({ source, label, autoFocus }: { source: string; label?: string; autoFocus?: boolean }) {
  // Read during render: react-hook-form only tracks the form state a component subscribes to.
  const {
    setValue,
    trigger,
    formState: { isSubmitted },
  } = useFormContext();
  const set = (values: Record<FactorKey, string | null>) => {
    for (const k of FACTOR_KEYS) setValue(`${source}.${k}`, values[k], { shouldDirty: true });
    if (isSubmitted) void trigger();
  };
  // A, B and C are checked together: after a submit, a change in one re-checks its siblings.
  const recheck = () => {
    if (isSubmitted) void trigger(FACTOR_KEYS.map((k) => `${source}.${k}`));
  };
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }} data-testid={`factors-${label ?? source}`}>
      {label && (
        <Typography variant="body2" sx={{ width: 96, pt: 1.25, fontWeight: 500 }}>
          {label}
        </Typography>
      )}
      {FACTOR_KEYS.map((k, i) => (
        <TextInput
          key={k}
          source={`${source}.${k}`}
          label={k}
          parse={parse}
          onChange={recheck}
          placeholder={FACTOR_FILL[k]}
          autoFocus={autoFocus && i === 0}
          size="small"
          sx={{ width: 110 }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'decimal', 'aria-label': label ? `${label} ${k}` : k },
          }}
        />
      ))}
      <Box sx={{ display: 'flex', pt: 0.5 }}>
        <Tooltip title={translate('aq.factors.fillHint')}>
          <IconButton
            size="small"
            aria-label={label ? translate('aq.factors.fillNamed', { name: label }) : translate('aq.factors.fill')}
            onClick={() => set({ ...FACTOR_FILL })}
          >
            <AutoFixHighIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('aq.actions.clear')}>
          <IconButton
            size="small"
            aria-label={label ? translate('aq.factors.clearNamed', { name: label }) : translate('aq.factors.clear')}
            onClick={() => set({ A: null, B: null, C: null })}
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
