/**
 * New Gen3 version (DeploymentsGen3VersionsCreate, /deployments/gen3/versions/create, add_versions):
 * version number and an optional description (counter 255). On success "Created a new gen3
 * version!" and that version's page. A refusal (400, 409) shows on the version field.
 */
import { useNavigate } from 'react-router-dom';
import { TextInput, useCreate, useNotify, useTranslate } from 'react-admin';
import { compose, required, versionNumber } from '../../../common/validation';
import { FormPage } from '../../components/FormPage';
import { ruleValidator } from '../../components/formValidation';
import { success } from '../../components/sensors/notifications';
import type { Gen3Version } from '../../dataProviders/types';
import { gen3VersionPath } from '../../resources/firmware/Gen3VersionList';
import { Gen3DescriptionInput } from './Gen3DescriptionInput';

const validateVersion = ruleValidator(compose(required, versionNumber));

export function Gen3VersionCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<Gen3Version & { id: string }>();
  return (
    <FormPage
      title="firmware.gen3.versions.createTitle"
      saveLabel="firmware.gen3.versions.submit"
      defaultValues={{ version: '', description: '' }}
      fields={['version', 'description']}
      onSubmit={async ({ version, description }: { version: string; description?: string }) => {
        const created = (await create(
          'deployments/gen3/versions',
          { data: { version: version.trim(), description: description?.trim() || undefined } },
          { returnPromise: true },
        )) as Gen3Version;
        notify(...success('firmware.gen3.versions.created'));
        navigate(gen3VersionPath(created.version));
      }}
    >
      <TextInput
        source="version"
        label={translate('firmware.gen3.versions.version')}
        validate={validateVersion}
        helperText="0.0.0.0 – 255.255.255.255"
      />
      <Gen3DescriptionInput />
    </FormPage>
  );
}
