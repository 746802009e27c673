/** The two alternative address lines of an installation, edited together from either cell (empty clears a line). */
import { TextInput, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { fieldLabelKey, installation } from '../../../../common/entities';
import { maxLength } from '../../../../common/validation';
import { FormDialog } from '../../../components/FormDialog';
import { ruleValidator } from '../../../components/formValidation';
import { success } from '../../../components/sensors/notifications';
import type { AppDataProvider } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';
import { EditableCell, TextValue } from './EditableCell';

const LINE_MAX = 200;
const blankToNull = (v: unknown) => String(v ?? '').trim() || null;

export function AltAddressEditor({ line, canEdit }: { line: 1 | 2; canEdit: boolean }) {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const updateInCache = useUpdateInstallationInCache();
  if (!record) return null;
  const id = record.installationId;
  const field = `alternativeAddress${line}` as const;
  return (
    <EditableCell
      display={<TextValue value={record[field]} />}
      canEdit={canEdit}
      label={translate('installations.editField', { field: translate(fieldLabelKey(installation, field)), id })}
      dialog={(close) => (
        <FormDialog
          title="installations.editAltAddress"
          titleArgs={{ id }}
          defaultValues={{
            altAddress1: record.alternativeAddress1 ?? '',
            altAddress2: record.alternativeAddress2 ?? '',
          }}
          fields={['altAddress1', 'altAddress2']}
          onSubmit={async (values: FieldValues) => {
            const saved = await dataProvider.setInstallationAltAddress('installations', {
              id,
              altAddress1: blankToNull(values.altAddress1),
              altAddress2: blankToNull(values.altAddress2),
            });
            updateInCache(id, { alternativeAddress1: saved.altAddress1, alternativeAddress2: saved.altAddress2 });
            notify(...success('aq.notifications.saved'));
            close();
          }}
          onClose={close}
          maxWidth="sm"
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
        </FormDialog>
      )}
    />
  );
}
