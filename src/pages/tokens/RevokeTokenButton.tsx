/** Revokes a token after confirmation; disabled for inactive (revoked or expired) tokens. */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import RevokeIcon from '@mui/icons-material/Block';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import { useNow } from '../../components/useNow';
import { useTokenActions } from './TokenActionsContext';
import { useRevokeToken } from './useTokens';
import { isTokenActive, type ApiToken } from './types';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export const REVOKED_MESSAGE = 'Token has been deactivated.';

export function RevokeTokenButton() {
  const token = useRecordContext<ApiToken>();
  const { canRevoke } = useTokenActions();
  const now = useNow();
  const notify = useNotify();
  const revoke = useRevokeToken();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  if (!token || !canRevoke(token)) return null;
  const active = isTokenActive(token, now);
  return (
    <>
      <Tooltip title={active ? 'Revoke' : 'Already inactive'}>
        {/* A disabled button fires no events: the span keeps the tooltip working. */}
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`Revoke ${token.name}`}
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
        title="Revoke token"
        content={`Token "${token.name}" will stop working immediately, on every service. This cannot be undone.`}
        confirm="Revoke"
        confirmColor="warning"
        onConfirm={() =>
          void submitting.run(() =>
            revoke.mutateAsync(token.id, {
              onSuccess: () => notify(REVOKED_MESSAGE, { type: 'success', messageArgs: { _: REVOKED_MESSAGE } }),
              onSettled: () => setOpen(false),
            }),
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
