/**
 * 'Update <param> Factors': A, B and C as required floats (a comma becomes a dot), a fill button
 * (0, 1, 0) and a clear button. With all three empty, saving removes the parameter's stored
 * factors — the dialog says so first — and, when none are stored, A, B and C are required.
 */
import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate, useDataProvider } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { MESSAGES } from '../../../common/validation';
import { FactorsInput } from '../../components/sensors/FactorsInput';
import { FormDialog } from '../../components/FormDialog';
import { formErrors } from '../../components/formValidation';
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
    return formErrors({ factors: { A: MESSAGES.required, B: MESSAGES.required, C: MESSAGES.required } });
  const factors = dialogFactorErrors(draft);
  return factors ? formErrors({ factors }) : {};
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const updateInCache = useUpdateSensorInCache();
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
  const defaultValues = useMemo(() => ({ factors: toFactorDraft(sensor.params.factors[param]) }), [sensor, param]);

  return (
    <FormDialog
      title="aq.pages.sensors.updateFactors"
      titleArgs={{ param }}
      defaultValues={defaultValues}
      validate={validate}
      onSubmit={(values: FieldValues) => save.mutateAsync(toFactorSet((values as Values).factors))}
      onClose={onClose}
      maxWidth="sm"
    >
      {/* Room for the outlined labels, which MUI's title + content rule would clip. */}
      <Box sx={{ pt: 1 }}>
        <FactorsInput source="factors" autoFocus />
      </Box>
      <ClearNotice sensor={sensor} param={param} />
    </FormDialog>
  );
}
