/**
 * react-admin auth provider over the main API's session calls and the shared permission matcher,
 * with the two session calls screens make themselves (a session refresh, the provider's sign-in
 * URL): screens reach them through `useAppAuthProvider()`, never through the HTTP module.
 */
import { useAuthProvider, type AuthProvider } from 'react-admin';
import { mainClient, logoutLocally, refreshSession, SESSION_MESSAGES } from './dataProviders/http';
import { ApiError, SESSION_ENDED, TOKEN_EXPIRED } from './dataProviders/errors';
import {
  clearSession,
  isTokenStale,
  readSession,
  writeSession,
  type LoginResponse,
  type Session,
} from './state/session';
import { canAccess } from './resources/access';
import { appEvents } from './state/events';
import { DEFAULT_PAGE_SIZE, SESSION_CHECK_DELAY_MS } from '../common/domain';
import { canAccessEntity, installation } from '../common/entities';
import { prefetchList } from './dataProviders';

export const EMPLOYEE_FALLBACK_NAME = 'Employee';

let loginPending = false;
/** The session check of the last sign-in, while it waits; cancelled when that session ends first. */
let sessionCheck: { timer: ReturnType<typeof setTimeout>; unsubscribe(): void } | null = null;

/** True between a successful sign-in and the end of its 500 ms session check: public pages stay put. */
export function isLoginPending(): boolean {
  return loginPending;
}

function cancelSessionCheck(): void {
  if (!sessionCheck) return;
  clearTimeout(sessionCheck.timer);
  sessionCheck.unsubscribe();
  sessionCheck = null;
  loginPending = false;
}

/**
 * The session check after a sign-in (spec document 1, section 4: "After login, the session check
 * waits 500 ms"): 500 ms after the sign-in answer the stored session must be complete, otherwise
 * the user is logged out with the reason. It runs beside the first screen, which opens at once:
 * nothing waits for it. A session that ends before then (sign-out, a 401) cancels it — that end
 * has its own message.
 */
function scheduleSessionCheck(): void {
  cancelSessionCheck();
  loginPending = true;
  sessionCheck = {
    timer: setTimeout(() => {
      cancelSessionCheck();
      if (!readSession()) logoutLocally(SESSION_MESSAGES.notStored);
    }, SESSION_CHECK_DELAY_MS),
    unsubscribe: appEvents.on('logout', cancelSessionCheck),
  };
}

export type LoginParams =
  { username: string; password: string } | { code: string; redirectUri: string } | { refreshToken: string };

function basic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The first page of the landing list (Installations) exactly as its screen asks for it
 * (src/resources/installations/InstallationList.tsx: default page size and sort, no filter),
 * asked for as soon as the sign-in answers: the screen then takes this answer instead of asking
 * once its code, the shell and its checks are done. Users who may not list installations land on
 * Sensors (the navigation guard), so nothing is asked for them.
 */
function prefetchLanding(permissions: readonly string[]): void {
  if (!canAccessEntity(installation, permissions, 'list')) return;
  prefetchList(installation.name, {
    pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE },
    sort: installation.sort,
    filter: {},
  });
}

export async function login(params: LoginParams): Promise<LoginResponse> {
  const api = mainClient();
  let response: LoginResponse;
  if ('password' in params) {
    response = await api.request('/login/basic', { auth: { basic: basic(params.username, params.password) } });
  } else if ('code' in params) {
    response = await api.request('/login/google', {
      method: 'POST',
      auth: 'none',
      body: { code: params.code, redirect_uri: params.redirectUri },
    });
  } else {
    response = await api.request('/me', { auth: { bearer: params.refreshToken } });
  }
  writeSession(response);
  return response;
}

/** react-admin's auth provider and the console's own session calls. */
export interface AppAuthProvider extends AuthProvider {
  /**
   * A new access token and the user's current role and permissions, stored as the session (one
   * request for concurrent callers); a failure ends the session.
   */
  refreshSession(): Promise<Session>;
  /** Where the sign-in popup sends the user: the third-party provider's authorization URL. */
  getSignInUrl(params: { redirectUri: string; state: string }): Promise<string>;
}

export const authProvider: AppAuthProvider = {
  async login(params: LoginParams) {
    cancelSessionCheck();
    // Public pages stay put from the sign-in request on: the sign-in navigates itself.
    loginPending = true;
    let response: LoginResponse;
    try {
      response = await login(params);
    } catch (err) {
      loginPending = false;
      throw err;
    }
    prefetchLanding(response.user.permissions);
    scheduleSessionCheck();
    return { redirectTo: '/installations' };
  },

  async logout() {
    cancelSessionCheck();
    const session = readSession();
    if (session) {
      // Failures are ignored: the local session ends either way.
      await mainClient()
        .request('/logout', {
          method: 'POST',
          auth: 'refresh',
          ignoreStatuses: [400, 401, 403, 404, 500],
          skipLoading: true,
        })
        .catch(() => undefined);
    }
    clearSession();
    return '/';
  },

  async checkAuth() {
    const session = readSession();
    if (!session) throw { redirectTo: '/', message: false };
    if (isTokenStale(session.token))
      await refreshSession().catch(() => Promise.reject({ redirectTo: '/', message: false }));
  },

  async checkError(error: unknown) {
    if (error instanceof ApiError) {
      const ended = error.status === 401 && error.kind !== 'cancelled';
      if (ended || (error.status === 403 && error.message === TOKEN_EXPIRED)) {
        // The HTTP layer has normally ended the session already, with its reason.
        if (readSession()) logoutLocally(ended ? error.message || SESSION_ENDED : undefined);
        throw { redirectTo: '/', message: false };
      }
    }
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Not signed in');
    return {
      id: session.user.id,
      fullName: session.user.displayName || session.user.name || EMPLOYEE_FALLBACK_NAME,
      avatar: session.user.avatar ?? undefined,
      username: session.user.name,
      role: session.role,
    };
  },

  async getPermissions() {
    return readSession()?.permissions ?? [];
  },

  async canAccess({ resource, action, record }) {
    return canAccess(readSession()?.permissions ?? [], { resource, action, record });
  },

  refreshSession,

  async getSignInUrl({ redirectUri, state }) {
    const { url } = await mainClient().request<{ url: string }>('/login/google/authorize', {
      auth: 'none',
      query: { redirect_uri: redirectUri, state },
    });
    return url;
  },
};

/** The console's auth provider from react-admin's context, as `useDataProvider<AppDataProvider>()` is for data. */
export function useAppAuthProvider(): AppAuthProvider {
  const provider = useAuthProvider<AppAuthProvider>();
  if (!provider) throw new Error('The auth provider is missing: render inside <Admin> or <AdminContext>');
  return provider;
}
