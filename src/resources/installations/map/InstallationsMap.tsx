/**
 * The installations list's map view (issue 10, beyond the spec: "where are these?"): every
 * installation matching the list's current query, from the compact points feed, clustered in the
 * browser with supercluster — in a worker, see useClusterIndex — and drawn as a few markers
 * coloured by activity (see ClusterLayer), so 100,000 installations stay smooth. Above the map: how
 * many installations it shows (and a notice when the feed was cut at its cap); over it: loading,
 * "clustering" (a thin bar while the index builds, the page usable meanwhile) and "none match"
 * states; below it: the colours' legend. The background is the configured tiles or the offline
 * country outlines.
 *
 * `query` is the list's query-language query as the list sends it (plain searches already turned
 * into SEARCH("…") by `listQuery`); undefined shows every installation.
 */
import { useMemo, type ReactNode } from 'react';
import { Alert, Box, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MapContainer } from 'react-leaflet';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../dataProviders/types';
import { MapBackground, MapFrame, mapSettings } from '../../../components/map/MapBackground';
import { MAP_MAX_ZOOM, pointsBounds, type Activity } from './clusters';
import { ClusterLayer } from './ClusterLayer';
import { useActivityColours } from './markerIcons';
import { useClusterIndex } from './useClusterIndex';

/** Poland at zoom 6 when the runtime configuration names no centre (as the reinstall map). */
const DEFAULT_VIEW = { center: [52.1, 19.4] as [number, number], zoom: 6 };
/** The feed is a few MB for the whole fleet: reuse it for a minute rather than on every focus. */
const FEED_STALE_MS = 60_000;

const LEGEND: { activity: Activity; label: string }[] = [
  { activity: 'active', label: 'installations.map.legend.active' },
  { activity: 'mixed', label: 'installations.map.legend.mixed' },
  { activity: 'inactive', label: 'installations.map.legend.inactive' },
];

function Overlay({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Box
        role="status"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderRadius: 1,
          bgcolor: 'background.paper',
          boxShadow: 2,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** A thin bar along the map's top edge and a small label under it, leaving the map usable. */
function Clustering({ children }: { children: ReactNode }) {
  return (
    <Box
      role="status"
      data-testid="installations-map-clustering"
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000, pointerEvents: 'none' }}
    >
      <LinearProgress sx={{ height: 3 }} />
      <Typography
        variant="caption"
        sx={{
          display: 'block',
          width: 'fit-content',
          mx: 'auto',
          mt: 1,
          px: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          boxShadow: 1,
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}

export function InstallationsMap({ query }: { query: string | undefined }) {
  const translate = useTranslate();
  const locale = useLocale();
  const colours = useActivityColours();
  const dataProvider = useDataProvider<AppDataProvider>();
  const settings = useMemo(() => mapSettings(DEFAULT_VIEW), []);
  const feed = useQuery({
    queryKey: ['installations', 'getInstallationPoints', { query: query ?? '' }],
    queryFn: ({ signal }) => dataProvider.getInstallationPoints('installations', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: FEED_STALE_MS,
    refetchOnWindowFocus: false,
  });
  const points = feed.data?.points;
  const clusters = useClusterIndex(points);
  const bounds = useMemo(() => (points ? pointsBounds(points) : null), [points]);
  const current = feed.isSuccess && !feed.isPlaceholderData;
  const loading = feed.isPending || feed.isPlaceholderData;
  const count = points?.length ?? 0;

  return (
    <Box data-testid="installations-map">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ minHeight: 32, mb: 1, flexWrap: 'wrap' }}>
        {points && (
          <Typography variant="body2" data-testid="installations-map-count">
            {translate('installations.map.count', { smart_count: count, count: count.toLocaleString(locale) })}
          </Typography>
        )}
        {current && feed.data.truncated && (
          <Alert severity="warning" sx={{ py: 0 }}>
            {translate('installations.map.truncated', { count: count.toLocaleString(locale) })}
          </Alert>
        )}
      </Stack>
      <MapFrame sx={{ height: { xs: 420, md: 'calc(100vh - 280px)' }, minHeight: 420 }} data-count={count}>
        <MapContainer center={settings.center} zoom={settings.zoom} maxZoom={MAP_MAX_ZOOM} scrollWheelZoom>
          <MapBackground tileUrl={settings.tileUrl} />
          <ClusterLayer index={clusters.index} bounds={bounds} fitKey={current ? (query ?? '') : undefined} />
        </MapContainer>
        {loading && (
          <Overlay>
            <CircularProgress size={20} />
            <Typography variant="body2">{translate('installations.map.loading')}</Typography>
          </Overlay>
        )}
        {!loading && !!clusters.building && (
          <Clustering>
            {translate('installations.map.clustering', {
              smart_count: clusters.building,
              count: clusters.building.toLocaleString(locale),
            })}
          </Clustering>
        )}
        {((feed.isError && !points) || clusters.failed) && (
          <Overlay>
            <Typography variant="body2" color="error">
              {translate('installations.map.loadFailed')}
            </Typography>
          </Overlay>
        )}
        {current && count === 0 && (
          <Overlay>
            <Typography variant="body2">{translate('installations.map.empty')}</Typography>
          </Overlay>
        )}
      </MapFrame>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('installations.map.legend.title')}
        </Typography>
        {LEGEND.map(({ activity, label }) => (
          <Stack key={activity} direction="row" spacing={0.75} alignItems="center">
            <Box
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: colours[activity],
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {translate(label)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
