/**
 * 'Update <param> Factors' of a sensor or an installation: A, B and C as required floats (a comma
 * becomes a dot), a fill button (0, 1, 0) and a clear button. With all three empty, saving removes
 * the parameter's stored factors — the dialog says so first — and, when none are stored, A, B and
 * C are required. The owner's screen saves (through its data-provider method) and updates its cache.
 */
import { useMemo } from 'react';
import { Alert, Box } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { FactorSet } from '../../dataProviders/types';
import { MESSAGES } from '../../../common/validation';
import { FormDialog } from '../FormDialog';
import { formErrors } from '../formValidation';
import { FactorsInput } from './FactorsInput';
import { dialogFactorErrors, isBlankSet, toFactorDraft, toFactorSet, type FactorDraft } from './factors';
import { success } from './notifications';

export interface FactorsDialogProps {
  param: string;
  /** The sensor or installation id, named in the clearing notice. */
  ownerId: number | string;
  stored: FactorSet | null | undefined;
  /** Saves the set (null clears); resolves to what the server stored. */
  save(set: FactorSet | null): Promise<FactorSet | null | undefined>;
  /** After a save, with what was stored. */
  onSaved(set: FactorSet | null): void;
  onClose(): void;
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
function ClearNotice({ stored, param, ownerId }: { stored: boolean; param: string; ownerId: number | string }) {
  const translate = useTranslate();
  const draft = useWatch<Values, 'factors'>({ name: 'factors' });
  if (!stored || !isBlankSet(draft)) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="factors-clear-notice">
      {translate('hardening.factors.clears', { param, id: ownerId })}
    </Alert>
  );
}

export function FactorsDialog({ param, ownerId, stored, save, onSaved, onClose }: FactorsDialogProps) {
  const notify = useNotify();
  const validate = useMemo(() => validator(Boolean(stored)), [stored]);
  const defaultValues = useMemo(() => ({ factors: toFactorDraft(stored) }), [stored]);
  return (
    <FormDialog
      title="aq.pages.sensors.updateFactors"
      titleArgs={{ param }}
      defaultValues={defaultValues}
      validate={validate}
      onSubmit={async (values: FieldValues) => {
        const set = toFactorSet((values as Values).factors);
        const saved = await save(set);
        const result = saved === undefined ? set : saved;
        onSaved(result && result.A !== null ? result : null);
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
      maxWidth="sm"
    >
      {/* Room for the outlined labels, which MUI's title + content rule would clip. */}
      <Box sx={{ pt: 1 }}>
        <FactorsInput source="factors" autoFocus />
      </Box>
      <ClearNotice stored={Boolean(stored)} param={param} ownerId={ownerId} />
    </FormDialog>
  );
}
