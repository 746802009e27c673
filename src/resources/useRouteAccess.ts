/**
 * The route table (src/resources/routes.ts) for the signed-in user: the one hook through which the
 * sidebar and the navigation guard ask which routes are open, through the shared matcher.
 */
import { useMemo } from 'react';
import { usePermissionSet } from '../state/useSession';
import { ROUTES, fallbackPath, type RouteEntry } from './routes';

export interface RouteAccess {
  canOpen(route: RouteEntry): boolean;
  /** The sidebar's entries the user may open. */
  menu: RouteEntry[];
  /** Where the guard sends a user from a route they may not open. */
  fallback: string;
}

export function useRouteAccess(): RouteAccess {
  const permissions = usePermissionSet();
  return useMemo(() => {
    const canOpen = (route: RouteEntry) => permissions.can(route.permission);
    return { canOpen, menu: ROUTES.filter((r) => r.menu && canOpen(r)), fallback: fallbackPath(permissions) };
  }, [permissions]);
}
