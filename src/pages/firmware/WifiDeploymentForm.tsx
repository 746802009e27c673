/**
 * The Wi-Fi deployment form (document 2, sections 2.9, 5, 9): sensor IDs (`1,2,5-20`), the commit
 * to build chosen from the branches, the tags and the commits the updater offers (a commit shows
 * its 7-character hash, its description cut to 25 characters and its author; typing matches hash,
 * description or author), strategy, grace period and, when rolling, amount and spacing, and allow
 * failed sensors. A branch or tag is sent by name (the updater builds its newest commit), a commit
 * by its full hash. Submit is disabled while the form is invalid or the request runs.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { createFilterOptions } from '@mui/material/Autocomplete';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { parseSensorIds } from '../../../common/firmware';
import { required, type RuleMessage } from '../../../common/validation';
import { useRuleErrors } from '../../components/useRuleErrors';
import type { AppDataProvider, WifiDeploymentOptions, WifiDeploymentPayload } from '../../dataProviders/types';
import { DeploymentRolloutInputs, useDeploymentRollout } from '../../resources/firmware/DeploymentRolloutInputs';
import { SensorIdsInput } from '../../resources/firmware/SensorIdsInput';

/** Characters of a commit shown (document 2, section 9). */
const HASH_CHARS = 7;
const DESCRIPTION_CHARS = 25;

export interface CommitOption {
  kind: 'branch' | 'tag' | 'commit';
  /** What is sent: the branch or tag name, or the full hash. */
  value: string;
  description?: string;
  author?: string;
}

export const shortDescription = (d: string) =>
  d.length > DESCRIPTION_CHARS ? `${d.slice(0, DESCRIPTION_CHARS - 1)}…` : d;

const optionLabel = (o: CommitOption) =>
  o.kind === 'commit' ? `${o.value.slice(0, HASH_CHARS)} · ${shortDescription(o.description ?? '')}` : o.value;

export function commitOptions(data: WifiDeploymentOptions | undefined): CommitOption[] {
  if (!data) return [];
  return [
    ...data.branches.map((value) => ({ kind: 'branch' as const, value })),
    ...data.tags.map((value) => ({ kind: 'tag' as const, value })),
    ...data.commits.map((c) => ({
      kind: 'commit' as const,
      value: c.hash,
      description: c.description,
      author: c.author,
    })),
  ];
}

const filter = createFilterOptions<CommitOption>({
  stringify: (o) => `${o.value} ${o.description ?? ''} ${o.author ?? ''}`,
  limit: 200,
});

export interface WifiDeploymentFormProps {
  pending: boolean;
  onSubmit(payload: WifiDeploymentPayload, allowFailed: boolean): void;
}

export function WifiDeploymentForm({ pending, onSubmit }: WifiDeploymentFormProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [sensorText, setSensorText] = useState('');
  const [commit, setCommit] = useState<CommitOption | null>(null);
  const rollout = useDeploymentRollout();
  const [allowFailed, setAllowFailed] = useState(false);
  const options = useQuery({
    queryKey: ['deployments/wifi', 'create-options'],
    queryFn: ({ signal }) => dataProvider.getWifiDeploymentOptions('deployments/wifi', { signal }),
  });
  const choices = useMemo(() => commitOptions(options.data), [options.data]);

  const parsed = useMemo(() => parseSensorIds(sensorText), [sensorText]);
  const errors: Record<string, RuleMessage | undefined> = {
    sensors: parsed.ok ? undefined : parsed.error,
    commit: required(commit?.value ?? ''),
    ...rollout.errors,
  };
  const { valid, touched, show, touch, touchAll } = useRuleErrors(errors);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    touchAll();
    if (!valid || !parsed.ok || !commit) return;
    onSubmit({ sensors: parsed.ids, commit: commit.value, ...rollout.payload() }, allowFailed);
  };

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
        <Autocomplete
          options={choices}
          value={commit}
          onChange={(_, v) => setCommit(v)}
          onBlur={touch('commit')}
          loading={options.isPending}
          filterOptions={filter}
          groupBy={(o) => translate(`wifi.create.group.${o.kind}`)}
          getOptionLabel={optionLabel}
          isOptionEqualToValue={(a, b) => a.kind === b.kind && a.value === b.value}
          noOptionsText={translate('wifi.create.noOptions')}
          renderOption={({ key, ...props }, o) => (
            <li key={key} {...props}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
                {o.kind === 'commit' ? (
                  <>
                    <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                      {o.value.slice(0, HASH_CHARS)}
                    </Typography>
                    <Typography component="span" noWrap>
                      {shortDescription(o.description ?? '')}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" noWrap>
                      {o.author}
                    </Typography>
                  </>
                ) : (
                  <>
                    <Typography component="span">{o.value}</Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {translate(`wifi.create.kind.${o.kind}`)}
                    </Typography>
                  </>
                )}
              </Stack>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              name="commit"
              required
              label={translate('wifi.create.commit')}
              error={!!show('commit')}
              helperText={show('commit') ?? translate('wifi.create.commitHint')}
            />
          )}
        />
        <DeploymentRolloutInputs rollout={rollout} show={show} touch={touch} />
        <FormControlLabel
          control={
            <Checkbox name="allowFailed" checked={allowFailed} onChange={(e) => setAllowFailed(e.target.checked)} />
          }
          label={translate('firmware.create.allowFailed')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!valid || pending}>
            {translate('firmware.create.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
