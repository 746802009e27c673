/**
 * New Gen3 deployment (DeploymentsGen3Create, /deployments/gen3/create, add_deployments): sensor ID
 * (a required integer) and a version chosen from every Gen3 version (required: no blank option). One request per submit (an
 * idempotency key per attempt, a double click dropped); "Created a new deployment!" and the list.
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MAX_SENSOR_ID } from '../../../common/firmware';
import { compose, integer, maxValue, minValue, required } from '../../../common/validation';
import { FormPage } from '../../components/FormPage';
import { ruleValidator } from '../../components/formValidation';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider } from '../../dataProviders/types';

const VERSIONS = 'deployments/gen3/versions';
const validateSensor = ruleValidator(compose(required, integer, minValue(1), maxValue(MAX_SENSOR_ID)));
const validateVersion = ruleValidator(required);

export function Gen3DeploymentCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const key = useRef(crypto.randomUUID());
  const versions = useQuery({
    queryKey: [VERSIONS, 'all'],
    queryFn: ({ signal }) => dataProvider.getAllGen3Versions(VERSIONS, { signal }),
  });
  return (
    <FormPage
      title="firmware.gen3.createDeployment.title"
      saveLabel="firmware.gen3.createDeployment.submit"
      defaultValues={{ sensorId: '', version: '' }}
      fields={['sensorId', 'version']}
      onSubmit={async ({ sensorId, version }: { sensorId: string; version: string }) => {
        await dataProvider
          .createGen3Deployment('deployments/gen3', {
            sensorId: Number(sensorId),
            version,
            idempotencyKey: key.current,
          })
          .finally(() => (key.current = crypto.randomUUID()));
        notify(...success('firmware.gen3.createDeployment.created'));
        navigate('/deployments/gen3');
      }}
    >
      <TextInput
        source="sensorId"
        label={translate('firmware.gen3.createDeployment.sensorId')}
        validate={validateSensor}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <SelectInput
        source="version"
        label={translate('firmware.gen3.createDeployment.version')}
        validate={validateVersion}
        isRequired
        choices={(versions.data ?? []).map((v) => ({ id: v.version, name: v.version }))}
        isPending={versions.isPending}
      />
    </FormPage>
  );
}
