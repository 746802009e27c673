/**
 * Wi-Fi Binary Details (DeploymentsWifiSensorsBinaries, /deployments/wifi/{id}/sensors/{binary},
 * view_deployments): created date, sensor id, status and version; Raw logs (only with has_logs)
 * and Download (only with is_present); Refresh; the build log with line numbers.
 *
 * The updater's calls carry a bearer token, which a plain link cannot: the log is fetched once
 * (for the viewer) and "Raw logs" opens that text as a blob URL in a new tab; Download fetches the
 * file and saves it.
 */
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { saveResponse } from '../../components/sensors/download';
import { formatDateTime } from '../../components/dates';
import type { AppDataProvider } from '../../dataProviders/types';
import { DeploymentStatusField } from '../../resources/firmware/DeploymentStatusField';
import { LogViewer } from '../../resources/firmware/LogViewer';

const RESOURCE = 'deployments/wifi';

/** A blob URL of the log text for the "Raw logs" link, revoked when the text changes or the page closes. */
function useTextUrl(text: string | undefined): string | undefined {
  const url = useMemo(
    () =>
      text === undefined ? undefined : URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' })),
    [text],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

export function WifiBinaryDetailsPage() {
  const { id = '', binary = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const info = useQuery({
    queryKey: [RESOURCE, 'binary', binary],
    queryFn: ({ signal }) => dataProvider.getWifiBinary(RESOURCE, { binary, signal }),
  });
  const hasLogs = info.data?.has_logs === true;
  const logs = useQuery({
    queryKey: [RESOURCE, 'binary', binary, 'logs'],
    queryFn: ({ signal }) => dataProvider.getWifiBinaryLogs(RESOURCE, { binary, signal }),
    enabled: hasLogs,
  });
  const rawUrl = useTextUrl(hasLogs ? logs.data : undefined);
  const download = useMutation({
    mutationFn: async () => saveResponse(await dataProvider.downloadWifiBinary(RESOURCE, { binary }), `${binary}.bin`),
  });
  const refresh = () => {
    void info.refetch();
    if (hasLogs) void logs.refetch();
  };
  const lines = logs.data ? logs.data.replace(/\n$/, '').split('\n').length : 0;
  const d = info.data;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('wifi.binary.title', { binary: binary.slice(0, 8) })} />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component={RouterLink}
            to={`/deployments/wifi/${encodeURIComponent(id)}/sensors`}
            startIcon={<ArrowBackIcon />}
          >
            {translate('wifi.binary.back', { id })}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={refresh} startIcon={<RefreshIcon />} disabled={info.isFetching || logs.isFetching}>
            {translate('wifi.binary.refresh')}
          </Button>
          {hasLogs && (
            <Button
              component="a"
              href={rawUrl}
              target="_blank"
              rel="noopener"
              startIcon={<OpenInNewIcon />}
              disabled={!rawUrl}
            >
              {translate('wifi.binary.rawLogs')}
            </Button>
          )}
          {d?.is_present && (
            <Button
              variant="contained"
              onClick={() => download.mutate()}
              disabled={download.isPending}
              startIcon={<DownloadIcon />}
            >
              {translate('wifi.binary.download')}
            </Button>
          )}
        </Stack>
        {info.isPending ? (
          <LinearProgress />
        ) : !d ? (
          <Typography color="error">{translate('wifi.binary.notFound', { binary })}</Typography>
        ) : (
          <>
            <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 2 }}>
              {binary}
            </Typography>
            <Box
              data-testid="binary-details"
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, auto)' }, mb: 3 }}
            >
              <Detail label={translate('wifi.binary.created')}>{formatDateTime(d.created)}</Detail>
              <Detail label={translate('wifi.binary.sensor')}>{d.sensor}</Detail>
              <Detail label={translate('wifi.binary.status')}>
                <DeploymentStatusField status={d.status} />
              </Detail>
              <Detail label={translate('wifi.binary.version')}>{d.version ?? '—'}</Detail>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
              <Typography variant="subtitle1" component="h3">
                {translate('wifi.binary.logs')}
              </Typography>
              {logs.data !== undefined && (
                <Typography variant="body2" color="text.secondary">
                  {translate('wifi.binary.lines', { smart_count: lines })}
                </Typography>
              )}
            </Stack>
            {!hasLogs ? (
              <Typography color="text.secondary">{translate('wifi.binary.noLogs')}</Typography>
            ) : logs.data === undefined ? (
              <LinearProgress />
            ) : (
              <LogViewer text={logs.data} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
