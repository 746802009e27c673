/**
 * The inputs the add form and the edit dialog share (document 2, sections 2.5 and 5): name and type
 * (required), link, and — for a user with edit_contractor_company — the CRM company id and name.
 * A CRM id that is numeric and longer than 8 characters is looked up after a pause and the name
 * found fills the CRM company name.
 */
import { useEffect } from 'react';
import { CircularProgress, InputAdornment } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { CONTRACTOR_TYPES } from '../../../common/domain';
import { fieldLabelKey, contractor } from '../../../common/entities';
import { CONTRACTOR_LIMITS, crmId, maxLength, nameRule, required, webLink } from '../../../common/validation';
import { ruleValidator } from '../../components/formValidation';
import { useCrmLookup } from './useCrmLookup';

export const CONTRACTOR_RULES = {
  name: ruleValidator(nameRule(CONTRACTOR_LIMITS.name)),
  type: ruleValidator(required),
  link: ruleValidator(maxLength(CONTRACTOR_LIMITS.link), webLink),
  hsId: ruleValidator(crmId),
  hsName: ruleValidator(maxLength(CONTRACTOR_LIMITS.name)),
};

const TYPE_CHOICES = CONTRACTOR_TYPES.map((id) => ({ id, name: `contractors.types.${id}` }));

/** The fields the server may name in a refusal. */
export const CONTRACTOR_FORM_FIELDS = ['name', 'type', 'link', 'hsId', 'hsName', 'file', 'logo'] as const;

function CrmInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const hsId = useWatch({ name: 'hsId' }) as string | null | undefined;
  const lookup = useCrmLookup(hsId);
  useEffect(() => {
    if (lookup.state === 'found') setValue('hsName', lookup.name, { shouldDirty: true, shouldValidate: true });
  }, [lookup, setValue]);
  const helper =
    lookup.state === 'loading'
      ? translate('contractors.crm.looking')
      : lookup.state === 'found'
        ? translate('contractors.crm.found', { name: lookup.name })
        : lookup.state === 'notFound'
          ? translate('contractors.crm.notFound', { id: lookup.hsId })
          : translate('contractors.crm.hint');
  return (
    <>
      <TextInput
        source="hsId"
        label={fieldLabelKey(contractor, 'hsId')}
        validate={CONTRACTOR_RULES.hsId}
        helperText={helper}
        fullWidth
        slotProps={{
          input: {
            endAdornment:
              lookup.state === 'loading' ? (
                <InputAdornment position="end">
                  <CircularProgress size={16} aria-label={translate('contractors.crm.looking')} />
                </InputAdornment>
              ) : undefined,
          },
        }}
        data-testid="contractor-hsId"
      />
      <TextInput
        source="hsName"
        label={fieldLabelKey(contractor, 'hsName')}
        validate={CONTRACTOR_RULES.hsName}
        fullWidth
      />
    </>
  );
}

export function ContractorInputs({ crm }: { crm: boolean }) {
  return (
    <>
      <TextInput
        source="name"
        label={fieldLabelKey(contractor, 'name')}
        validate={CONTRACTOR_RULES.name}
        isRequired
        fullWidth
      />
      <SelectInput
        source="type"
        label={fieldLabelKey(contractor, 'type')}
        choices={TYPE_CHOICES}
        validate={CONTRACTOR_RULES.type}
        isRequired
        fullWidth
      />
      <TextInput source="link" label={fieldLabelKey(contractor, 'link')} validate={CONTRACTOR_RULES.link} fullWidth />
      {crm && <CrmInputs />}
    </>
  );
}
