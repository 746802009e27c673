/**
 * The navigation guard (spec document 1, section 2):
 * - an unauthenticated user on a protected route goes to login (`/`);
 * - an authenticated user lacking the route's permission goes to Installations if they hold
 *   view_installations, otherwise to Sensors;
 * - a signed-in user opening a public page goes to Installations, after refreshing a stale token.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, CircularProgress, Typography } from '@mui/material';
import { findRoute } from '../resources/routes';
import { useRouteAccess } from '../resources/useRouteAccess';
import { useSession } from '../state/useSession';
import { isTokenStale } from '../state/session';
import { isLoginPending, useAppAuthProvider } from '../authProvider';
import { useTranslate } from 'react-admin';

export function RequireRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const routes = useRouteAccess();
  const location = useLocation();
  const route = findRoute(location.pathname);
  const translate = useTranslate();
  if (!session) return <Navigate to="/" replace />;
  if (route && !routes.canOpen(route)) {
    const target = routes.fallback;
    if (target !== location.pathname) return <Navigate to={target} replace />;
    return (
      <Typography sx={{ p: 4 }} color="text.secondary" data-testid="no-access">
        {translate('aq.noAccess')}
      </Typography>
    );
  }
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const auth = useAppAuthProvider();
  const [checking, setChecking] = useState(() => Boolean(session && isTokenStale(session.token)));

  useEffect(() => {
    if (!session || !isTokenStale(session.token)) return;
    setChecking(true);
    auth
      .refreshSession()
      .catch(() => undefined) // a failed refresh logs out: the public page stays
      .finally(() => setChecking(false));
  }, [session, auth]);

  if (checking)
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  // During a sign-in the login flow itself navigates once its session check is done.
  if (session && !isLoginPending()) return <Navigate to="/installations" replace />;
  return <>{children}</>;
}
