/**
 * The component tests' one test double of the console's data access: an `AppDataProvider` built
 * from a few functions (any other call rejects, as react-admin's testDataProvider does), routed per
 * resource like the real composite provider, and `<TestAdmin>` rendering a screen inside react-admin
 * with it, the console's `canAccess` (so `useCanAccess` answers from the signed-in test session) and
 * the English messages.
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, combineDataProviders, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { authProvider, type AppAuthProvider } from '../../../src/authProvider';
import type { AppDataProvider } from '../../../src/dataProviders/types';
import { i18nProvider } from '../../../src/i18n';
import { readSession } from '../../../src/state/session';

type Methods = Partial<Record<keyof AppDataProvider, unknown>>;

/**
 * `methods` serve every resource; `byResource` overrides them for one resource (e.g. the `roles`
 * list beside the `users` list). Spies passed in see the resource name first, as the real ones do.
 */
export function appDataProvider(methods: Methods = {}, byResource: Record<string, Methods> = {}): AppDataProvider {
  const providers = new Map<string, DataProvider>();
  const forResource = (resource: string) => {
    let provider = providers.get(resource);
    if (!provider)
      providers.set(
        resource,
        (provider = testDataProvider({ ...methods, ...byResource[resource] } as Partial<DataProvider>)),
      );
    return provider;
  };
  return combineDataProviders(forResource) as AppDataProvider;
}

/**
 * The console's access policy, identity and session calls over the test session; signing in, out
 * and the token checks (which would ask the server for a fresh token) are left out.
 */
export const testAuthProvider: AppAuthProvider = {
  canAccess: authProvider.canAccess,
  getIdentity: authProvider.getIdentity,
  getPermissions: authProvider.getPermissions,
  refreshSession: authProvider.refreshSession,
  getSignInUrl: authProvider.getSignInUrl,
  checkAuth: async () => {
    if (!readSession()) throw new Error('Not signed in');
  },
  checkError: async () => undefined,
  login: async () => undefined,
  logout: async () => undefined,
};

/** Signs a test user in with these permissions (the session the console reads from local storage). */
export function signInAs(permissions: readonly string[], user: { id?: number; name?: string; role?: string } = {}) {
  const { id = 1, name = 'admin', role = 'admin' } = user;
  localStorage.setItem(
    'aq.session',
    JSON.stringify({
      user: { id, name, displayName: null, avatar: null, role, permissions },
      role,
      permissions,
      token: 'access',
      refreshToken: 'refresh',
    }),
  );
}

export function TestAdmin({
  dataProvider = appDataProvider(),
  authProvider = testAuthProvider,
  path = '/',
  queryClient,
  children,
}: {
  dataProvider?: DataProvider;
  authProvider?: AppAuthProvider;
  path?: string;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        store={memoryStore()}
        i18nProvider={i18nProvider}
        authProvider={authProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
      >
        {children}
      </AdminContext>
    </MemoryRouter>
  );
}
