/** Cells of the history table: location with a map link, address, tags, the request link. */
import { Box, Chip, IconButton, Link as MuiLink, Tooltip, Typography } from '@mui/material';
import LaunchIcon from '@mui/icons-material/Launch';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { contractorSearchPath } from '../../resources/sensors/SensorContractorField';
import { tagValueText } from '../../components/sensors/tagValues';
import type { Tag } from '../../resources/tags/types';
import type { HistoryAddress, HistoryRecord } from './types';

const dash = <Typography variant="body2">—</Typography>;

export function addressText(a: HistoryAddress | null | undefined, local = false): string {
  if (!a) return '';
  const pick = (k: 'country' | 'state' | 'city' | 'street' | 'number') =>
    (local ? (a[`${k}Local`] ?? a[k]) : a[k]) || '';
  const streetLine = [pick('street'), pick('number')].filter(Boolean).join(' ');
  return [streetLine, pick('city'), pick('state'), pick('country')].filter(Boolean).join(', ');
}

export function AddressField() {
  const r = useRecordContext<HistoryRecord>();
  const text = addressText(r?.address);
  if (!text) return dash;
  const local = addressText(r?.address, true);
  return (
    <Tooltip title={local !== text ? local : ''}>
      <Typography variant="body2" sx={{ minWidth: 180 }}>
        {text}
      </Typography>
    </Tooltip>
  );
}

export function AlternativeAddressesField() {
  const r = useRecordContext<HistoryRecord>();
  const lines = [r?.alternativeAddress1, r?.alternativeAddress2].filter(Boolean);
  if (!lines.length) return dash;
  // As wide as the address next to it: a long line in a narrow column makes the whole row tall.
  return (
    <Box sx={{ minWidth: 180 }}>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

export function LocationField() {
  const r = useRecordContext<HistoryRecord>();
  const lat = r?.location?.latitude;
  const lon = r?.location?.longitude;
  if (typeof lat !== 'number' || typeof lon !== 'number') return dash;
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  return (
    <MuiLink href={href} target="_blank" rel="noreferrer" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {`${lat.toFixed(6)}, ${lon.toFixed(6)}`}
    </MuiLink>
  );
}

export function VisibilityField() {
  const r = useRecordContext<HistoryRecord>();
  if (r?.isVisible === null || r?.isVisible === undefined) return dash;
  return r.isVisible ? (
    <VisibilityIcon fontSize="small" color="success" titleAccess="Visible" />
  ) : (
    <VisibilityOffIcon fontSize="small" color="disabled" titleAccess="Hidden" />
  );
}

export function HistoryContractorField() {
  const r = useRecordContext<HistoryRecord>();
  if (!r?.contractor) return dash;
  return (
    <MuiLink component={Link} to={contractorSearchPath(r.contractor.id)} variant="body2">
      {r.contractor.name || `#${r.contractor.id}`}
    </MuiLink>
  );
}

export function HistoryTagsField({ tags }: { tags: readonly Tag[] }) {
  const r = useRecordContext<HistoryRecord>();
  const translate = useTranslate();
  const entries = Object.entries(r?.tags ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!entries.length) return dash;
  const byId = new Map(tags.map((t) => [String(t.id), t]));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 320 }}>
      {entries.map(([id, value]) => (
        <Chip
          key={id}
          size="small"
          variant="outlined"
          label={`${byId.get(id)?.name ?? translate('aq.pages.history.tag', { id })}: ${tagValueText(value, translate)}`}
        />
      ))}
    </Box>
  );
}

export function RequestLinkField() {
  const r = useRecordContext<HistoryRecord>();
  const translate = useTranslate();
  if (!r?.installationRequestId) return dash;
  return (
    <Tooltip title={translate('aq.pages.history.request', { id: r.installationRequestId })}>
      <IconButton
        size="small"
        component={Link}
        to={`/installation-requests/${r.installationRequestId}`}
        aria-label={translate('aq.pages.history.request', { id: r.installationRequestId })}
      >
        <LaunchIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
