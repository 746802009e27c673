/** Opens the create dialog prefilled with this token's name and permissions. */
import { IconButton, Tooltip } from '@mui/material';
import DuplicateIcon from '@mui/icons-material/ControlPointDuplicate';
import { useRecordContext, useTranslate } from 'react-admin';
import { useTokenActions } from './TokenActionsContext';
import type { ApiToken } from './types';

export function DuplicateTokenButton() {
  const token = useRecordContext<ApiToken>();
  const translate = useTranslate();
  const { canCreate, openCreate } = useTokenActions();
  if (!token || !canCreate) return null;
  return (
    <Tooltip title={translate('aq.pages.tokens.duplicate')}>
      <IconButton
        size="small"
        aria-label={translate('aq.pages.tokens.duplicateOf', { name: token.name })}
        onClick={() => openCreate({ name: token.name, permissions: token.permissions })}
      >
        <DuplicateIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
