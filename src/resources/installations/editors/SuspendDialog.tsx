/**
 * Suspend or unsuspend the measurement of one parameter (document 2, sections 2.1, 4, 5, 7 and 8):
 * from defaults to now; to suspend, an optional till date and time (both or neither — "If till date
 * is filled, time is required, and vice versa", in the dialog's alert area) and a reason. Save is
 * disabled while the form is invalid. The parameter is sent upper-case.
 */
import { Alert, Box } from '@mui/material';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { nowFields, suspensionBody, tillMismatch, type SuspensionDraft } from '../../../../common/suspension';
import { maxLength, required } from '../../../../common/validation';
import { FormDialog } from '../../../components/FormDialog';
import { success } from '../../../components/sensors/notifications';
import type { AppDataProvider } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';

/** The form-level rule: the till pair, and a start that is a real time. */
function validate(values: FieldValues) {
  const draft = values as SuspensionDraft;
  const errors: Record<string, string> = {};
  if (!draft.fromDate) errors.fromDate = required(draft.fromDate)!;
  if (!draft.fromTime) errors.fromTime = required(draft.fromTime)!;
  const mismatch = tillMismatch(draft);
  if (mismatch) errors.till = mismatch;
  const reason = maxLength(500)(draft.reason);
  if (reason) errors.reason = reason;
  return errors;
}

function TillAlert() {
  const { errors } = useFormState();
  const message = errors.till?.message;
  if (typeof message !== 'string') return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="suspend-alert">
      {message}
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const updateInCache = useUpdateInstallationInCache();
  const id = installation.installationId;
  const type = param.toUpperCase();
  return (
    <FormDialog
      title={action === 'suspend' ? 'installations.suspend.title' : 'installations.suspend.unsuspendTitle'}
      titleArgs={{ type, id }}
      defaultValues={{ ...nowFields(), tillDate: '', tillTime: '', reason: '' }}
      validate={validate}
      saveWhenValid
      onSubmit={async (values: FieldValues) => {
        const change = suspensionBody(action, [param], values as SuspensionDraft);
        const result = await dataProvider.changeSuspension('installations', { id, action, change });
        const state = result[param];
        if (state)
          updateInCache(id, { [`${param}Suspended`]: state.suspended, [`${param}SuspendedFrom`]: state.suspendedFrom });
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
      maxWidth="sm"
    >
      <TillAlert />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, pt: 1 }}>
        <TextInput source="fromDate" type="date" label="installations.suspend.fromDate" />
        <TextInput source="fromTime" type="time" label="installations.suspend.fromTime" />
        {action === 'suspend' && (
          <>
            <TextInput source="tillDate" type="date" label="installations.suspend.tillDate" />
            <TextInput source="tillTime" type="time" label="installations.suspend.tillTime" />
          </>
        )}
      </Box>
      {action === 'suspend' && <TextInput source="reason" label="installations.suspend.reason" multiline fullWidth />}
      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{translate('installations.suspend.types', { type })}</Box>
    </FormDialog>
  );
}
