/**
 * A portal user's settings (edit_panel_users; document 2, sections 3, 4, 5, 9): country (about 250
 * by two-letter code), language, time zone, index type and its alert levels (changing the index
 * clears the level), guideline, the four switches, sector (with edit_panel_user_settings_sector),
 * goals and specialisation (a choice or "other:" with a text) and avatar. Every choice is required.
 */
import { CircularProgress } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  SelectInput,
  TextInput,
  useGetOne,
  useLocale,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ADP_AVATARS,
  ADP_COUNTRIES,
  ADP_GOALS,
  ADP_GUIDELINES,
  ADP_INDEX_LEVELS,
  ADP_INDEX_TYPES,
  ADP_LANGUAGES,
  ADP_NEW_USER_DEFAULTS,
  ADP_SECTORS,
  ADP_SETTING_SWITCHES,
  ADP_SPECIALISATIONS,
  ADP_TIME_ZONES,
  type AdpSettings,
} from '../../../common/adpUsers';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import {
  ADP_USER_DETAIL,
  type AdpUser,
  type AdpUserDetail,
  type AdpUserUpdateMeta,
} from '../../dataProviders/adpUsers';
import { useFieldAccess } from '../useFieldAccess';
import { joinOther, otherTextRule, requiredRule, splitOther } from './adpUserRules';

/** Country names in the console's language, by code. */
export function useCountryChoices() {
  const locale = useLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = undefined;
    }
    return ADP_COUNTRIES.map((code) => ({ id: code, name: `${names?.of(code) ?? code} (${code})` })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);
}

/** Clears the alert level when the index type changes (its levels differ). */
function IndexAndLevel() {
  const translate = useTranslate();
  const indexType = String(useWatch({ name: 'indexType' }) ?? '');
  const { setValue } = useFormContext();
  const first = useRef(indexType);
  useEffect(() => {
    if (indexType !== first.current) {
      first.current = indexType;
      setValue('aqiLevelLimit', null, { shouldDirty: true });
    }
  }, [indexType, setValue]);
  const levels = ADP_INDEX_LEVELS[indexType] ?? [];
  return (
    <>
      <SelectInput
        source="indexType"
        label="adpUsers.fields.indexType"
        choices={ADP_INDEX_TYPES.map((t) => ({ id: t, name: translate(`adpUsers.indexTypes.${t}`) }))}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      <SelectInput
        key={indexType}
        source="aqiLevelLimit"
        label="adpUsers.fields.aqiLevelLimit"
        choices={levels.map((l) => ({ id: l, name: String(l) }))}
        validate={requiredRule}
        isRequired
        fullWidth
      />
    </>
  );
}

function ChoiceOrOther({
  field,
  choices,
  group,
}: {
  field: 'yourGoals' | 'industry';
  choices: readonly string[];
  group: string;
}) {
  const translate = useTranslate();
  const value = useWatch({ name: field });
  return (
    <>
      <SelectInput
        source={field}
        label={`adpUsers.fields.${field}`}
        choices={choices.map((c) => ({ id: c, name: translate(`adpUsers.${group}.${c}`) }))}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      {value === 'other' && (
        <TextInput
          source={`${field}Other`}
          label="adpUsers.fields.otherText"
          validate={otherTextRule}
          isRequired
          fullWidth
        />
      )}
    </>
  );
}

const formValues = (s: Partial<AdpSettings>) => {
  const d = ADP_NEW_USER_DEFAULTS.settings;
  const goals = splitOther(s.yourGoals, ADP_GOALS);
  const industry = splitOther(s.industry, ADP_SPECIALISATIONS);
  return {
    ...d,
    ...s,
    yourGoals: goals.choice,
    yourGoalsOther: goals.other,
    industry: industry.choice,
    industryOther: industry.other,
  };
};

export function AdpUserSettingsDialog({
  record,
  onSaved,
  onClose,
}: {
  record: AdpUser;
  onSaved(): void;
  onClose(): void;
}) {
  const [update] = useUpdate<AdpUserDetail>();
  const notify = useNotify();
  const translate = useTranslate();
  const countries = useCountryChoices();
  const { permissions } = useFieldAccess();
  const canSector = permissions.can('edit_panel_user_settings_sector');
  const detail = useGetOne<AdpUserDetail>('adp-users', { id: record.id, meta: ADP_USER_DETAIL });
  if (!detail.data) return <CircularProgress sx={{ position: 'fixed', top: '50%', left: '50%' }} />;
  const choices = (values: readonly string[], group: string) =>
    values.map((v) => ({ id: v, name: translate(`adpUsers.${group}.${v}`) }));
  return (
    <FormDialog
      title="adpUsers.settings.title"
      titleArgs={{ name: record.nickname }}
      defaultValues={formValues(detail.data.settings)}
      fields={[]}
      requireValidChange
      maxWidth="sm"
      onSubmit={async (values) => {
        const settings: AdpSettings = {
          country: String(values.country),
          language: String(values.language),
          timeZone: String(values.timeZone),
          indexType: String(values.indexType),
          aqiLevelLimit:
            values.aqiLevelLimit === null || values.aqiLevelLimit === '' ? null : Number(values.aqiLevelLimit),
          standardType: String(values.standardType),
          sensorOutAlertEnabled: values.sensorOutAlertEnabled === true,
          aqiExceededAlertEnabled: values.aqiExceededAlertEnabled === true,
          weeklyEmailEnabled: values.weeklyEmailEnabled === true,
          monthlyEmailEnabled: values.monthlyEmailEnabled === true,
          sector: values.sector ? String(values.sector) : null,
          yourGoals: joinOther(values.yourGoals, values.yourGoalsOther, ADP_GOALS),
          industry: joinOther(values.industry, values.industryOther, ADP_SPECIALISATIONS),
          avatar: String(values.avatar),
        };
        const meta: AdpUserUpdateMeta = { action: 'settings' };
        await update(
          'adp-users',
          { id: record.id, data: { settings }, previousData: detail.data, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify(...success('adpUsers.settings.updated'));
        onSaved();
        onClose();
      }}
      onClose={onClose}
    >
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
        choices={choices(ADP_LANGUAGES, 'languages')}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      <AutocompleteInput
        source="timeZone"
        label="adpUsers.fields.timeZone"
        choices={ADP_TIME_ZONES.map((z) => ({ id: z, name: z }))}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      <IndexAndLevel />
      <SelectInput
        source="standardType"
        label="adpUsers.fields.standardType"
        choices={choices(ADP_GUIDELINES, 'guidelines')}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      {ADP_SETTING_SWITCHES.map((s) => (
        <BooleanInput key={s} source={s} label={`adpUsers.fields.${s}`} />
      ))}
      <SelectInput
        source="sector"
        label="adpUsers.fields.sector"
        choices={choices(ADP_SECTORS, 'sectors')}
        validate={requiredRule}
        isRequired
        disabled={!canSector}
        fullWidth
      />
      <ChoiceOrOther field="yourGoals" choices={ADP_GOALS} group="goals" />
      <ChoiceOrOther field="industry" choices={ADP_SPECIALISATIONS} group="specialisations" />
      <SelectInput
        source="avatar"
        label="adpUsers.fields.avatar"
        choices={choices(ADP_AVATARS, 'avatars')}
        validate={requiredRule}
        isRequired
        fullWidth
      />
    </FormDialog>
  );
}
