/**
 * User type, contractor and reason for access (document 2, section 5), shared by the add form and
 * the type-and-contractor dialog: the contractor shows for CLIENT, CLIENT_EXTRA_ACCESS and
 * INTERNAL_ACCOUNT and is then required; the reason is required for the other types but CLIENT.
 */
import { AutocompleteInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { hasContractor, needsReason } from '../../../common/adpUsers';
import { ADP_USER_TYPES } from '../../../common/domain';
import { contractorRule, reasonRule, requiredRule } from './adpUserRules';
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
        (contractors.length > 0 ? (
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
