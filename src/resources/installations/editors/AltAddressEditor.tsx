/** The two alternative address lines of an installation, edited together from either cell (empty clears a line). */
import { TextInput } from 'react-admin';
import { fieldLabelKey, installation } from '../../../../common/entities';
import { maxLength } from '../../../../common/validation';
import { ruleValidator } from '../../../components/formValidation';
import { TextValue } from './EditableCell';
import { DialogEditorCell, useInstallationEdit } from './useInstallationEdit';

const LINE_MAX = 200;
const blankToNull = (v: unknown) => String(v ?? '').trim() || null;

export function AltAddressEditor({ line, canEdit }: { line: 1 | 2; canEdit: boolean }) {
  const { record, id, translate } = useInstallationEdit();
  if (!record || id === undefined) return null;
  const field = `alternativeAddress${line}` as const;
  return (
    <DialogEditorCell
      display={<TextValue value={record[field]} />}
      canEdit={canEdit}
      label={translate('installations.editField', { field: translate(fieldLabelKey(installation, field)), id })}
      title="installations.editAltAddress"
      titleArgs={{ id }}
      defaultValues={{
        altAddress1: record.alternativeAddress1 ?? '',
        altAddress2: record.alternativeAddress2 ?? '',
      }}
      fields={['altAddress1', 'altAddress2']}
      maxWidth="sm"
      submit={(values) => ({
        data: {
          alternativeAddress1: blankToNull(values.altAddress1),
          alternativeAddress2: blankToNull(values.altAddress2),
        },
        meta: { action: 'altAddress' },
      })}
    >
      {([1, 2] as const).map((n) => (
        <TextInput
          key={n}
          source={`altAddress${n}`}
          label={fieldLabelKey(installation, `alternativeAddress${n}`)}
          validate={ruleValidator(maxLength(LINE_MAX))}
          autoFocus={n === line}
          fullWidth
        />
      ))}
    </DialogEditorCell>
  );
}
