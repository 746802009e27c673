/**
 * The GSM deployment form (document 2, sections 2.9, 5, 8, 9): sensor IDs (`1,2,5-20`), the three
 * version toggles and the version (only allowed versions offered; the choice resets when it becomes
 * disallowed), strategy ROLLING / IMMEDIATE, amount, grace period and spacing (minutes; defaults 1,
 * 60, 60), allow failed sensors, and every warning of section 8 from what the GSM updater knows of
 * the sensors. Submit is disabled while the form is invalid or the request runs.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  DEPLOYMENT_DEFAULTS,
  MAX_DEPLOYMENT_SECONDS,
  allowedVersions,
  deploymentWarnings,
  parseSensorIds,
  sensorPrefixes,
  type VersionToggles,
} from '../../../common/firmware';
import { compose, integer, maxValue, minValue, required, type RuleMessage } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';
import type { AppDataProvider, GsmDeploymentPayload } from '../../dataProviders/types';

const MAX_MINUTES = MAX_DEPLOYMENT_SECONDS / 60;
const minutesRule = compose(required, integer, minValue(1), maxValue(MAX_MINUTES));
const amountRule = compose(required, integer, minValue(1), maxValue(10_000));

export interface GsmDeploymentFormProps {
  pending: boolean;
  onSubmit(payload: GsmDeploymentPayload, allowFailed: boolean): void;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function GsmDeploymentForm({ pending, onSubmit }: GsmDeploymentFormProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [sensorText, setSensorText] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [toggles, setToggles] = useState<VersionToggles>({
    allowExperimental: false,
    allowDeprecated: false,
    allowIncompatible: false,
  });
  const [version, setVersion] = useState('');
  const [strategy, setStrategy] = useState<'ROLLING' | 'IMMEDIATE'>('ROLLING');
  const [amount, setAmount] = useState(String(DEPLOYMENT_DEFAULTS.amount));
  const [grace, setGrace] = useState(String(DEPLOYMENT_DEFAULTS.periodSec / 60));
  const [spacing, setSpacing] = useState(String(DEPLOYMENT_DEFAULTS.spacingSec / 60));
  const [allowFailed, setAllowFailed] = useState(false);

  const parsed = useMemo(() => parseSensorIds(sensorText), [sensorText]);
  const ids = useDebounced(parsed.ok ? parsed.ids : null, 400);
  const versions = useQuery({
    queryKey: ['deployments/gsm/versions', 'all'],
    queryFn: ({ signal }) => dataProvider.getAllGsmVersions('deployments/gsm/versions', { signal }),
  });
  const sensors = useQuery({
    queryKey: ['deployments/gsm', 'updater-sensors', ids?.join(',') ?? ''],
    queryFn: ({ signal }) => dataProvider.getGsmUpdaterSensors('deployments/gsm', { ids: ids!, signal }),
    enabled: !!ids && ids.length > 0,
  });
  const known = ids ? sensors.data : undefined;
  const prefixes = useMemo(() => sensorPrefixes(known ?? []), [known]);
  const choices = useMemo(
    () => allowedVersions(versions.data ?? [], toggles, prefixes),
    [versions.data, toggles, prefixes],
  );
  // The chosen version resets when it becomes disallowed (section 5).
  useEffect(() => {
    if (version && !choices.some((v) => v.version === version)) setVersion('');
  }, [choices, version]);
  const chosen = (versions.data ?? []).find((v) => v.version === version) ?? null;
  const warnings = ids && sensors.data ? deploymentWarnings({ ids, sensors: sensors.data, version: chosen }) : [];

  const rolling = strategy === 'ROLLING';
  const errors: Record<string, RuleMessage | undefined> = {
    sensors: parsed.ok ? undefined : parsed.error,
    version: required(version),
    amount: rolling ? amountRule(amount) : undefined,
    grace: minutesRule(grace),
    spacing: rolling ? minutesRule(spacing) : undefined,
  };
  const valid = Object.values(errors).every((e) => !e);
  const show = (name: string) => (touched[name] && errors[name] ? translateRule(translate, errors[name]) : undefined);
  const touch = (name: string) => () => setTouched((t) => ({ ...t, [name]: true }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ sensors: true, version: true, amount: true, grace: true, spacing: true });
    if (!valid || !parsed.ok) return;
    onSubmit(
      {
        sensors: parsed.ids,
        version,
        strategy,
        period: Number(grace) * 60,
        ...(rolling ? { amount: Number(amount), spacing: Number(spacing) * 60 } : {}),
      },
      allowFailed,
    );
  };

  const toggle = (key: keyof VersionToggles) => (
    <FormControlLabel
      key={key}
      control={
        <Switch
          name={key}
          checked={toggles[key]}
          onChange={(e) => setToggles((t) => ({ ...t, [key]: e.target.checked }))}
        />
      }
      label={translate(`firmware.create.${key}`)}
    />
  );

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 720 }}>
      <Stack spacing={2.5}>
        <TextField
          name="sensors"
          label={translate('firmware.create.sensors')}
          placeholder="1,2,5-20"
          required
          value={sensorText}
          onChange={(e) => setSensorText(e.target.value)}
          onBlur={touch('sensors')}
          error={!!show('sensors')}
          helperText={
            show('sensors') ??
            (parsed.ok
              ? translate('firmware.create.sensorCount', { smart_count: parsed.ids.length })
              : translate('firmware.create.sensorsHint'))
          }
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {toggle('allowExperimental')}
          {toggle('allowDeprecated')}
          {toggle('allowIncompatible')}
        </Stack>
        <TextField
          select
          name="version"
          label={translate('firmware.create.version')}
          required
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          onBlur={touch('version')}
          error={!!show('version')}
          helperText={
            show('version') ??
            (prefixes.length && !toggles.allowIncompatible
              ? translate('firmware.create.prefixHint', { prefixes: prefixes.join(', ') })
              : undefined)
          }
          slotProps={{ htmlInput: { 'data-testid': 'version-select' } }}
        >
          {choices.length === 0 && (
            <MenuItem value="" disabled>
              {translate('firmware.create.noVersions')}
            </MenuItem>
          )}
          {choices.map((v) => (
            <MenuItem key={v.version} value={v.version}>
              {v.version} · {translate(`firmware.versionStatus.${v.status}`, { _: v.status })}
              {v.description ? ` · ${v.description}` : ''}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormLabel id="strategy-label">{translate('firmware.create.strategy')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="strategy-label"
            name="strategy"
            value={strategy}
            onChange={(e) => setStrategy(e.target.value as 'ROLLING' | 'IMMEDIATE')}
          >
            <FormControlLabel value="ROLLING" control={<Radio />} label={translate('firmware.strategy.ROLLING')} />
            <FormControlLabel value="IMMEDIATE" control={<Radio />} label={translate('firmware.strategy.IMMEDIATE')} />
          </RadioGroup>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {rolling && (
            <TextField
              name="amount"
              type="number"
              label={translate('firmware.create.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={touch('amount')}
              error={!!show('amount')}
              helperText={show('amount') ?? translate('firmware.create.amountHint')}
            />
          )}
          <TextField
            name="grace"
            type="number"
            label={translate('firmware.create.grace')}
            value={grace}
            onChange={(e) => setGrace(e.target.value)}
            onBlur={touch('grace')}
            error={!!show('grace')}
            helperText={show('grace') ?? translate('firmware.create.minutes')}
          />
          {rolling && (
            <TextField
              name="spacing"
              type="number"
              label={translate('firmware.create.spacing')}
              value={spacing}
              onChange={(e) => setSpacing(e.target.value)}
              onBlur={touch('spacing')}
              error={!!show('spacing')}
              helperText={show('spacing') ?? translate('firmware.create.minutes')}
            />
          )}
        </Stack>
        <FormControlLabel
          control={
            <Checkbox name="allowFailed" checked={allowFailed} onChange={(e) => setAllowFailed(e.target.checked)} />
          }
          label={translate('firmware.create.allowFailed')}
        />
        {warnings.length > 0 && (
          <Stack spacing={1} data-testid="deployment-warnings">
            {warnings.map((w) => (
              <Alert key={w.key} severity="warning" data-testid={`warning-${w.key}`}>
                {translate(`firmware.warnings.${w.key}`, w.values)}
              </Alert>
            ))}
          </Stack>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={!valid || pending}>
            {translate('firmware.create.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
