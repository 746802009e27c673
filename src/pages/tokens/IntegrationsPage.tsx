/**
 * Integrations (/users/integrations, admin_view_tokens): every token with its owner. Creating and
 * duplicating need admin_use_tokens; revoking someone else's token needs admin_deactivate_tokens
 * (one's own also works with use_tokens, as on API Manager).
 */
import { useCallback } from 'react';
import { useCanAccessNow } from '../../resources/useCanAccessNow';
import { useSession } from '../../state/useSession';
import { TokenListPage } from './TokenListPage';
import type { ApiToken } from './types';

export function IntegrationsPage() {
  const userId = useSession()?.user.id;
  const canCreate = useCanAccessNow({ resource: 'tokens', action: 'createAny' });
  const canRevokeAny = useCanAccessNow({ resource: 'tokens', action: 'deleteAny' });
  const canRevokeOwn = useCanAccessNow({ resource: 'tokens', action: 'delete' });
  const canRevoke = useCallback(
    (token: ApiToken) => canRevokeAny || (token.ownerId === userId && canRevokeOwn),
    [canRevokeAny, canRevokeOwn, userId],
  );
  return <TokenListPage title="menu.integrations" all canCreate={canCreate} canRevoke={canRevoke} />;
}
