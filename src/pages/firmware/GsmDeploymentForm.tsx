/**
 * The GSM deployment form (document 2, sections 2.9, 5, 8, 9): sensor IDs (`1,2,5-20`), the three
 * version toggles and the version (only allowed versions offered; the choice resets when it becomes
 * disallowed), strategy ROLLING / IMMEDIATE, amount, grace period and spacing (minutes; defaults 1,
 * 60, 60), allow failed sensors, and every warning of section 8 from what the GSM updater knows of
 * the sensors. Submit is disabled while the form is invalid or the request runs. The sensor IDs and
 * the rollout inputs are shared with the Wi-Fi form (src/resources/firmware/).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  allowedVersions,
  deploymentWarnings,
  parseSensorIds,
  sensorPrefixes,
  type VersionToggles,
} from '../../../common/firmware';
import { required, type RuleMessage } from '../../../common/validation';
import { useRuleErrors } from '../../components/useRuleErrors';
import type { AppDataProvider, GsmDeploymentPayload } from '../../dataProviders/types';
import { DeploymentRolloutInputs, useDeploymentRollout } from '../../resources/firmware/DeploymentRolloutInputs';
import { SensorIdsInput } from '../../resources/firmware/SensorIdsInput';

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
  const [toggles, setToggles] = useState<VersionToggles>({
    allowExperimental: false,
    allowDeprecated: false,
    allowIncompatible: false,
  });
  const [version, setVersion] = useState('');
  const rollout = useDeploymentRollout();
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

  const errors: Record<string, RuleMessage | undefined> = {
    sensors: parsed.ok ? undefined : parsed.error,
    version: required(version),
    ...rollout.errors,
  };
  const { valid, touched, show, touch, touchAll } = useRuleErrors(errors);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    touchAll();
    if (!valid || !parsed.ok) return;
    onSubmit({ sensors: parsed.ids, version, ...rollout.payload() }, allowFailed);
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
        <SensorIdsInput
          value={sensorText}
          parsed={parsed}
          touched={touched('sensors')}
          onChange={setSensorText}
          onBlur={touch('sensors')}
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
        <DeploymentRolloutInputs rollout={rollout} show={show} touch={touch} />
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
