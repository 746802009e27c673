/**
 * The API limit editor (document 2, sections 2.7, 5): the standard limit behind a "custom limit"
 * switch (off: the default limit applies) and the samples limit behind the samples API switch, each
 * per second, minute, hour, day, month and year. The shared rule (common/apiLimits.ts) is checked
 * on every change and shown on the input it concerns; Save is enabled once something changed and
 * the values pass. Parts the user may not change (section 6; an internal account needs the specific
 * permission) are shown disabled. Only what changed is sent, in the order the API-user manager needs.
 */
import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { BooleanInput, TextInput, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { LIMIT_PERIODS } from '../../../common/domain';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import { LIMIT_FIELD, type ApiUser, type ApiUserUpdateMeta } from '../../dataProviders/apiUsers';
import {
  limitChanges,
  limitsFormValues,
  validateLimitsForm,
  type LimitRights,
  type LimitsFormValues,
} from './limitsForm';

/**
 * The rules tie the inputs together (a larger period against the smaller ones, a switch against its
 * values), while react-hook-form re-checks only the input that changed: after any change, every
 * input is checked again, so a message goes as soon as another input fixes it.
 */
function RecheckAll() {
  const { trigger } = useFormContext();
  const values = JSON.stringify(useWatch());
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void trigger();
  }, [values, trigger]);
  return null;
}

function LimitInputs({ section, disabled }: { section: 'standard' | 'samples'; disabled: boolean }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', columnGap: 2, rowGap: 1 }}
    >
      {LIMIT_PERIODS.map((period) => (
        <TextInput
          key={period}
          source={`${section}.${period}`}
          label={`apiUsers.limits.periods.${period}`}
          disabled={disabled}
          inputProps={{ inputMode: 'numeric', 'data-testid': `${section}-${period}` }}
        />
      ))}
    </Box>
  );
}

function Section({
  title,
  switchName,
  switchLabel,
  offHint,
  section,
  allowed,
}: {
  title: string;
  switchName: 'customStandard' | 'samplesAPI';
  switchLabel: string;
  offHint: string;
  section: 'standard' | 'samples';
  allowed: boolean;
}) {
  const translate = useTranslate();
  const on = useWatch({ name: switchName }) as boolean;
  return (
    <Box component="section" sx={{ mb: 2 }} aria-label={translate(title)}>
      <Typography variant="subtitle1" component="h3">
        {translate(title)}
      </Typography>
      {!allowed && (
        <Typography variant="body2" color="text.secondary">
          {translate('apiUsers.editor.notAllowed')}
        </Typography>
      )}
      <BooleanInput source={switchName} label={switchLabel} disabled={!allowed} />
      {on ? (
        <LimitInputs section={section} disabled={!allowed} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(offHint)}
        </Typography>
      )}
    </Box>
  );
}

export function ApiLimitsDialog({
  user,
  rights,
  onSaved,
  onClose,
}: {
  user: ApiUser;
  rights: LimitRights;
  onSaved(): void;
  onClose(): void;
}) {
  const notify = useNotify();
  const [update] = useUpdate<ApiUser>();
  const send = (data: Partial<ApiUser>, meta: ApiUserUpdateMeta) =>
    update('api-users', { id: user.id, data, meta }, { mutationMode: 'pessimistic', returnPromise: true });
  return (
    <FormDialog
      title="apiUsers.editor.title"
      titleArgs={{ name: user.username }}
      defaultValues={limitsFormValues(user)}
      validate={(values) => validateLimitsForm(values as LimitsFormValues)}
      requireValidChange
      onSubmit={async (values: FieldValues) => {
        try {
          for (const change of limitChanges(user, values as LimitsFormValues, rights)) {
            if ('samplesAPI' in change) await send({ samplesAPI: change.samplesAPI }, { action: 'samplesApi' });
            else
              await send(
                { [LIMIT_FIELD[change.kind]]: 'remove' in change ? null : change.limits },
                { action: 'limit', kind: change.kind },
              );
          }
        } finally {
          // A refusal part-way leaves the earlier steps saved: the list shows what the server holds.
          onSaved();
        }
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
      maxWidth="sm"
    >
      <RecheckAll />
      <Section
        title="apiUsers.editor.standard"
        switchName="customStandard"
        switchLabel="apiUsers.editor.customLimit"
        offHint="apiUsers.editor.customLimitOff"
        section="standard"
        allowed={rights.standard}
      />
      <Section
        title="apiUsers.editor.samples"
        switchName="samplesAPI"
        switchLabel="apiUsers.editor.samplesApi"
        offHint="apiUsers.editor.samplesOffKeeps"
        section="samples"
        allowed={rights.samples}
      />
    </FormDialog>
  );
}
