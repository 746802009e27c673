/**
 * New Wi-Fi deployment (DeploymentsWifiCreate, /deployments/wifi/create, add_deployments): the
 * form, one request per submit (an idempotency key per attempt, so a double click creates one
 * deployment), then "Created a new deployment!" and the Wi-Fi deployments list.
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card, CardContent } from '@mui/material';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { WifiDeploymentForm } from './WifiDeploymentForm';

export function WifiDeploymentCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useSubmitOnce();
  const key = useRef(crypto.randomUUID());
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('wifi.create.title')} />
      <CardContent>
        <WifiDeploymentForm
          pending={submit.pending}
          onSubmit={(payload, allowFailed) =>
            void submit.run(async () => {
              await dataProvider
                .createWifiDeployment('deployments/wifi', { payload, allowFailed, idempotencyKey: key.current })
                .finally(() => (key.current = crypto.randomUUID()));
              notify('firmware.create.created', { type: 'success' });
              void queryClient.invalidateQueries({ queryKey: ['deployments/wifi'] });
              navigate('/deployments/wifi');
            })
          }
        />
      </CardContent>
    </Card>
  );
}
