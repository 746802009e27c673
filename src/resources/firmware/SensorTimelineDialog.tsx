/**
 * One sensor's timeline in a GSM or Wi-Fi deployment: every status change with its time and
 * message, oldest first (GET /deployments/{id}/sensors/{sensorId}/events).
 */
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Button, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../components/dates';
import type { AppDataProvider, RolloutResource } from '../../dataProviders/types';
import { DeploymentStatusField } from './DeploymentStatusField';

export function SensorTimelineDialog({
  resource,
  id,
  sensorId,
  onClose,
}: {
  resource: RolloutResource;
  id: Identifier;
  /** The sensor shown; null: closed. */
  sensorId: number | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [resource, 'timeline', String(id), sensorId],
    queryFn: ({ signal }) => dataProvider.getSensorTimeline(resource, { id, sensorId: sensorId!, signal }),
    enabled: sensorId !== null,
  });
  return (
    <Dialog open={sensorId !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('firmware.timeline.title', { sensorId: sensorId ?? '', id })}</DialogTitle>
      <DialogContent>
        {isPending ? (
          <LinearProgress />
        ) : error ? (
          <Typography color="error">{translate('firmware.timeline.error')}</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{translate('firmware.timeline.empty')}</Typography>
        ) : (
          <Table size="small" data-testid="sensor-timeline">
            <TableHead>
              <TableRow>
                <TableCell>{translate('firmware.timeline.at')}</TableCell>
                <TableCell>{translate('firmware.timeline.status')}</TableCell>
                <TableCell>{translate('firmware.timeline.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((e, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DeploymentStatusField status={e.status} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
