/**
 * Edit a contractor (`PATCH /contractors/{id}`, edit_contractors): name, type, link and, with
 * edit_contractor_company, the CRM company id (looked up) and name. Without that permission the CRM
 * fields are not sent, and the server keeps them.
 */
import { useDataProvider, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider } from '../../dataProviders/types';
import { CONTRACTOR_FORM_FIELDS, ContractorInputs } from './ContractorInputs';
import type { Contractor, ContractorInput } from './types';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function ContractorEditDialog({
  record,
  canEditCrm,
  onSaved,
  onClose,
}: {
  record: Contractor;
  canEditCrm: boolean;
  onSaved(saved: Contractor): void;
  onClose(): void;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
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
        const saved = await dataProvider.updateContractor('contractors', { id: record.id, data });
        onSaved(saved);
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
    >
      <ContractorInputs crm={canEditCrm} />
    </FormDialog>
  );
}
