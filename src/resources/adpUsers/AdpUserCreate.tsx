/**
 * Add a developer-portal user (AdpUsersCreate, /adp-users/create, add_panel_users; document 2,
 * sections 2.6, 5, 9): nickname, e-mail, country, language, plan and trial, type, contractor,
 * reason and access definitions, with the defaults of section 9 (plan PLAN_ADVANCED, trial on
 * with downgrade plan PLAN_EMPTY for two weeks, type CLIENT, country PL, language en). The
 * contractor's own access is added for the types with a contractor; other types than CLIENT can
 * have additional access. On success "Added new panel user!" and back to the list.
 */
import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  SelectInput,
  SimpleForm,
  TextInput,
  useInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  ADP_LANGUAGES,
  ADP_NEW_USER_DEFAULTS,
  allowsAdditionalAccess,
  defaultTrialEnd,
  hasContractor,
  type AccessDefinition,
  type AdpUserType,
} from '../../../common/adpUsers';
import { success } from '../../components/sensors/notifications';
import type { AdpUserInput } from '../../dataProviders/adpUsers';
import { AccessDefinitionsEditor } from './AccessDefinitionsEditor';
import { AdpUserPlanInputs } from './AdpUserPlanInputs';
import { AdpUserTypeInputs } from './AdpUserTypeInputs';
import { emailRules, nicknameRules, requiredRule } from './adpUserRules';
import { useCountryChoices } from './AdpUserSettingsDialog';

const d = ADP_NEW_USER_DEFAULTS;
const defaults = () => ({
  nickname: '',
  email: '',
  country: d.settings.country,
  language: d.settings.language,
  plan: d.plan,
  trial: d.trial,
  postTrialPlanName: d.postTrialPlanName,
  endDate: defaultTrialEnd(),
  type: d.type,
  contractorId: null,
  reason: '',
  accessDefinitions: [] as AccessDefinition[],
});

function AdditionalAccessInput() {
  const translate = useTranslate();
  const type = String(useWatch({ name: 'type' }) ?? '') as AdpUserType;
  const contractorId = useWatch({ name: 'contractorId' }) as number | null;
  const { field } = useInput({ source: 'accessDefinitions', defaultValue: [] });
  if (!allowsAdditionalAccess(type)) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('adpUsers.create.additionalAccess')}
      </Typography>
      <AccessDefinitionsEditor
        value={(field.value as AccessDefinition[]) ?? []}
        onChange={field.onChange}
        type={type}
        sponsorId={contractorId ?? null}
      />
    </>
  );
}

/** What the form sends: the contractor's own access first, then the additional rows. */
export function createPayload(values: Record<string, unknown>): AdpUserInput {
  const type = String(values.type);
  const contractorId =
    hasContractor(type) && values.contractorId != null && values.contractorId !== ''
      ? Number(values.contractorId)
      : null;
  const extra = allowsAdditionalAccess(type) ? ((values.accessDefinitions as AccessDefinition[]) ?? []) : [];
  const own: Partial<AccessDefinition>[] =
    contractorId !== null && !extra.some((a) => a.sponsorId === contractorId && !a.osmId && a.installationId === null)
      ? [{ sponsorId: contractorId, visibility: 'ALL', canBeEdited: true }]
      : [];
  const reason = typeof values.reason === 'string' && values.reason.trim() !== '' ? values.reason.trim() : null;
  return {
    nickname: String(values.nickname).trim(),
    email: String(values.email).trim(),
    country: String(values.country),
    language: String(values.language),
    plan: String(values.plan),
    trial:
      values.trial === true
        ? { postTrialPlanName: String(values.postTrialPlanName), endDate: String(values.endDate).slice(0, 10) }
        : null,
    type,
    contractorId,
    reason,
    accessDefinitions: [...own, ...extra.map((a) => ({ ...a, osmId: a.osmId?.trim() || null }))],
  };
}

export function AdpUserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const countries = useCountryChoices();
  return (
    <Create
      resource="adp-users"
      title={translate('adpUsers.create.title')}
      transform={(values: Record<string, unknown>) => createPayload(values) as never}
      mutationOptions={{
        onSuccess: () => {
          notify(...success('adpUsers.create.success'));
          redirect('list', 'adp-users');
        },
      }}
      sx={{ maxWidth: 900 }}
    >
      <SimpleForm defaultValues={defaults()} warnWhenUnsavedChanges={false} noValidate>
        <TextInput source="nickname" label="adpUsers.fields.nickname" validate={nicknameRules} isRequired fullWidth />
        <TextInput
          source="email"
          label="adpUsers.fields.email"
          type="email"
          validate={emailRules}
          isRequired
          fullWidth
        />
        <AutocompleteInput
          source="country"
          label="adpUsers.fields.country"
          choices={countries}
          validate={requiredRule}
          isRequired
          fullWidth
        />
        <SelectInput
          source="language"
          label="adpUsers.fields.language"
          choices={ADP_LANGUAGES.map((l) => ({ id: l, name: translate(`adpUsers.languages.${l}`) }))}
          validate={requiredRule}
          isRequired
          fullWidth
        />
        <AdpUserPlanInputs />
        <AdpUserTypeInputs />
        <AdditionalAccessInput />
      </SimpleForm>
    </Create>
  );
}
