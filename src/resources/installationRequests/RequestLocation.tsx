/**
 * The request's location: the map, the coordinates with 6 decimals, a copy button ('Copied
 * coordinates (lat, lng) to clipboard'), links to OpenStreetMap and Google Maps, and whether the
 * position was computed from the address.
 */
import { lazy, Suspense } from 'react';
import { Box, Card, CardContent, IconButton, Link, Skeleton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { formatCoordinate, mapLinks } from '../installations/LocationCell';
import { requestCoordinates, type InstallationRequestRecord } from './types';

const RequestMap = lazy(() => import('./RequestMap'));

export function RequestLocation({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const coords = requestCoordinates(request);
  const text = coords ? `${formatCoordinate(coords[0])}, ${formatCoordinate(coords[1])}` : '';
  const links = coords ? mapLinks(coords[0], coords[1]) : null;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify(...success('requests.location.copied')))
      .catch(() => notify('aq.notifications.copyFailed', { type: 'error' }));
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="subtitle1">{translate('requests.location.title')}</Typography>
        {!coords || !links ? (
          <Typography variant="body2" color="text.secondary">
            {translate('requests.location.none')}
          </Typography>
        ) : (
          <>
            <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
              <RequestMap position={coords} />
            </Suspense>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontFamily: 'monospace' }} data-testid="request-coordinates">
                {text}
              </Typography>
              <Tooltip title={translate('requests.location.copy')}>
                <IconButton size="small" aria-label={translate('requests.location.copy')} onClick={copy}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Link href={links.map} target="_blank" rel="noopener noreferrer" variant="body2">
                {translate('requests.location.map')}
              </Link>
              <Link href={links.mapsService} target="_blank" rel="noopener noreferrer" variant="body2">
                {translate('requests.location.mapsService')}
              </Link>
            </Box>
            <Typography variant="caption" color="text.secondary">
              {translate(
                request.locationFromAddress ? 'requests.location.fromAddress' : 'requests.location.fromClient',
              )}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
