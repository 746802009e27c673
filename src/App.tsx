/** `<Admin>` wiring: providers, layout, resources from the registry, public and custom routes. */
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProviders';
import { queryClient } from './dataProviders/queryClient';
import { i18nProvider } from './i18n';
import { AppNotification } from './layout/AppNotification';
import { Layout } from './layout/Layout';
import { PublicOnly } from './layout/RouteGuard';
import { darkTheme, lightTheme } from './layout/theme';
import { LoginPage } from './pages/login/LoginPage';
import { OAuthCallbackPage } from './pages/login/OAuthCallbackPage';
import { TokenLoginPage } from './pages/login/TokenLoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { CONSOLE_RESOURCES } from './resources';
import { ADMIN_PAGES } from './pages/admin';
import { PERSONAL_PAGES } from './pages/personal';
import { SENSORS_PAGES } from './pages/sensors';
import { PREFERENCES_PAGES } from './pages/preferences';
import { FIRMWARE_PAGES } from './pages/firmware';
import { PageSuspense, withPageSuspense } from './components/PageLoading';

const store = localStorageStore('1', 'aq-console');

/** The resources, each list shown in a Suspense: the lists' code is loaded on demand. */
const RESOURCES = CONSOLE_RESOURCES.map((r) => ({
  ...r,
  list: withPageSuspense(r.list),
  create: r.create && withPageSuspense(r.create),
}));

export function App() {
  return (
    <Admin
      title="AQ Console"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      loginPage={false}
      catchAll={NotFoundPage}
      accessDenied={NotFoundPage}
      notification={AppNotification}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route
          path="/"
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route
          path="/login"
          element={
            <PublicOnly>
              <TokenLoginPage />
            </PublicOnly>
          }
        />
        <Route path="/login/callback" element={<OAuthCallbackPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {[...ADMIN_PAGES, ...PERSONAL_PAGES, ...SENSORS_PAGES, ...PREFERENCES_PAGES, ...FIRMWARE_PAGES].map(
          ({ path, component: Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <PageSuspense>
                  <Page />
                </PageSuspense>
              }
            />
          ),
        )}
      </CustomRoutes>
      {RESOURCES.map(({ entity, list, create, edit, show }) => (
        <Resource key={entity.name} name={entity.name} list={list} create={create} edit={edit} show={show} />
      ))}
    </Admin>
  );
}
