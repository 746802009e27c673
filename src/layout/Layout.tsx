import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { ErrorBanner } from './ErrorBanner';
import { ErrorToastFilter } from './ErrorToastFilter';
import { LoadingBar } from './LoadingBar';
import { PageHeadingFocus } from './PageHeadingFocus';
import { SidebarAutoCollapse } from './SidebarAutoCollapse';
import { PreferencesSync } from './PreferencesSync';
import { ProgressNames } from './ProgressNames';
import { RequireRoute } from './RouteGuard';
import { useSession } from '../state/useSession';
import { findRoute } from '../resources/routes';
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../pages/NotFoundPage';
import { preloadPages } from '../pages/pageRoutes';

export function Layout({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const signedIn = !!session;
  useEffect(() => {
    if (signedIn) preloadPages();
  }, [signedIn]);
  // The not-found page is public: without a session it shows on its own, without the shell.
  if (!session && !findRoute(location.pathname)) return <NotFoundPage />;
  return (
    <ErrorToastFilter>
      <ProgressNames>
        <RaLayout appBar={AppBar} menu={AppMenu}>
          <LoadingBar />
          <PageHeadingFocus />
          <SidebarAutoCollapse />
          <PreferencesSync />
          <ErrorBanner />
          <RequireRoute>{children}</RequireRoute>
        </RaLayout>
      </ProgressNames>
    </ErrorToastFilter>
  );
}
