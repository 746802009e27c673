/**
 * User type, contractor and reason for access (document 2, section 5), shared by the add form and
 * the type-and-contractor dialog: the contractor shows for CLIENT, CLIENT_EXTRA_ACCESS and
 * INTERNAL_ACCOUNT and is then required; the reason is required for the other types but CLIENT.
 */
import { AutocompleteInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { hasContractor, needsReason } from '../../../common/adpUsers';
import { ADP_USER_TYPES } from '../../../common/domain';
import { contractorRule, reasonRule, requiredRule } from './adpUserRules';
import { useFieldAccess } from '../useFieldAccess';
import { useContractorChoices } from './useAdpChoices';

export function AdpUserTypeInputs({
  showType = true,
  showContractor = true,
}: {
  showType?: boolean;
  showContractor?: boolean;
}) {
  const translate = useTranslate();
  const type = String(useWatch({ name: 'type' }) ?? '');
  const contractors = useContractorChoices(showContractor && hasContractor(type));
  const pickable = useFieldAccess().permissions.can('view_contractors');
  // Reason and contractor are required by type: a shown error is checked again when the type changes.
  const { getFieldState, trigger } = useFormContext();
  useEffect(() => {
    const stale = (['reason', 'contractorId'] as const).filter((f) => getFieldState(f).error);
    if (stale.length > 0) void trigger(stale);
  }, [type, getFieldState, trigger]);
  const typeChoices = ADP_USER_TYPES.map((t) => ({ id: t, name: translate(`adpUsers.types.${t}`) }));
  return (
    <>
      {showType && (
        <SelectInput
          source="type"
          label="adpUsers.fields.type"
          choices={typeChoices}
          validate={requiredRule}
          isRequired
          fullWidth
        />
      )}
      {showContractor &&
        hasContractor(type) &&
        (pickable ? (
          <AutocompleteInput
            source="contractorId"
            label="adpUsers.fields.contractorId"
            choices={contractors}
            validate={contractorRule}
            isRequired
            fullWidth
          />
        ) : (
          <NumberInput
            source="contractorId"
            label="adpUsers.fields.contractorId"
            validate={contractorRule}
            isRequired
            fullWidth
          />
        ))}
      <TextInput
        source="reason"
        label="adpUsers.fields.reason"
        validate={reasonRule}
        isRequired={needsReason(type)}
        multiline
        fullWidth
      />
    </>
  );
}
