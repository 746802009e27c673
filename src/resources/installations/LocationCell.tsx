/**
 * An installation's coordinates with 6 decimals (document 2, sections 2.1 and 9), a link to the map
 * (OpenStreetMap) and to a maps service (Google Maps), and a copy button ("Copied coordinates (lat,
 * lng) to clipboard").
 */
import { Box, IconButton, Link, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import type { Installation } from './types';

export const formatCoordinate = (value: number) => value.toFixed(6);

export const mapLinks = (lat: number, lng: number) => ({
  map: `https://www.openstreetmap.org/?mlat=${formatCoordinate(lat)}&mlon=${formatCoordinate(lng)}#map=17/${formatCoordinate(lat)}/${formatCoordinate(lng)}`,
  mapsService: `https://www.google.com/maps/search/?api=1&query=${formatCoordinate(lat)},${formatCoordinate(lng)}`,
});

export function LocationCell() {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!record || typeof record.latitude !== 'number' || typeof record.longitude !== 'number') return <>—</>;
  const lat = formatCoordinate(record.latitude);
  const lng = formatCoordinate(record.longitude);
  const links = mapLinks(record.latitude, record.longitude);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        whiteSpace: 'nowrap',
        fontFamily: 'monospace',
        fontSize: 12,
      }}
    >
      <Link href={links.map} target="_blank" rel="noopener noreferrer" title={translate('installations.location.map')}>
        {lat}, {lng}
      </Link>
      <Link
        href={links.mapsService}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ fontFamily: 'inherit' }}
        title={translate('installations.location.mapsService')}
      >
        ↗
      </Link>
      <Tooltip title={translate('installations.location.copy')}>
        <IconButton
          size="small"
          aria-label={translate('installations.location.copyOf', { id: record.installationId })}
          onClick={() =>
            navigator.clipboard
              .writeText(`${lat}, ${lng}`)
              .then(() => notify(...success('installations.notifications.coordinatesCopied')))
              .catch(() => notify('aq.notifications.copyFailed', { type: 'error' }))
          }
        >
          <ContentCopyIcon sx={{ fontSize: 14 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
