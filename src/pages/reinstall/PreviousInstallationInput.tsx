/**
 * The previous installation id (document 2, sections 2.3 and 5): entering one loads that
 * installation's last history record and prefills location, contractor, alternative addresses,
 * factors, contact and tags (switching on Set Factors / Set Alternative Address as they apply).
 * Its state feeds the form's rule: the form is valid only with no id or a loaded one.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useDataProvider } from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '../../../common/domain';
import type { AppDataProvider, Tag } from '../../dataProviders/types';
import { retryUnlessClientError } from '../../dataProviders/queryClient';
import { isValidId } from '../history/HistoryPage';
import { tagKey } from '../generateTokens/orderForm';
import { valuesFromRecord, type PreviousState, type ReinstallValues } from './reinstallForm';
import { SensorActivityIndicator } from '../../components/SensorActivityIndicator';

/** The query of a previous installation's last record (shared with the page's first load). */
export const lastRecordKey = (id: string) => ['reinstall', 'last', id] as const;
export const LAST_RECORD_STALE_MS = 60_000;

export function PreviousInstallationInput({
  state: tracker,
  onStateChange,
  initial,
  tags,
}: {
  state: RefObject<PreviousState>;
  onStateChange: (state: PreviousState) => void;
  /** The current installation: the default previous one, already read (its read form) and prefilled. */
  initial: { id: string; sensorId: number; values: Partial<ReinstallValues> };
  tags: readonly Tag[];
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue, trigger, getFieldState } = useFormContext<ReinstallValues>();
  const value = String(useWatch<ReinstallValues>({ name: 'previousInstallationId' }) ?? '').trim();
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const last = useQuery({
    queryKey: lastRecordKey(debounced),
    queryFn: ({ signal }) => dataProvider.getLastInstallationRecord('reinstall', { id: debounced, signal }),
    enabled: isValidId(debounced) && debounced !== initial.id,
    retry: retryUnlessClientError,
    staleTime: LAST_RECORD_STALE_MS,
  });

  let state: PreviousState;
  if (value === '') state = 'empty';
  else if (!isValidId(value)) state = 'invalid';
  else if (value === initial.id) state = 'loaded';
  else if (value !== debounced || last.isFetching) state = 'loading';
  else if (last.isSuccess) state = 'loaded';
  else if (last.isError) state = 'failed';
  else state = 'loading';

  useEffect(() => {
    tracker.current = state;
    onStateChange(state);
    // Re-check the field once its installation has loaded (or failed to); untouched, it shows nothing.
    if (state !== 'loading' && (getFieldState('previousInstallationId').isDirty || state !== 'loaded'))
      void trigger('previousInstallationId');
  }, [state, tracker, onStateChange, trigger, getFieldState]);

  const applied = useRef(initial.id);
  useEffect(() => {
    if (state !== 'loaded' || value !== debounced || applied.current === debounced) return;
    const source = debounced === initial.id ? initial.values : last.data && valuesFromRecord(last.data);
    if (!source) return;
    applied.current = debounced;
    const { tags: recordTags = {}, ...values } = source;
    const options = { shouldDirty: true };
    for (const [key, v] of Object.entries(values)) setValue(key as keyof ReinstallValues, v as never, options);
    for (const tag of tags) setValue(`tags.${tagKey(tag)}`, recordTags[tagKey(tag)] ?? null, options);
  }, [state, value, last.data, debounced, setValue, tags, initial]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      <TextInput
        source="previousInstallationId"
        label="reinstall.fields.previousInstallationId"
        helperText="reinstall.previous.hint"
        sx={{ flex: '1 1 auto', maxWidth: 320 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      {state !== 'empty' && state !== 'invalid' && (
        <Box sx={{ pt: 2.5 }}>
          <SensorActivityIndicator
            sensorId={
              value === initial.id
                ? initial.sensorId
                : state === 'loaded'
                  ? last.data?.sensorId
                  : state === 'failed'
                    ? null
                    : undefined
            }
          />
        </Box>
      )}
    </Box>
  );
}
