/**
 * Edit a contractor (`PATCH /contractors/{id}`, edit_contractors): name, type, link and, with
 * edit_contractor_company, the CRM company id (looked up) and name. Without that permission the CRM
 * fields are not sent, and the server keeps them. Saved through react-admin's `useUpdate`
 * (pessimistic), which writes the answer into the cached list.
 */
import { useNotify, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import { CONTRACTOR_FORM_FIELDS, ContractorInputs } from './ContractorInputs';
import type { Contractor, ContractorInput } from './types';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function ContractorEditDialog({
  record,
  canEditCrm,
  onClose,
}: {
  record: Contractor;
  canEditCrm: boolean;
  onClose(): void;
}) {
  const [update] = useUpdate<Contractor>();
  const notify = useNotify();
  return (
    <FormDialog
      title="contractors.edit.title"
      titleArgs={{ name: record.name }}
      defaultValues={{
        name: record.name,
        type: record.type,
        link: record.link ?? '',
        hsId: record.hsId ?? '',
        hsName: record.hsName ?? '',
      }}
      fields={CONTRACTOR_FORM_FIELDS}
      requireValidChange
      maxWidth="sm"
      onSubmit={async (values: FieldValues) => {
        const data: ContractorInput = {
          name: String(values.name).trim(),
          type: String(values.type),
          link: blank(values.link),
          ...(canEditCrm ? { hsId: blank(values.hsId), hsName: blank(values.hsName) } : {}),
        };
        await update(
          'contractors',
          { id: record.id, data, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
    >
      <ContractorInputs crm={canEditCrm} />
    </FormDialog>
  );
}
