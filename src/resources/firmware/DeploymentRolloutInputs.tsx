/**
 * How a new GSM or Wi-Fi deployment rolls out (document 2, sections 2.9, 5, 9): strategy ROLLING or
 * IMMEDIATE, amount, grace period and spacing in minutes (defaults 1, 60, 60; amount and spacing
 * only for ROLLING), validated by the shared rules. `useDeploymentRollout` holds the state and
 * builds the payload's part (periods in seconds); `DeploymentRolloutInputs` shows it.
 */
import { useState } from 'react';
import { Box, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  DEPLOYMENT_DEFAULTS,
  MAX_DEPLOYMENT_SECONDS,
  SAFE_ROLLOUT_OFF,
  safeRolloutRules,
  type RolloutRules,
  type SafeRolloutInput,
} from '../../../common/firmware';
import { compose, integer, maxValue, minValue, required, type RuleMessage } from '../../../common/validation';
import { SafeRolloutInputs, safeRolloutErrors } from './SafeRolloutInputs';

const MAX_MINUTES = MAX_DEPLOYMENT_SECONDS / 60;
const minutesRule = compose(required, integer, minValue(1), maxValue(MAX_MINUTES));
const amountRule = compose(required, integer, minValue(1), maxValue(10_000));

type Strategy = 'ROLLING' | 'IMMEDIATE';
export type RolloutField = 'amount' | 'grace' | 'spacing';

export interface DeploymentRollout {
  strategy: Strategy;
  values: Record<RolloutField, string>;
  /** The safe-rollout options (issue 13), each off by default. */
  safe: SafeRolloutInput;
  errors: Record<string, RuleMessage | undefined>;
  setStrategy(strategy: Strategy): void;
  set(field: RolloutField, value: string): void;
  setSafe(safe: SafeRolloutInput): void;
  /** The payload's strategy, period and (rolling) amount and spacing, in seconds, and the safe-rollout rules switched on. */
  payload(): { strategy: Strategy; period: number; amount?: number; spacing?: number } & RolloutRules;
}

export function useDeploymentRollout(initial: Strategy = 'ROLLING'): DeploymentRollout {
  const [strategy, setStrategy] = useState<Strategy>(initial);
  const [values, setValues] = useState<Record<RolloutField, string>>({
    amount: String(DEPLOYMENT_DEFAULTS.amount),
    grace: String(DEPLOYMENT_DEFAULTS.periodSec / 60),
    spacing: String(DEPLOYMENT_DEFAULTS.spacingSec / 60),
  });
  const [safe, setSafe] = useState<SafeRolloutInput>(SAFE_ROLLOUT_OFF);
  const rolling = strategy === 'ROLLING';
  return {
    strategy,
    values,
    safe,
    errors: {
      amount: rolling ? amountRule(values.amount) : undefined,
      grace: minutesRule(values.grace),
      spacing: rolling ? minutesRule(values.spacing) : undefined,
      ...safeRolloutErrors(safe, rolling),
    },
    setStrategy,
    set: (field, value) => setValues((v) => ({ ...v, [field]: value })),
    setSafe,
    payload: () => ({
      strategy,
      period: Number(values.grace) * 60,
      ...(rolling ? { amount: Number(values.amount), spacing: Number(values.spacing) * 60 } : {}),
      ...safeRolloutRules(safe, rolling),
    }),
  };
}

export interface DeploymentRolloutInputsProps {
  rollout: DeploymentRollout;
  /** The translated error of a field to show now, if any. */
  show(field: RolloutField): string | undefined;
  touch(field: RolloutField): () => void;
}

export function DeploymentRolloutInputs({ rollout, show, touch }: DeploymentRolloutInputsProps) {
  const translate = useTranslate();
  const rolling = rollout.strategy === 'ROLLING';
  const input = (name: RolloutField, hint: string) => (
    <TextField
      name={name}
      type="number"
      label={translate(`firmware.create.${name}`)}
      value={rollout.values[name]}
      onChange={(e) => rollout.set(name, e.target.value)}
      onBlur={touch(name)}
      error={!!show(name)}
      helperText={show(name) ?? translate(hint)}
    />
  );
  return (
    <>
      <Box>
        <FormLabel id="strategy-label">{translate('firmware.create.strategy')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="strategy-label"
          name="strategy"
          value={rollout.strategy}
          onChange={(e) => rollout.setStrategy(e.target.value as Strategy)}
        >
          <FormControlLabel value="ROLLING" control={<Radio />} label={translate('firmware.strategy.ROLLING')} />
          <FormControlLabel value="IMMEDIATE" control={<Radio />} label={translate('firmware.strategy.IMMEDIATE')} />
        </RadioGroup>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {rolling && input('amount', 'firmware.create.amountHint')}
        {input('grace', 'firmware.create.minutes')}
        {rolling && input('spacing', 'firmware.create.minutes')}
      </Stack>
      <SafeRolloutInputs value={rollout.safe} onChange={rollout.setSafe} rolling={rolling} showErrors />
    </>
  );
}
