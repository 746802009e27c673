/**
 * Integrations (/users/integrations, admin_view_tokens): every token with its owner. Creating and
 * duplicating need admin_use_tokens; revoking someone else's token needs admin_deactivate_tokens
 * (one's own also works with use_tokens, as on API Manager).
 */
import { useCallback } from 'react';
import { usePermissionSet, useSession } from '../../state/useSession';
import { TokenListPage } from './TokenListPage';
import type { ApiToken } from './types';

export function IntegrationsPage() {
  const permissions = usePermissionSet();
  const userId = useSession()?.user.id;
  const canRevoke = useCallback(
    (token: ApiToken) =>
      permissions.can('admin_deactivate_tokens') || (token.ownerId === userId && permissions.can('use_tokens')),
    [permissions, userId],
  );
  return (
    <TokenListPage
      title="menu.integrations"
      all
      canCreate={permissions.can('admin_use_tokens')}
      canRevoke={canRevoke}
    />
  );
}
