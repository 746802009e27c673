/**
 * Change a portal user's e-mail (edit_contractors_adp_users; document 2, section 5): a valid
 * address, and the box confirming that the account is deactivated, the password reset and the
 * invitation resent must be ticked.
 */
import { Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { TextInput, ValidationError, useInput, useNotify, useTranslate, useUpdate, type Validator } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import type { AdpUser, AdpUserUpdateMeta } from '../../dataProviders/adpUsers';
import { emailRules } from './adpUserRules';

const mustTick: Validator = (v) => (v === true ? undefined : 'adpUsers.rules.emailConfirm');

function ConfirmCheckbox() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'confirmed', validate: mustTick, defaultValue: false });
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            name="confirmed"
          />
        }
        label={translate('adpUsers.email.confirm')}
      />
      {fieldState.error?.message && (
        <FormHelperText error>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </>
  );
}

export function AdpUserEmailDialog({
  record,
  onSaved,
  onClose,
}: {
  record: AdpUser;
  onSaved(): void;
  onClose(): void;
}) {
  const [update] = useUpdate<AdpUser>();
  const notify = useNotify();
  return (
    <FormDialog
      title="adpUsers.email.title"
      titleArgs={{ name: record.nickname }}
      defaultValues={{ email: record.email, confirmed: false }}
      fields={['email']}
      requireValidChange
      maxWidth="sm"
      onSubmit={async (values) => {
        const meta: AdpUserUpdateMeta = { action: 'email', confirmed: values.confirmed === true };
        await update(
          'adp-users',
          { id: record.id, data: { email: String(values.email).trim() }, previousData: record, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify(...success('aq.notifications.saved'));
        onSaved();
        onClose();
      }}
      onClose={onClose}
    >
      <TextInput source="email" label="adpUsers.fields.email" type="email" validate={emailRules} isRequired fullWidth />
      <ConfirmCheckbox />
    </FormDialog>
  );
}
