/**
 * New GSM deployment (DeploymentsGsmCreate, /deployments/gsm/create, add_deployments): the form,
 * one request per submit (an idempotency key per attempt), then "Created a new deployment!" and the
 * new deployment's sensors.
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card, CardContent } from '@mui/material';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { GsmDeploymentForm } from './GsmDeploymentForm';

export function GsmDeploymentCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useSubmitOnce();
  const key = useRef(crypto.randomUUID());
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('firmware.create.title')} />
      <CardContent>
        <GsmDeploymentForm
          pending={submit.pending}
          onSubmit={(payload, allowFailed) =>
            void submit.run(async () => {
              const created = await dataProvider
                .createGsmDeployment('deployments/gsm', { payload, allowFailed, idempotencyKey: key.current })
                .finally(() => (key.current = crypto.randomUUID()));
              notify('firmware.create.created', { type: 'success' });
              navigate(`/deployments/gsm/${created.id}/sensors`);
            })
          }
        />
      </CardContent>
    </Card>
  );
}
