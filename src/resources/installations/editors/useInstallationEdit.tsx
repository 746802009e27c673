/**
 * What every inline editor of an installation shares: the row, `save()` — one part of the row
 * through react-admin's update (`meta.action` names the part, InstallationUpdateMeta), whose answer
 * useUpdate writes into every cached page of the list, so the edit shows at once — and `saved()`,
 * which says so. `DialogEditorCell` is the cell-plus-form-dialog shell of the text, address and
 * alternative-address editors: each of them names only its inputs and its change.
 */
import { useCallback, type ReactNode } from 'react';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog, type FormDialogProps } from '../../../components/FormDialog';
import { success } from '../../../components/sensors/notifications';
import type { InstallationUpdateMeta } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { EditableCell } from './EditableCell';

/** One part of an installation row to save: the row's fields and the part they belong to. */
export interface InstallationChange {
  data: Partial<Installation>;
  meta: InstallationUpdateMeta;
}

export function useInstallationEdit() {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<Installation>();
  const id = record?.installationId;
  const save = useCallback(
    async (row: Installation, { data, meta }: InstallationChange) =>
      (await update(
        'installations',
        { id: row.id, data, previousData: row, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as Installation,
    [update],
  );
  const saved = useCallback(
    (message = 'aq.notifications.saved', args?: Record<string, unknown>) => notify(...success(message, args)),
    [notify],
  );
  return { record, id, translate, save, saved };
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
  /** The change the form's values make. */
  submit(values: FieldValues): InstallationChange;
  children: ReactNode;
}) {
  const { record, save, saved } = useInstallationEdit();
  return (
    <EditableCell
      display={display}
      canEdit={canEdit}
      label={label}
      dialog={(close) => (
        <FormDialog
          {...dialog}
          onSubmit={async (values) => {
            if (!record) return;
            await save(record, submit(values));
            saved();
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
