/**
 * Add contractor (ContractorsCreate, /contractors/create, add_contractors; document 2, section
 * 2.5): name, type, a logo (a default one or a file), link and — with edit_contractor_company — the
 * CRM company id (looked up) and name. Sent as multipart `POST /contractors`; on success "Added
 * new contractor!" and back to the list.
 */
import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { useFieldAccess } from '../useFieldAccess';
import { contractor } from '../../../common/entities';
import { ContractorInputs } from './ContractorInputs';
import { ContractorLogoInput } from './ContractorLogoInput';

const DEFAULTS = { name: '', type: '', link: '', hsId: '', hsName: '', logo: '', file: null };

export function ContractorCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const access = useFieldAccess();
  const crm = access.field(contractor, 'hsId') && access.permissions.can('edit_contractor_company');
  return (
    <Create
      resource="contractors"
      title={translate('contractors.create.title')}
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify(...success('contractors.create.success'));
          redirect('list', 'contractors');
        },
      }}
      sx={{ maxWidth: 720 }}
    >
      <SimpleForm defaultValues={DEFAULTS} warnWhenUnsavedChanges={false} noValidate>
        <ContractorInputs crm={crm} />
        <ContractorLogoInput />
      </SimpleForm>
    </Create>
  );
}
