/** Active or Inactive; a token is inactive once revoked or expired. */
import { Chip, Tooltip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useNow } from '../../components/useNow';
import { isTokenActive, type ApiToken } from './types';

export function TokenStatusField() {
  const token = useRecordContext<ApiToken>();
  const now = useNow();
  if (!token) return null;
  if (isTokenActive(token, now)) return <Chip label="Active" size="small" color="success" variant="outlined" />;
  return (
    <Tooltip title={token.active ? 'Expired' : 'Revoked'}>
      <Chip label="Inactive" size="small" variant="outlined" />
    </Tooltip>
  );
}
