/** A label–value grid of request fields, labelled from the declaration (`resources.installation-requests.fields.*`). */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fieldLabelKey, installationRequest } from '../../../common/entities';
import { useFieldAccess } from '../useFieldAccess';

export interface RequestFieldRow {
  /** A field of the declaration (its label and its view permission), or a message key for the label. */
  field?: string;
  label?: string;
  value: ReactNode;
}

export function RequestFields({ rows }: { rows: RequestFieldRow[] }) {
  const translate = useTranslate();
  const access = useFieldAccess();
  const shown = rows.filter((r) => !r.field || access.field(installationRequest, r.field));
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      {shown.map((r) => (
        <Box key={r.field ?? r.label} sx={{ display: 'contents' }}>
          <Typography variant="body2" color="text.secondary" component="dt">
            {translate(r.field ? fieldLabelKey(installationRequest, r.field) : r.label!)}
          </Typography>
          <Typography
            variant="body2"
            component="dd"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-field={r.field}
          >
            {r.value === null || r.value === undefined || r.value === '' ? '—' : r.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
