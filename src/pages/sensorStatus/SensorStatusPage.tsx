/**
 * Sensor Status (/sensors/status, view_sensors): type a sensor ID and press Enter to see what the
 * GSM updater knows of it — version, bank, status, last contact, last update — with a refresh and
 * the restart and idle actions. The ID is kept in the URL (`?id=`); an invalid ID says why and
 * clears it, so the previous sensor's data does not stay on screen under the error. While a
 * restart, idle or update is under way the status is polled every few seconds so it can be watched
 * moving.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Card, CardContent, Chip, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { MESSAGES, integer, type RuleMessage } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';
import { RelativeDate } from '../../components/DateTimeField';
import { ApiError } from '../../dataProviders/errors';
import type { AppDataProvider } from '../../dataProviders/types';
import { useCanAccessNow } from '../../resources/useCanAccessNow';
import { SensorUpdaterActions } from './SensorUpdaterActions';
import { useEnumLabels } from '../../components/enumLabels';

/** Statuses that change on their own soon: polled. */
export const MOVING_STATUSES: readonly string[] = [
  'RestartRequired',
  'IdleRequired',
  'Pending',
  'Updating',
  'UpdatePending',
];
export const POLL_MS = 3000;

/** One line of the card; `name` names its test id and its message (`aq.pages.sensorStatus.<name>`). */
function Row({ name, children }: { name: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="dt">
        {translate(`aq.pages.sensorStatus.${name}`)}
      </Typography>
      <Box component="dd" sx={{ m: 0 }} data-testid={`updater-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}>
        {children}
      </Box>
    </>
  );
}

function parseId(text: string): { id?: number; error?: RuleMessage } {
  const t = text.trim();
  if (!t) return { error: MESSAGES.required };
  const error = integer(t);
  if (error) return { error };
  const id = Number(t);
  return id > 0 && Number.isSafeInteger(id) ? { id } : { error: MESSAGES.min(1) };
}

export function SensorStatusPage() {
  const translate = useTranslate();
  const labels = useEnumLabels();
  const dataProvider = useDataProvider<AppDataProvider>();
  const canAct = useCanAccessNow({ resource: 'sensors', action: 'restart' });
  const [params, setParams] = useSearchParams();
  const fromUrl = parseId(params.get('id') ?? '').id;
  const [text, setText] = useState(fromUrl ? String(fromUrl) : '');
  const [error, setError] = useState<RuleMessage>();

  const status = useQuery({
    queryKey: ['updater', 'gsm', 'sensor', fromUrl],
    queryFn: ({ signal }) => dataProvider.getSensorUpdaterStatus('sensors', { id: fromUrl!, signal }),
    enabled: fromUrl !== undefined,
    retry: false,
    refetchInterval: (q) => (q.state.data && MOVING_STATUSES.includes(q.state.data.status) ? POLL_MS : false),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseId(text);
    setError(parsed.error);
    if (parsed.id === undefined) {
      // Nothing is looked up for an invalid ID: the previous sensor goes with the old one.
      if (fromUrl !== undefined) setParams({});
      return;
    }
    if (parsed.id === fromUrl) void status.refetch();
    else setParams({ id: String(parsed.id) });
  };

  const notFound = status.error instanceof ApiError && status.error.status === 404;
  const sensor = status.data;

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title="menu.sensorStatus" />
      <Card>
        <CardContent>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={translate('aq.pages.sensorStatus.sensorId')}
              name="sensorId"
              value={text}
              autoFocus
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error ? translateRule(translate, error) : translate('aq.pages.sensorStatus.enterHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {fromUrl !== undefined && (
              <Tooltip title={translate('ra.action.refresh')}>
                <span>
                  <IconButton
                    aria-label={translate('ra.action.refresh')}
                    onClick={() => void status.refetch()}
                    disabled={status.isFetching}
                    sx={{ mt: 1 }}
                  >
                    <RefreshIcon />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Box>

          {fromUrl !== undefined && status.isPending && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {translate('aq.loading')}
            </Typography>
          )}
          {notFound && (
            <Typography sx={{ mt: 2 }} color="text.secondary" data-testid="updater-not-found">
              {translate('aq.pages.sensorStatus.unknown', { id: fromUrl })}
            </Typography>
          )}
          {sensor && (
            <Box sx={{ mt: 2 }} data-testid="updater-status-card">
              <Typography variant="h6" sx={{ mb: 1 }}>
                {translate('aq.pages.sensorStatus.sensor', { id: sensor.id })}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  columnGap: 3,
                  rowGap: 1,
                  m: 0,
                  alignItems: 'center',
                }}
              >
                <Row name="version">
                  <Typography variant="body2">{sensor.version ?? '—'}</Typography>
                </Row>
                <Row name="bank">
                  <Typography variant="body2">{sensor.bank ?? '—'}</Typography>
                </Row>
                <Row name="status">
                  <Tooltip title={sensor.status}>
                    <Chip
                      size="small"
                      label={labels.updaterStatus(sensor.status)}
                      color={
                        sensor.status === 'Ok'
                          ? 'success'
                          : sensor.status === 'Failed'
                            ? 'error'
                            : MOVING_STATUSES.includes(sensor.status)
                              ? 'info'
                              : 'default'
                      }
                      data-status={sensor.status}
                    />
                  </Tooltip>
                </Row>
                <Row name="lastContact">
                  <RelativeDate value={sensor.last_contact} />
                </Row>
                <Row name="lastUpdated">
                  <RelativeDate value={sensor.last_updated} />
                </Row>
              </Box>
              {canAct && (
                <Box sx={{ mt: 3 }}>
                  <SensorUpdaterActions id={sensor.id} status={sensor.status} onDone={() => void status.refetch()} />
                </Box>
              )}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
