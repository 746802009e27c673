/**
 * Plan and trial inputs (document 2, sections 4, 9), shared by the add form and the plan dialog:
 * the plan, the trial switch and, while it is on, the downgrade plan and the end date (default
 * two weeks from today).
 */
import { BooleanInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';
import { requiredRule } from './adpUserRules';
import { useAdpPlans } from './useAdpChoices';

const notPast = (value: unknown) =>
  typeof value === 'string' && value !== '' && value < new Date().toISOString().slice(0, 10)
    ? 'validation.min'
    : undefined;

export function AdpUserPlanInputs() {
  const plans = useAdpPlans();
  const trial = useWatch({ name: 'trial' }) === true;
  return (
    <>
      <SelectInput
        source="plan"
        label="adpUsers.fields.plan"
        choices={plans}
        validate={requiredRule}
        isRequired
        fullWidth
      />
      <BooleanInput source="trial" label="adpUsers.fields.trial" />
      {trial && (
        <>
          <SelectInput
            source="postTrialPlanName"
            label="adpUsers.fields.postTrialPlanName"
            choices={plans}
            validate={requiredRule}
            isRequired
            fullWidth
          />
          <LocaleDateInput
            source="endDate"
            label="adpUsers.fields.endDate"
            validate={[requiredRule, notPast]}
            isRequired
            fullWidth
          />
        </>
      )}
    </>
  );
}
