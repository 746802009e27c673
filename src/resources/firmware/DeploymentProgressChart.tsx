/**
 * How far a GSM or Wi-Fi deployment got over time: stacked areas of its sensors by state (updated,
 * failed, skipped, on their way, planned), from GET /deployments/{id}/progress. Refreshed with the
 * deployment page.
 */
import { Box, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { ProgressPoint } from '../../../common/firmware';
import { chartTick } from '../../components/dates';
import type { AppDataProvider, RolloutResource } from '../../dataProviders/types';

type Series = Exclude<keyof ProgressPoint, 'at'>;
/** Bottom to top: what is done first, what is still to come on top. */
const SERIES: Series[] = ['updated', 'failed', 'skipped', 'in_flight', 'planned'];

export function DeploymentProgressChart({
  resource,
  id,
  refetchInterval,
}: {
  resource: RolloutResource;
  id: Identifier;
  refetchInterval: number | false;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { palette } = useTheme();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: [resource, 'progress', String(id)],
    queryFn: ({ signal }) => dataProvider.getDeploymentProgress(resource, { id, signal }),
    refetchInterval,
  });
  if (!data || data.length < 2) return null;
  const colors: Record<Series, string> = {
    updated: palette.success.main,
    failed: palette.error.main,
    skipped: palette.warning.main,
    in_flight: palette.info.main,
    planned: palette.grey[palette.mode === 'dark' ? 600 : 400],
  };
  const times = data.map((p) => new Date(p.at));
  const spanMs = times.at(-1)!.getTime() - times[0]!.getTime();
  // Tick labels in the console's language: day and month over a day, seconds within the hour.
  return (
    <Box data-testid="deployment-progress-chart" sx={{ mb: 2 }}>
      <Typography variant="subtitle2">{translate('firmware.progress.title')}</Typography>
      <LineChart
        height={220}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        xAxis={[
          {
            data: times,
            scaleType: 'time',
            tickNumber: 6,
            valueFormatter: (d: Date) => chartTick(d, spanMs, locale),
          },
        ]}
        series={SERIES.map((key) => ({
          id: key,
          data: data.map((p) => p[key]),
          label: translate(`firmware.progress.${key}`),
          area: true,
          stack: 'sensors',
          showMark: false,
          color: colors[key],
        }))}
      />
    </Box>
  );
}
