/**
 * Sensor history (/sensors/{id}/history) and installation history (/installations/{id}/history),
 * view_history_sensor, and contractor history (/contractors/{id}/history, view_history_contractor):
 * every installation record of the sensor, installation or contractor, in one shared table.
 */
import { Alert, Box, Button, Card } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { ApiError } from '../../dataProviders/errors';
import { retryUnlessClientError } from '../../dataProviders/queryClient';
import { HistoryTable } from './HistoryTable';
import type { HistoryRecord, HistoryScope } from './types';

/** Message keys of each scope: the title, the problems and the way back. */
const MESSAGES: Record<HistoryScope, { title: string; notFound: string; invalidId: string; back: string }> = {
  sensors: {
    title: 'aq.pages.history.title.sensors',
    notFound: 'hardening.history.notFound.sensors',
    invalidId: 'hardening.history.invalidId.sensors',
    back: 'hardening.history.back.sensors',
  },
  installations: {
    title: 'aq.pages.history.title.installations',
    notFound: 'hardening.history.notFound.installations',
    invalidId: 'hardening.history.invalidId.installations',
    back: 'hardening.history.back.installations',
  },
  contractors: {
    title: 'contractors.history.title',
    notFound: 'contractors.history.notFound',
    invalidId: 'contractors.history.invalidId',
    back: 'contractors.history.back',
  },
};

/** Ids are positive 32-bit integers, as the server's rule says: anything else is not asked for. */
const MAX_ID = 2_147_483_647;
export const isValidId = (id: string | undefined): id is string =>
  id !== undefined && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_ID;

export function useHistory(scope: HistoryScope, id: string | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['history', 'getHistory', scope, id],
    queryFn: async ({ signal }): Promise<HistoryRecord[]> => {
      // 404 is this page's own answer ("not found"): the provider raises no banner for it.
      const records = await dataProvider.getHistory('history', { scope, id: id!, signal });
      // Several records may describe the same installation at different times: key rows by position.
      return records.map((record, index) => ({ ...record, id: index + 1 }));
    },
    enabled: isValidId(id),
    retry: retryUnlessClientError,
  });
}

function Problem({ scope, message }: { scope: HistoryScope; message: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      data-testid="history-problem"
      action={
        <Button component={RouterLink} to={`/${scope}`} color="inherit" size="small">
          {translate(MESSAGES[scope].back)}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export function HistoryPage({ scope }: { scope: HistoryScope }) {
  const translate = useTranslate();
  const { id } = useParams<{ id: string }>();
  const history = useHistory(scope, id);
  const title = translate(MESSAGES[scope].title, { id: id ?? '' });
  const notFound = history.error instanceof ApiError && history.error.status === 404;
  let problem: string | undefined;
  if (!isValidId(id)) problem = translate(MESSAGES[scope].invalidId, { id: id ?? '' });
  else if (notFound) problem = translate(MESSAGES[scope].notFound, { id });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      {problem ? (
        <Problem scope={scope} message={problem} />
      ) : history.isError ? null : (
        // The table scrolls inside the card instead of widening the page.
        <Card sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <HistoryTable records={history.data} isPending={history.isPending} />
        </Card>
      )}
    </Box>
  );
}

export const SensorHistoryPage = () => <HistoryPage scope="sensors" />;
export const InstallationHistoryPage = () => <HistoryPage scope="installations" />;
export const ContractorHistoryPage = () => <HistoryPage scope="contractors" />;
