/**
 * The expanded row of the requests list: the rest of the request at a glance, and its photos (signed
 * links that expire: the list is read again before they do, ./useFreshImageLinks.ts).
 */
import { Box, Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCoordinate } from '../installations/LocationCell';
import { imageUrl } from './imageUrl';
import { RequestFields } from './RequestFields';
import { requestCoordinates, type InstallationRequestRecord } from './types';
import { useFreshImageLinks } from './useFreshImageLinks';

export function RequestExpand() {
  const record = useRecordContext<InstallationRequestRecord>();
  const translate = useTranslate();
  useFreshImageLinks(record?.images ?? []);
  if (!record) return null;
  const coords = requestCoordinates(record);
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, py: 1 }}
      data-testid="request-expand"
    >
      <RequestFields
        rows={[
          { field: 'phone', value: record.phone },
          { field: 'language', value: record.language },
          { field: 'contractorName', value: record.contractorName },
          {
            label: 'requests.location.title',
            value: coords ? `${formatCoordinate(coords[0])}, ${formatCoordinate(coords[1])}` : null,
          },
          { field: 'notes', value: record.notes },
          { field: 'staffNotes', value: record.staffNotes },
        ]}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          {record.images.length
            ? translate('requests.list.images', { smart_count: record.images.length })
            : translate('requests.images.none')}
        </Typography>
        {record.images.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {record.images.slice(0, 6).map((img, i) => (
              <Box
                key={`${img.link}-${i}`}
                component="img"
                src={imageUrl(img.link)}
                alt={translate('requests.images.alt', { n: i + 1, id: record.id })}
                loading="lazy"
                sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
            ))}
          </Box>
        )}
        <Button size="small" component={Link} to={`/installation-requests/${record.id}`} startIcon={<OpenInNewIcon />}>
          {translate('requests.list.open', { id: record.id })}
        </Button>
      </Box>
    </Box>
  );
}
