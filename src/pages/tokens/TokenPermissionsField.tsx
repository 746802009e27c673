/** A token's permissions as chips; long lists collapse to the first few and a "+N more" chip. */
import { useState } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ApiToken } from './types';

const VISIBLE = 3;

export function TokenPermissionsField() {
  const token = useRecordContext<ApiToken>();
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  if (!token) return null;
  const { permissions } = token;
  if (permissions.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('aq.pages.tokens.noPermissions')}
      </Typography>
    );
  const shown = expanded ? permissions : permissions.slice(0, VISIBLE);
  const hidden = permissions.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 520 }} data-testid="token-permissions">
      {shown.map((p) => (
        <Chip key={p} label={p} size="small" variant="outlined" />
      ))}
      {hidden > 0 && (
        <Chip
          label={translate('aq.pages.tokens.more', { count: hidden })}
          size="small"
          color="primary"
          onClick={() => setExpanded(true)}
        />
      )}
      {expanded && permissions.length > VISIBLE && (
        <Chip label={translate('aq.pages.tokens.less')} size="small" onClick={() => setExpanded(false)} />
      )}
    </Box>
  );
}
