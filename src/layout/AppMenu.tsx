/**
 * The sidebar: seven groups of links in a navigation landmark, entries hidden without their
 * permission, open-requests badge, footer.
 */
import { Fragment, useDeferredValue } from 'react';
import {
  Badge,
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useDataProvider, useSidebarState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { APP_VERSION } from '../../common/domain';
import { MENU_GROUPS, type RouteEntry } from '../resources/routes';
import { useRouteAccess } from '../resources/useRouteAccess';
import type { AppDataProvider } from '../dataProviders/types';
import { serviceUrl } from '../config';
import { MENU_ICONS } from './menuIcons';
import { useNarrowWindow } from './SidebarAutoCollapse';
import { SIDEBAR_WIDTH } from './theme';

const OPEN_REQUESTS_POLL_MS = 60_000;

function OpenRequestsBadge({ children }: { children: React.ReactElement }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  // The provider's poll skips the loading indicator and the banner.
  const { data } = useQuery({
    queryKey: ['installation-requests', 'countOpenRequests'],
    queryFn: ({ signal }) => dataProvider.countOpenRequests('installation-requests', { signal }),
    refetchInterval: OPEN_REQUESTS_POLL_MS,
    retry: false,
  });
  return (
    <Badge badgeContent={data ?? 0} color="error" max={999} data-testid="open-requests-badge">
      {children}
    </Badge>
  );
}

/**
 * A sidebar entry: a plain link in the group's list, so Tab reaches it and Enter follows it. Active
 * when it is the longest menu path that prefixes the current page, so /users/integrations
 * highlights Integrations, not Users. In a narrow window (where the sidebar starts closed) following
 * it closes the sidebar again, as react-admin's own menu entries do.
 */
function MenuEntry({ route, active }: { route: RouteEntry; active: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const narrow = useNarrowWindow();
  const Icon = MENU_ICONS[route.menu!.icon];
  const icon =
    route.menu?.badge === 'openRequests' ? (
      <OpenRequestsBadge>
        <Icon />
      </OpenRequestsBadge>
    ) : (
      <Icon />
    );
  const label = translate(route.menu!.label);
  const link = (
    <ListItemButton
      component={Link}
      to={route.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-route={route.name}
      onClick={() => {
        if (narrow && open) setOpen(false);
      }}
      sx={{
        color: active ? 'text.primary' : 'text.secondary',
        borderLeft: '3px solid',
        borderLeftColor: active ? 'primary.main' : 'transparent',
        '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'action.selected' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {open ? (
        link
      ) : (
        <Tooltip title={label} placement="right">
          {link}
        </Tooltip>
      )}
    </ListItem>
  );
}

export function activeMenuPath(pathname: string, paths: readonly string[]): string | undefined {
  return paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
}

export function SidebarFooter() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) return null;
  let host = window.location.host;
  try {
    host = new URL(serviceUrl('main')).host;
  } catch {
    /* config not loaded: the console's own host */
  }
  return (
    <Box sx={{ px: 2, py: 1.5, color: 'text.secondary' }} data-testid="sidebar-footer">
      <Typography variant="caption" component="div">
        {host}
      </Typography>
      <Typography variant="caption" component="div">
        {translate('aq.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );
}

/**
 * A navigation landmark of one list per group, headed by the group's name (a divider when the
 * sidebar is closed): links, not a `menu` of `menuitem`s — a menu's keyboard handling reaches only
 * its direct children, and a link list is what assistive technology expects of site navigation.
 */
/** The menu's entries on its first render: none (see AppMenu). */
const NO_ENTRIES: RouteEntry[] = [];

export function AppMenu() {
  const translate = useTranslate();
  // The entries (25 for an admin, each a few MUI components) render just after the shell's first
  // render, in the background: the first screen — the landing list's rows after sign-in — is not
  // kept waiting for them (about a quarter of a second of a slow machine's rendering). The sidebar
  // keeps its width meanwhile, so nothing moves when they appear.
  const visible = useDeferredValue(useRouteAccess().menu, NO_ENTRIES);
  const [open] = useSidebarState();
  const { pathname } = useLocation();
  const active = activeMenuPath(
    pathname,
    visible.map((r) => r.path),
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="app-menu">
      <Box
        component="nav"
        aria-label={translate('menu.label')}
        sx={{ flex: 1, mt: 1, width: open ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.closed }}
      >
        {MENU_GROUPS.map((group) => {
          const entries = visible.filter((r) => r.menu!.group === group);
          if (entries.length === 0) return null;
          const name = translate(`menu.groups.${group}`);
          const headingId = `menu-group-${group.replace(/\W+/g, '-')}`;
          return (
            <Fragment key={group}>
              {!open && <Divider sx={{ my: 0.5 }} />}
              <List
                dense
                disablePadding
                data-group={group}
                {...(open ? { 'aria-labelledby': headingId } : { 'aria-label': name })}
                subheader={
                  open ? (
                    <ListSubheader id={headingId} disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                      {name}
                    </ListSubheader>
                  ) : undefined
                }
              >
                {entries.map((route) => (
                  <MenuEntry key={route.name} route={route} active={route.path === active} />
                ))}
              </List>
            </Fragment>
          );
        })}
      </Box>
      <SidebarFooter />
    </Box>
  );
}
