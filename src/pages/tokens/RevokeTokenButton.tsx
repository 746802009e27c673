/** Revokes a token after confirmation; disabled for inactive (revoked or expired) tokens. */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import RevokeIcon from '@mui/icons-material/Block';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNow } from '../../components/useNow';
import { useTokenActions } from './TokenActionsContext';
import { useRevokeToken } from './useTokens';
import { isTokenActive, type ApiToken } from './types';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RevokeTokenButton() {
  const token = useRecordContext<ApiToken>();
  const { canRevoke } = useTokenActions();
  const now = useNow();
  const notify = useNotify();
  const translate = useTranslate();
  const revoke = useRevokeToken();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  if (!token || !canRevoke(token)) return null;
  const active = isTokenActive(token, now);
  return (
    <>
      <Tooltip title={translate(active ? 'aq.actions.revoke' : 'aq.pages.tokens.alreadyInactive')}>
        {/* A disabled button fires no events: the span keeps the tooltip working. */}
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('aq.pages.tokens.revokeNamed', { name: token.name })}
            disabled={!active || submitting.pending}
            onClick={() => setOpen(true)}
          >
            <RevokeIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.revokeToken.title"
        content="aq.confirm.revokeToken.content"
        translateOptions={{ name: token.name }}
        confirm="aq.actions.revoke"
        confirmColor="warning"
        onConfirm={() =>
          // After the promise, not in mutateAsync's own callbacks, which React Query skips once this
          // row is unmounted (a list showing only active tokens drops it when it refreshes).
          void submitting.run(async () => {
            try {
              await revoke.mutateAsync(token.id);
              notify('aq.notifications.tokenRevoked', { type: 'success' });
            } finally {
              setOpen(false);
            }
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
