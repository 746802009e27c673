/**
 * What every inline editor of an installation shares: the row, the data provider, and `saved()` —
 * write the server's answer into every cached page of the list (so the edit shows at once) and say
 * so. `DialogEditorCell` is the cell-plus-form-dialog shell of the text, address and
 * alternative-address editors: each of them names only its inputs and its call.
 */
import { useCallback, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog, type FormDialogProps } from '../../../components/FormDialog';
import { success } from '../../../components/sensors/notifications';
import type { AppDataProvider } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';
import { EditableCell } from './EditableCell';

export function useInstallationEdit() {
  const record = useRecordContext<Installation>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const updateInCache = useUpdateInstallationInCache();
  const id = record?.installationId;
  const saved = useCallback(
    (change: Partial<Installation>, message = 'aq.notifications.saved', args?: Record<string, unknown>) => {
      if (id === undefined) return;
      updateInCache(id, change);
      notify(...success(message, args));
    },
    [id, notify, updateInCache],
  );
  return { record, id, dataProvider, translate, saved };
}

type DialogShell = Pick<FormDialogProps, 'title' | 'titleArgs' | 'defaultValues' | 'fields' | 'maxWidth'>;

/** A cell showing `display` whose edit button opens a form dialog; `submit` saves and returns the change to the row. */
export function DialogEditorCell({
  display,
  canEdit,
  label,
  submit,
  children,
  ...dialog
}: DialogShell & {
  display: ReactNode;
  canEdit: boolean;
  /** What the edit button says to assistive technology. */
  label: string;
  submit(values: FieldValues): Promise<Partial<Installation>>;
  children: ReactNode;
}) {
  const { saved } = useInstallationEdit();
  return (
    <EditableCell
      display={display}
      canEdit={canEdit}
      label={label}
      dialog={(close) => (
        <FormDialog
          {...dialog}
          onSubmit={async (values) => {
            saved(await submit(values));
            close();
          }}
          onClose={close}
        >
          {children}
        </FormDialog>
      )}
    />
  );
}
