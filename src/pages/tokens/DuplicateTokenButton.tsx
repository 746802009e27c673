/** Opens the create dialog prefilled with this token's name and permissions. */
import { IconButton, Tooltip } from '@mui/material';
import DuplicateIcon from '@mui/icons-material/ControlPointDuplicate';
import { useRecordContext } from 'react-admin';
import { useTokenActions } from './TokenActionsContext';
import type { ApiToken } from './types';

export function DuplicateTokenButton() {
  const token = useRecordContext<ApiToken>();
  const { canCreate, openCreate } = useTokenActions();
  if (!token || !canCreate) return null;
  return (
    <Tooltip title="Create duplicate">
      <IconButton
        size="small"
        aria-label={`Create duplicate of ${token.name}`}
        onClick={() => openCreate({ name: token.name, permissions: token.permissions })}
      >
        <DuplicateIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
