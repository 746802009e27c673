/**
 * Inline editors of one text field of an installation (document 2, sections 2.1, 5 and 7): visibleBy
 * and contact e-mail must be e-mails, the contact phone a phone number (+, digits and spaces, at
 * least 6 characters), the contact name at most 200 characters; empty clears the field. The same
 * rules of common/validation run on the server.
 */
import { TextInput } from 'react-admin';
import { fieldLabelKey, installation } from '../../../../common/entities';
import { email, maxLength, phone, type Rule } from '../../../../common/validation';
import { ruleValidator } from '../../../components/formValidation';
import type { InstallationTextField } from '../../../dataProviders/types';
import { TextValue } from './EditableCell';
import { DialogEditorCell, useInstallationEdit } from './useInstallationEdit';

/** The text fields with an inline editor: their call path and rules. */
export const TEXT_EDITORS: Record<string, { path: InstallationTextField; rules: Rule[] }> = {
  visibleBy: { path: 'visibleBy', rules: [maxLength(254), email] },
  contactFullName: { path: 'contact/fullName', rules: [maxLength(200)] },
  contactEmail: { path: 'contact/email', rules: [maxLength(254), email] },
  contactPhoneNumber: { path: 'contact/phoneNumber', rules: [maxLength(40), phone] },
};

export function TextEditor({ field, canEdit }: { field: keyof typeof TEXT_EDITORS; canEdit: boolean }) {
  const { record, id, translate } = useInstallationEdit();
  if (!record || id === undefined) return null;
  const editor = TEXT_EDITORS[field]!;
  const labelKey = fieldLabelKey(installation, field);
  const titleArgs = { field: translate(labelKey), id };
  return (
    <DialogEditorCell
      display={<TextValue value={record[field]} />}
      canEdit={canEdit}
      label={translate('installations.editField', titleArgs)}
      title="installations.editField"
      titleArgs={titleArgs}
      defaultValues={{ value: (record[field] as string | null) ?? '' }}
      fields={['value']}
      submit={(values) => {
        const text = String(values.value ?? '').trim();
        return { data: { [field]: text === '' ? null : text }, meta: { action: 'text', field, path: editor.path } };
      }}
    >
      <TextInput
        source="value"
        label={labelKey}
        validate={ruleValidator(...editor.rules)}
        autoFocus
        fullWidth
        helperText="installations.emptyClears"
      />
    </DialogEditorCell>
  );
}
