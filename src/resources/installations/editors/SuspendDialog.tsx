/**
 * Suspend or unsuspend the measurement of one parameter (document 2, sections 2.1, 4, 5, 7 and 8):
 * from defaults to now; to suspend, an optional till date and time (both or neither — "If till date
 * is filled, time is required, and vice versa", in the dialog's alert area) and a reason. Save is
 * disabled while the form is invalid. The parameter is sent upper-case.
 */
import { useEffect } from 'react';
import { Alert, Box } from '@mui/material';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { nowFields, suspensionBody, tillMismatch, type SuspensionDraft } from '../../../../common/suspension';
import { maxLength, required } from '../../../../common/validation';
import { FormDialog } from '../../../components/FormDialog';
import { LocaleDateInput } from '../../../components/inputs/LocaleDateInput';
import { ruleError, ruleValidator, translateRule } from '../../../components/formValidation';
import { success } from '../../../components/sensors/notifications';
import type { Installation } from '../types';
import { useInstallationEdit } from './useInstallationEdit';

/** The till pair is checked on both fields (so Save is disabled), and shown once in the alert area. */
const tillRule = (_value: unknown, values: FieldValues) => {
  const mismatch = tillMismatch(values as SuspensionDraft);
  return mismatch && ruleError(mismatch);
};
const requiredRule = ruleValidator(required);
const reasonRule = ruleValidator(maxLength(500));

/** The alert area: the mismatch of the till date and time, re-checked on both whenever either changes. */
function TillAlert() {
  const { trigger } = useFormContext();
  const [tillDate, tillTime] = useWatch({ name: ['tillDate', 'tillTime'] }) as [string, string];
  useEffect(() => {
    void trigger(['tillDate', 'tillTime']);
  }, [tillDate, tillTime, trigger]);
  const translate = useTranslate();
  const mismatch = tillMismatch({ tillDate, tillTime });
  if (!mismatch) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="suspend-alert">
      {translateRule(translate, mismatch)}
    </Alert>
  );
}

export function SuspendDialog({
  installation,
  param,
  action,
  onClose,
}: {
  installation: Installation;
  param: string;
  action: 'suspend' | 'unsuspend';
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { save } = useInstallationEdit();
  const id = installation.installationId;
  const type = param.toUpperCase();
  return (
    <FormDialog
      title={action === 'suspend' ? 'installations.suspend.title' : 'installations.suspend.unsuspendTitle'}
      titleArgs={{ type, id }}
      defaultValues={{ ...nowFields(), tillDate: '', tillTime: '', reason: '' }}
      saveWhenValid
      onSubmit={async (values: FieldValues) => {
        const change = suspensionBody(action, [param], values as SuspensionDraft);
        await save(installation, { data: { [`${param}Suspended`]: action === 'suspend' }, meta: { action, change } });
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
      maxWidth="sm"
    >
      <TillAlert />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, pt: 1 }}>
        <LocaleDateInput source="fromDate" label="installations.suspend.fromDate" validate={requiredRule} />
        <LocaleDateInput kind="time" source="fromTime" label="installations.suspend.fromTime" validate={requiredRule} />
        {action === 'suspend' && (
          <>
            <LocaleDateInput
              source="tillDate"
              label="installations.suspend.tillDate"
              validate={tillRule}
              helperText={false}
            />
            <LocaleDateInput
              kind="time"
              source="tillTime"
              label="installations.suspend.tillTime"
              validate={tillRule}
              helperText={false}
            />
          </>
        )}
      </Box>
      {action === 'suspend' && (
        <TextInput source="reason" label="installations.suspend.reason" multiline fullWidth validate={reasonRule} />
      )}
      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{translate('installations.suspend.types', { type })}</Box>
    </FormDialog>
  );
}
