/** The optional description of a Gen3 version or binary, with a character counter of 255 (document 2, section 2.9). */
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { VERSION_DESCRIPTION_MAX } from '../../../common/firmware';
import { maxLength } from '../../../common/validation';
import { ruleValidator } from '../../components/formValidation';

const validate = ruleValidator(maxLength(VERSION_DESCRIPTION_MAX));

export function Gen3DescriptionInput() {
  const translate = useTranslate();
  const value = (useWatch({ name: 'description' }) as string | undefined) ?? '';
  return (
    <TextInput
      source="description"
      label={translate('firmware.gen3.description')}
      multiline
      fullWidth
      minRows={2}
      validate={validate}
      helperText={`${value.length}/${VERSION_DESCRIPTION_MAX}`}
      slotProps={{ htmlInput: { 'data-testid': 'gen3-description' } }}
    />
  );
}
