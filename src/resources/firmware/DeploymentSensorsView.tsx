/**
 * The sensors of a GSM or Wi-Fi deployment (DeploymentsGsmSensors, /deployments/gsm/{id}/sensors;
 * DeploymentsWifiSensors, /deployments/wifi/{id}/sensors; view_deployments): id, version (or
 * reports_version), status, bank, last contact, last update and binary (Wi-Fi: a link to the
 * binary's details), with a progress summary; refreshed like the deployment list.
 */
import { useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { ROLLOUT_WALKS, TERMINAL_DEPLOYMENT_STATUSES } from '../../../common/firmware';
import { RelativeDate } from '../../components/DateTimeField';
import type { AppDataProvider } from '../../dataProviders/types';
import type { DeploymentFamilyUi } from './deploymentFamilies';
import { DeploymentProgressChart } from './DeploymentProgressChart';
import { DeploymentStatusField } from './DeploymentStatusField';
import { SensorTimelineDialog } from './SensorTimelineDialog';
import { useDeploymentRefresh } from './useDeploymentRefresh';
import { useEnumLabels } from '../../components/enumLabels';

/** On the deployed version: the GSM updater says Updated, the Wi-Fi updater Deployed. */
const ON_TARGET: readonly string[] = Object.values(ROLLOUT_WALKS).map((w) => w.success);
/** Finished with, for the progress summary. */
const DONE: readonly string[] = TERMINAL_DEPLOYMENT_STATUSES;
/** A binary id shows its first 8 characters (document 2, section 9). */
const BINARY_ID_CHARS = 8;
const COLUMNS = ['id', 'version', 'status', 'bank', 'last_contact', 'last_updated', 'binary'] as const;

export function DeploymentSensorsView({ family }: { family: DeploymentFamilyUi }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const labels = useEnumLabels();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refetchInterval = useDeploymentRefresh();
  const [timelineOf, setTimelineOf] = useState<number | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: [family.resource, 'sensors', id],
    queryFn: ({ signal }) => family.sensors(dataProvider, id, signal),
    refetchInterval,
    refetchIntervalInBackground: refetchInterval !== false,
  });
  const rows = data ?? [];
  const done = rows.filter((r) => DONE.includes(r.status)).length;
  const counts = rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('firmware.sensors.title', { id })} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={family.path} startIcon={<ArrowBackIcon />}>
            {translate('firmware.sensors.back')}
          </Button>
          {rows.length > 0 && (
            <Typography variant="body2" data-testid="deployment-progress">
              {translate('firmware.sensors.progress', { done, total: rows.length })}
              {' · '}
              {Object.entries(counts)
                .map(([s, n]) => `${labels.updaterStatus(s)} ${n}`)
                .join(' · ')}
            </Typography>
          )}
        </Stack>
        {rows.length > 0 && <LinearProgress variant="determinate" value={(done * 100) / rows.length} sx={{ mb: 2 }} />}
        <DeploymentProgressChart resource={family.resource} id={id} refetchInterval={refetchInterval} />
        <SensorTimelineDialog
          resource={family.resource}
          id={id}
          sensorId={timelineOf}
          onClose={() => setTimelineOf(null)}
        />
        {isPending ? (
          <LinearProgress />
        ) : error ? (
          <Typography color="error">{translate('firmware.sensors.notFound', { id })}</Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{translate('aq.noData')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="deployment-sensors">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{translate(`firmware.sensors.columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => setTimelineOf(r.id)}
                        title={translate('firmware.timeline.open', { sensorId: r.id })}
                      >
                        {r.id}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {ON_TARGET.includes(r.status) ? r.version : (r.reports_version ?? '—')}
                      {!ON_TARGET.includes(r.status) && r.version ? ` → ${r.version}` : ''}
                    </TableCell>
                    <TableCell>
                      <DeploymentStatusField status={r.status} />
                    </TableCell>
                    <TableCell>{r.bank ?? '—'}</TableCell>
                    <TableCell>{r.last_contact ? <RelativeDate value={r.last_contact} /> : '—'}</TableCell>
                    <TableCell>{r.last_updated ? <RelativeDate value={r.last_updated} /> : '—'}</TableCell>
                    <TableCell>
                      {r.binary && family.binaryPath ? (
                        <Link
                          component={RouterLink}
                          to={family.binaryPath(id, r.binary)}
                          sx={{ fontFamily: 'monospace' }}
                        >
                          {r.binary.slice(0, BINARY_ID_CHARS)}
                        </Link>
                      ) : (
                        (r.binary ?? '—')
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
