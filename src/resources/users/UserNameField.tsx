/** The username, marked when the account is disabled. */
import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser } from './types';

export function UserNameField() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2">{user.name}</Typography>
      {!user.enabled && <Chip label={translate('aq.pages.users.disabled')} size="small" variant="outlined" />}
    </Box>
  );
}
