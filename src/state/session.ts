/**
 * The signed-in session kept in localStorage: user, role, permissions and the token pair.
 * A session is valid only when token, refresh token, role, user and permissions are all present.
 */
import { isAccessTokenExpired } from '../../common/domain';
import { appEvents } from './events';

export interface SessionUser {
  id: number;
  name: string;
  displayName: string | null;
  avatar: string | null;
  role: string;
  permissions: string[];
}

export interface Session {
  user: SessionUser;
  role: string;
  permissions: string[];
  token: string;
  refreshToken: string;
}

export interface LoginResponse {
  user: SessionUser;
  tokens: { accessToken: string; refreshToken: string };
}

const KEY = 'aq.session';

export function isValidSession(s: Partial<Session> | null | undefined): s is Session {
  return Boolean(s && s.token && s.refreshToken && s.role && s.user && Array.isArray(s.permissions));
}

export function readSession(): Session | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Session> | null;
    return isValidSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSession(response: LoginResponse): Session {
  const session: Session = {
    user: response.user,
    role: response.user.role,
    permissions: response.user.permissions,
    token: response.tokens.accessToken,
    refreshToken: response.tokens.refreshToken,
  };
  localStorage.setItem(KEY, JSON.stringify(session));
  appEvents.emit('session', undefined);
  return session;
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  appEvents.emit('session', undefined);
}

/** Expiry of a JWT access token in epoch ms, read from its payload (no verification: the server does that). */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The access token counts as valid only while more than 2 seconds remain. */
export function isTokenStale(token: string, now = Date.now()): boolean {
  return isAccessTokenExpired(tokenExpiry(token), now);
}
