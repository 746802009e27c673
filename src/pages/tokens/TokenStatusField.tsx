/** Active or Inactive; a token is inactive once revoked or expired. */
import { Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNow } from '../../components/useNow';
import { isTokenActive, type ApiToken } from './types';

export function TokenStatusField() {
  const token = useRecordContext<ApiToken>();
  const translate = useTranslate();
  const now = useNow();
  if (!token) return null;
  if (isTokenActive(token, now))
    return <Chip label={translate('aq.pages.tokens.status.active')} size="small" color="success" variant="outlined" />;
  return (
    <Tooltip title={translate(token.active ? 'aq.pages.tokens.status.expired' : 'aq.pages.tokens.status.revoked')}>
      <Chip label={translate('aq.pages.tokens.status.inactive')} size="small" variant="outlined" />
    </Tooltip>
  );
}
