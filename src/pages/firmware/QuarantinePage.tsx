/**
 * The sensors a GSM or Wi-Fi updater quarantined after repeated failures (safe rollouts, issue 13;
 * /deployments/{gsm|wifi}/quarantine, view_deployments): sensor, deployment, failures, reason and
 * since when. New deployments refuse them until they are released (free_deployments).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, Title, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../components/dates';
import type { AppDataProvider, QuarantinedSensor, RolloutResource } from '../../dataProviders/types';

const COLUMNS = ['sensor_id', 'deployment_id', 'failures', 'reason', 'since'] as const;

function ReleaseButton({ resource, row }: { resource: RolloutResource; row: QuarantinedSensor }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const release = useMutation({
    mutationFn: () => dataProvider.releaseQuarantined(resource, { sensorId: row.sensor_id }),
    onSuccess: () => {
      notify('firmware.quarantine.released', { type: 'success', messageArgs: { id: row.sensor_id } });
      return queryClient.invalidateQueries({ queryKey: [resource, 'quarantine'] });
    },
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button label="firmware.quarantine.release" onClick={() => setOpen(true)} disabled={release.isPending} />
      <Confirm
        isOpen={open}
        loading={release.isPending}
        title="firmware.quarantine.confirmTitle"
        content="firmware.quarantine.confirm"
        translateOptions={{ id: row.sensor_id }}
        onConfirm={() => release.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function QuarantinePage({ family }: { family: 'gsm' | 'wifi' }) {
  const resource: RolloutResource = `deployments/${family}`;
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: canRelease } = useCanAccess({ resource, action: 'delete' });
  const { data, isPending, error } = useQuery({
    queryKey: [resource, 'quarantine'],
    queryFn: ({ signal }) => dataProvider.getQuarantine(resource, { signal }),
  });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(`firmware.quarantine.title.${family}`)} />
      <CardContent>
        <MuiButton component={RouterLink} to={`/deployments/${family}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {translate('firmware.sensors.back')}
        </MuiButton>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('firmware.quarantine.helpRetries', { retries: translate('firmware.safeRollout.maxRetries') })}
        </Typography>
        {isPending ? (
          <LinearProgress />
        ) : error ? (
          <Typography color="error">{translate('firmware.quarantine.error')}</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{translate('firmware.quarantine.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="quarantine">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{translate(`firmware.quarantine.columns.${c}`)}</TableCell>
                  ))}
                  {canRelease && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((q) => (
                  <TableRow key={q.sensor_id}>
                    <TableCell>{q.sensor_id}</TableCell>
                    <TableCell>
                      {q.deployment_id === null ? (
                        '—'
                      ) : (
                        <Link component={RouterLink} to={`/deployments/${family}/${q.deployment_id}/sensors`}>
                          {q.deployment_id}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>{q.failures}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{q.reason}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(q.since)}</TableCell>
                    {canRelease && (
                      <TableCell>
                        <ReleaseButton resource={resource} row={q} />
                      </TableCell>
                    )}
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

export const GsmQuarantinePage = () => <QuarantinePage family="gsm" />;
export const WifiQuarantinePage = () => <QuarantinePage family="wifi" />;
