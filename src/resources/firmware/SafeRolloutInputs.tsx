/**
 * The safe-rollout options of the GSM and Wi-Fi create forms (issue 13): halt automatically when
 * too many finished sensors failed, release a wave only when enough of the previous one updated
 * (rolling only), and retry a failing sensor before quarantining it. Each rule is off by default
 * (the spec's behaviour) and validated like the server validates it.
 */
import { Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_DEPLOYMENT_SENSORS, MAX_RETRIES_LIMIT, type SafeRolloutInput } from '../../../common/firmware';
import { compose, integer, maxValue, minValue, required, type RuleMessage } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';

const percentRule = compose(required, minValue(0), maxValue(100));
const gateRule = compose(required, minValue(1), maxValue(100));
const minFinishedRule = compose(required, integer, minValue(1), maxValue(MAX_DEPLOYMENT_SENSORS));
const retriesRule = compose(required, integer, minValue(0), maxValue(MAX_RETRIES_LIMIT));

type NumberField = 'failedPercent' | 'minFinished' | 'waveSuccessPercent' | 'maxRetries';

/** The errors of the switched-on options, by field. */
export function safeRolloutErrors(v: SafeRolloutInput, rolling: boolean): Record<NumberField, RuleMessage | undefined> {
  return {
    failedPercent: v.autoHalt ? percentRule(v.failedPercent) : undefined,
    minFinished: v.autoHalt ? minFinishedRule(v.minFinished) : undefined,
    waveSuccessPercent: v.gate && rolling ? gateRule(v.waveSuccessPercent) : undefined,
    maxRetries: v.retries ? retriesRule(v.maxRetries) : undefined,
  };
}

export function SafeRolloutInputs({
  value,
  onChange,
  rolling,
  showErrors,
}: {
  value: SafeRolloutInput;
  onChange: (value: SafeRolloutInput) => void;
  rolling: boolean;
  /** Show the errors (after a submit attempt); each field also shows its own once edited. */
  showErrors: boolean;
}) {
  const translate = useTranslate();
  const errors = safeRolloutErrors(value, rolling);
  const set = (patch: Partial<SafeRolloutInput>) => onChange({ ...value, ...patch });
  const numberField = (name: NumberField, label: string, adornment?: string) => {
    const error = errors[name];
    return (
      <TextField
        name={name}
        label={translate(label)}
        value={value[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        size="small"
        type="number"
        error={showErrors && !!error}
        helperText={showErrors && error ? translateRule(translate, error) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric' }, input: adornment ? { endAdornment: adornment } : {} }}
        sx={{ width: 180 }}
      />
    );
  };
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate('firmware.safeRollout.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('firmware.safeRollout.help')}
      </Typography>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FormControlLabel
            control={<Switch checked={value.autoHalt} onChange={(e) => set({ autoHalt: e.target.checked })} />}
            label={translate('firmware.safeRollout.autoHalt')}
            sx={{ minWidth: 260 }}
          />
          {value.autoHalt && (
            <>
              {numberField('failedPercent', 'firmware.safeRollout.failedPercent', '%')}
              {numberField('minFinished', 'firmware.safeRollout.minFinished')}
            </>
          )}
        </Stack>
        {rolling && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <FormControlLabel
              control={<Switch checked={value.gate} onChange={(e) => set({ gate: e.target.checked })} />}
              label={translate('firmware.safeRollout.gate')}
              sx={{ minWidth: 260 }}
            />
            {value.gate && numberField('waveSuccessPercent', 'firmware.safeRollout.waveSuccessPercent', '%')}
          </Stack>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FormControlLabel
            control={<Switch checked={value.retries} onChange={(e) => set({ retries: e.target.checked })} />}
            label={translate('firmware.safeRollout.retries')}
            sx={{ minWidth: 260 }}
          />
          {value.retries && numberField('maxRetries', 'firmware.safeRollout.maxRetries')}
        </Stack>
      </Stack>
    </Box>
  );
}
