/** The sidebar: seven groups, entries hidden without their permission, open-requests badge, footer. */
import {
  Badge,
  Box,
  Divider,
  List,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { Menu, useDataProvider, useSidebarState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { APP_VERSION } from '../../common/domain';
import { MENU_GROUPS, type RouteEntry } from '../resources/routes';
import { useRouteAccess } from '../resources/useRouteAccess';
import type { AppDataProvider } from '../dataProviders/types';
import { serviceUrl } from '../config';
import { MENU_ICONS } from './menuIcons';

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
 * A sidebar entry. Active when it is the longest menu path that prefixes the current page, so
 * /users/integrations highlights Integrations, not Users.
 */
function MenuEntry({ route, active }: { route: RouteEntry; active: boolean }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
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
  const item = (
    <MenuItem
      component={Link}
      to={route.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-route={route.name}
      className={active ? 'RaMenuItemLink-active' : undefined}
      sx={{
        color: active ? 'text.primary' : 'text.secondary',
        borderLeft: '3px solid',
        borderLeftColor: active ? 'primary.main' : 'transparent',
        '&.Mui-selected': { bgcolor: 'action.selected' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
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

export function AppMenu() {
  const translate = useTranslate();
  const { menu: visible } = useRouteAccess();
  const [open] = useSidebarState();
  const { pathname } = useLocation();
  const active = activeMenuPath(
    pathname,
    visible.map((r) => r.path),
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="app-menu">
      <Menu sx={{ flex: 1, mt: 1 }}>
        {MENU_GROUPS.map((group) => {
          const entries = visible.filter((r) => r.menu!.group === group);
          if (entries.length === 0) return null;
          return (
            <List
              key={group}
              dense
              disablePadding
              data-group={group}
              subheader={
                open ? (
                  <ListSubheader disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                    {translate(`menu.groups.${group}`)}
                  </ListSubheader>
                ) : (
                  <Divider sx={{ my: 0.5 }} />
                )
              }
            >
              {entries.map((route) => (
                <MenuEntry key={route.name} route={route} active={route.path === active} />
              ))}
            </List>
          );
        })}
      </Menu>
      <SidebarFooter />
    </Box>
  );
}
