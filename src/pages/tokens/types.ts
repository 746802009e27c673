/** API tokens: the records are declared with the data provider (src/dataProviders/types.ts). */
export type { ApiToken, CreatedToken, CreateTokenPayload } from '../../dataProviders/types';
import type { ApiToken } from '../../dataProviders/types';

/** What the create dialog starts from: empty, or a token being duplicated. */
export interface TokenDraft {
  name: string;
  permissions: string[];
}

export const isExpired = (token: Pick<ApiToken, 'expiresAt'>, now: number) =>
  new Date(token.expiresAt).getTime() <= now;

/** A token works only while it is neither revoked nor expired. */
export const isTokenActive = (token: Pick<ApiToken, 'active' | 'expiresAt'>, now: number) =>
  token.active && !isExpired(token, now);
