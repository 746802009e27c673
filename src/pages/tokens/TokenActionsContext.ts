/** What the token table's row actions may do, provided by the page that shows the table. */
import { createContext, useContext } from 'react';
import type { ApiToken, TokenDraft } from './types';

export interface TokenActions {
  /** Create and duplicate are offered. */
  canCreate: boolean;
  /** Revoke is offered for this token (it may still be disabled when the token is inactive). */
  canRevoke(token: ApiToken): boolean;
  /** Opens the create dialog, prefilled. */
  openCreate(draft?: TokenDraft): void;
}

export const TokenActionsContext = createContext<TokenActions>({
  canCreate: false,
  canRevoke: () => false,
  openCreate: () => {},
});

export const useTokenActions = () => useContext(TokenActionsContext);
