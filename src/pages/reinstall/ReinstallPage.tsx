/**
 * Reinstall sensor (InstallationsReinstallation, /installations/reinstallation/{installationId},
 * move_installation; document 2, sections 2.3, 4, 5, 8). Query parameters requestId, sensorId,
 * latitude and longitude. With the installation id `null` the sensor's current installation is
 * looked up (`GET /sensors/{sensorId}`; without one: the 406 message, once, on the page, with the
 * way back to the request). The current installation's read form gives the current status and the
 * first values; a request adds its location and contact.
 */
import { useMemo } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { NULL_INSTALLATION } from '../../../common/reinstall';
import { ApiError } from '../../dataProviders/errors';
import { retryUnlessClientError } from '../../dataProviders/queryClient';
import type { AppDataProvider } from '../../dataProviders/types';
import { isValidId } from '../history/HistoryPage';
import { ReinstallForm } from './ReinstallForm';
import { SensorActivityIndicator } from '../../components/SensorActivityIndicator';
import { RequestSummary } from './RequestSummary';
import { NoCurrentInstallation } from './NoCurrentInstallation';
import { SensorPrompt } from './SensorPrompt';
import { initialValues, readReinstallQuery } from './reinstallForm';

/** What the page reads once: a refetch must not reset a form being filled in. */
const ONCE = { retry: retryUnlessClientError, staleTime: Infinity, refetchOnWindowFocus: false } as const;

const isNotFound = (e: unknown) => e instanceof ApiError && e.kind === 'response' && e.status === 404;

export function ReinstallPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { installationId: param = '' } = useParams<{ installationId: string }>();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readReinstallQuery(search), [search]);
  const byNull = param === NULL_INSTALLATION;

  const request = useQuery({
    queryKey: ['reinstall', 'request', query.requestId],
    queryFn: ({ signal }) => dataProvider.getInstallationRequest('reinstall', { id: query.requestId!, signal }),
    enabled: query.requestId !== null,
    ...ONCE,
  });
  // The sensor: named by the query, or by the request.
  const sensorId = query.sensorId ?? request.data?.sensorId ?? null;
  const waitingForRequest = query.sensorId === null && query.requestId !== null && request.isPending;

  const lookup = useQuery({
    queryKey: ['reinstall', 'currentInstallation', sensorId],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.getSensorCurrentInstallation('reinstall', { sensorId: sensorId!, signal });
      } catch (e) {
        // An unknown sensor has no current installation either.
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    enabled: byNull && sensorId !== null,
    ...ONCE,
  });
  const noCurrent = byNull && lookup.isSuccess && lookup.data === null;

  const installationId = byNull ? (lookup.data ?? undefined) : isValidId(param) ? Number(param) : undefined;
  const current = useQuery({
    queryKey: ['reinstall', 'installation', installationId],
    queryFn: ({ signal }) => dataProvider.getInstallationReadForm('reinstall', { id: installationId!, signal }),
    enabled: installationId !== undefined,
    ...ONCE,
  });

  const requestSettled = query.requestId === null || !request.isPending;
  const defaults = useMemo(
    () =>
      current.data && requestSettled
        ? initialValues({ current: current.data, request: request.data, query })
        : undefined,
    [current.data, request.data, requestSettled, query],
  );

  let problem: string | undefined;
  if (!byNull && !isValidId(param)) problem = translate('reinstall.invalidId', { id: param });
  else if (isNotFound(current.error)) problem = translate('reinstall.notFound', { id: installationId });

  const info = current.data?.info;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="reinstall.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {info
            ? translate('reinstall.heading', { sensorId: info.sensorId, installationId: info.installationId })
            : translate('reinstall.title')}
        </Typography>
        {info && <SensorActivityIndicator sensorId={info.sensorId} />}
      </Box>
      {info?.removedAt && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button
              component={RouterLink}
              to={`/installations/reinstallation/${NULL_INSTALLATION}?sensorId=${info.sensorId}`}
              color="inherit"
              size="small"
            >
              {translate('reinstall.openCurrent')}
            </Button>
          }
        >
          {translate('reinstall.notCurrent', { id: info.installationId })}
        </Alert>
      )}
      {noCurrent ? (
        <NoCurrentInstallation sensorId={sensorId} requestId={query.requestId} />
      ) : problem ? (
        <Alert severity="warning" data-testid="reinstall-problem">
          {problem}
        </Alert>
      ) : byNull && sensorId === null && !waitingForRequest ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
          <SensorPrompt
            onSensor={(id) => {
              const next = new URLSearchParams(search);
              next.set('sensorId', String(id));
              setSearch(next, { replace: true });
            }}
          />
          {request.data && <RequestSummary request={request.data} />}
        </Box>
      ) : defaults && current.data ? (
        <ReinstallForm
          key={current.data.info.installationId}
          current={current.data}
          request={request.data}
          requestId={query.requestId}
          defaults={defaults}
        />
      ) : current.isError || request.isError || lookup.isError ? null : (
        <LinearProgress />
      )}
    </Box>
  );
}

export default ReinstallPage;
