/**
 * 'Update <param> Factors': A, B and C as required floats (a comma becomes a dot), a fill button
 * (0, 1, 0) and a clear button. With all three empty, saving removes the parameter's stored
 * factors — the dialog says so first — and, when none are stored, A, B and C are required.
 */
import { useMemo } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, useNotify, useTranslate, useDataProvider } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { MESSAGES } from '../../../common/validation';
import { FactorsInput } from '../../components/sensors/FactorsInput';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import {
  dialogFactorErrors,
  isBlankSet,
  toFactorDraft,
  toFactorSet,
  type FactorDraft,
} from '../../components/sensors/factors';
import type { AppDataProvider } from '../../dataProviders/types';
import type { FactorSet, Sensor } from './types';
import { useUpdateSensorInCache } from './useUpdateSensorInCache';
import { success } from '../../components/sensors/notifications';

export interface SensorFactorsDialogProps {
  sensor: Sensor;
  param: string;
  onClose: () => void;
}

interface Values {
  factors: FactorDraft;
}

/** Empty A, B and C clear stored factors; with nothing stored they are simply missing. */
const validator = (stored: boolean) => (values: FieldValues) => {
  const draft = (values as Values).factors;
  if (!stored && isBlankSet(draft))
    return { factors: { A: MESSAGES.required, B: MESSAGES.required, C: MESSAGES.required } };
  const factors = dialogFactorErrors(draft);
  return factors ? { factors } : {};
};

/** Says, before saving, that empty fields remove the stored factors. */
function ClearNotice({ sensor, param }: { sensor: Sensor; param: string }) {
  const translate = useTranslate();
  const draft = useWatch<Values, 'factors'>({ name: 'factors' });
  if (!sensor.params.factors[param] || !isBlankSet(draft)) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="factors-clear-notice">
      {translate('hardening.factors.clears', { param, id: sensor.id })}
    </Alert>
  );
}

function withFactors(sensor: Sensor, param: string, set: FactorSet | null): Sensor {
  const factors = { ...sensor.params.factors };
  if (set) factors[param] = set;
  else delete factors[param];
  return { ...sensor, params: { ...sensor.params, factors } };
}

export function SensorFactorsDialog({ sensor, param, onClose }: SensorFactorsDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const updateInCache = useUpdateSensorInCache();
  const submitting = useSubmitOnce();
  const save = useMutation({
    mutationFn: (set: FactorSet | null) =>
      dataProvider.updateSensorFactors('sensors', { id: sensor.id, param, factors: set }),
    onSuccess: (result, set) => {
      const saved = result && 'factors' in result ? result.factors : set;
      updateInCache(sensor.id, (s) => withFactors(s, param, saved && saved.A !== null ? saved : null));
      notify(...success('aq.notifications.saved'));
      onClose();
    },
  });
  const stored = Boolean(sensor.params.factors[param]);
  const validate = useMemo(() => validator(stored), [stored]);
  const title = translate('aq.pages.sensors.updateFactors', { param });

  return (
    <Dialog open onClose={onClose} aria-label={title} maxWidth="sm">
      <Form
        defaultValues={{ factors: toFactorDraft(sensor.params.factors[param]) }}
        validate={validate}
        onSubmit={async (values: FieldValues) => {
          // Resolve to nothing: react-admin reads an object returned by onSubmit as field errors.
          await submitting.run(() => save.mutateAsync(toFactorSet((values as Values).factors)));
        }}
        noValidate
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ pb: 0 }}>
          {/* Room for the outlined labels, which MUI's title + content rule would clip. */}
          <Box sx={{ pt: 1 }}>
            <FactorsInput source="factors" autoFocus />
          </Box>
          <ClearNotice sensor={sensor} param={param} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting.pending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
