/**
 * Sensor history (/sensors/{id}/history) and installation history (/installations/{id}/history),
 * view_history_sensor: every installation record of the sensor or installation.
 */
import { Box, Card } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { client } from '../../dataProviders/http';
import { HistoryTable } from './HistoryTable';
import type { HistoryRecord, HistoryScope } from './types';

const TITLES: Record<HistoryScope, (id: string) => string> = {
  sensors: (id) => `Previous installations of sensor ${id}`,
  installations: (id) => `History of installation ${id}`,
};

export function useHistory(scope: HistoryScope, id: string | undefined) {
  return useQuery({
    queryKey: ['history', scope, id],
    queryFn: async ({ signal }) => {
      const body = await client('main').request<{ data: HistoryRecord[] }>(`/history/${scope}/${encodeURIComponent(id!)}`, { signal });
      // Several records may describe the same installation at different times: key rows by position.
      return (body.data ?? []).map((record, index) => ({ ...record, id: index + 1 }));
    },
    enabled: Boolean(id),
  });
}

export function HistoryPage({ scope }: { scope: HistoryScope }) {
  const { id } = useParams<{ id: string }>();
  const history = useHistory(scope, id);
  const title = TITLES[scope](id ?? '');
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      {/* The table scrolls inside the card instead of widening the page. */}
      <Card sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <HistoryTable records={history.data} isPending={history.isPending} />
      </Card>
    </Box>
  );
}

export const SensorHistoryPage = () => <HistoryPage scope="sensors" />;
export const InstallationHistoryPage = () => <HistoryPage scope="installations" />;
