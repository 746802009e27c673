/** An API token as GET /integrations returns it (the secret is never part of it). */
export interface ApiToken {
  id: number;
  name: string;
  permissions: string[];
  expiresAt: string;
  active: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  ownerId: number;
  ownerName: string;
}

/** POST /integrations payload: `time` is the lifetime in milliseconds. */
export interface CreateTokenPayload {
  name: string;
  permissions: string[];
  time: number;
}

/** POST /integrations response: the stored token plus its secret, shown once. */
export type CreatedToken = ApiToken & { token: string };

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
