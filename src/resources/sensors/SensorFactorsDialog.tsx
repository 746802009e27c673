/**
 * 'Update <param> Factors': A, B and C as required floats (a comma becomes a dot), a fill button
 * (0, 1, 0) and a clear button; saving with all three empty clears the parameter's factors.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FactorsInput } from '../../components/sensors/FactorsInput';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { dialogFactorErrors, toFactorDraft, toFactorSet, type FactorDraft } from '../../components/sensors/factors';
import { useSensorsApi } from './sensorsApi';
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

const validate = (values: FieldValues) => {
  const factors = dialogFactorErrors((values as Values).factors);
  return factors ? { factors } : {};
};

function withFactors(sensor: Sensor, param: string, set: FactorSet | null): Sensor {
  const factors = { ...sensor.params.factors };
  if (set) factors[param] = set;
  else delete factors[param];
  return { ...sensor, params: { ...sensor.params, factors } };
}

export function SensorFactorsDialog({ sensor, param, onClose }: SensorFactorsDialogProps) {
  const api = useSensorsApi();
  const notify = useNotify();
  const updateInCache = useUpdateSensorInCache();
  const submitting = useSubmitOnce();
  const save = useMutation({
    mutationFn: (set: FactorSet | null) => api.updateFactors(sensor.id, param, set),
    onSuccess: (result, set) => {
      const saved = result && 'factors' in result ? result.factors : set;
      updateInCache(sensor.id, (s) => withFactors(s, param, saved && saved.A !== null ? saved : null));
      notify(...success('All changes saved!'));
      onClose();
    },
  });
  const title = `Update ${param} Factors`;

  return (
    <Dialog open onClose={onClose} aria-label={title} maxWidth="sm">
      <Form
        defaultValues={{ factors: toFactorDraft(sensor.params.factors[param]) }}
        validate={validate}
        onSubmit={(values: FieldValues) =>
          submitting.run(() => save.mutateAsync(toFactorSet((values as Values).factors)))
        }
        noValidate
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ pb: 0 }}>
          {/* Room for the outlined labels, which MUI's title + content rule would clip. */}
          <Box sx={{ pt: 1 }}>
            <FactorsInput source="factors" autoFocus />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={submitting.pending}>
            Save
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
