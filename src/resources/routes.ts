/**
 * Every route of the console with the permission it needs (spec document 1 section 2 and
 * document 2 sections 2 and 2.9), and the sidebar built from it: entity index routes derive from
 * the entity declarations, the other pages are listed here. The navigation guard and the menu read
 * this table through the shared matcher in common/permissions.
 */
import { matchPath } from 'react-router-dom';
import {
  ENTITIES,
  canAccessEntity,
  entityNameKey,
  entityPath,
  installation,
  rolesPage,
  sensor,
  tokensPage,
  type MenuGroup,
  type MenuIconName,
} from '../../common/entities';
import type { PermissionRule } from '../../common/permissions';
import { PermissionSet } from '../../common/permissions';

export { MENU_GROUPS, type MenuGroup } from '../../common/entities';

export interface RouteEntry {
  /** Route name as the spec names it, where it names one. */
  name: string;
  path: string;
  permission?: PermissionRule;
  /** Sidebar placement; hidden routes have none. `label` is a translation key. */
  menu?: { group: MenuGroup; label: string; icon: MenuIconName; badge?: 'openRequests' };
}

/** The index route of every entity, from its declaration. */
const ENTITY_ROUTES: RouteEntry[] = ENTITIES.map((e) => ({
  name: e.route.name,
  path: entityPath(e),
  permission: e.access.list,
  ...(e.route.menu ? { menu: { ...e.route.menu, label: entityNameKey(e) } } : {}),
}));

/** Pages that are not an entity's list, and screens still to be built on their entities. */
const PAGE_ROUTES: RouteEntry[] = [
  {
    name: 'SensorsCreate',
    path: '/sensors/create',
    permission: sensor.access.create,
    menu: { group: 'Manage', label: 'menu.generateTokens', icon: 'qrCode' },
  },
  {
    name: 'Roles',
    path: '/users/roles',
    permission: rolesPage.access.list,
    menu: { group: 'Admin', label: 'menu.roles', icon: 'adminPanel' },
  },
  {
    name: 'LogsAdmin',
    path: '/logs/admin',
    permission: 'admin_view_logs',
    menu: { group: 'Admin', label: 'menu.systemLogs', icon: 'receipt' },
  },
  {
    name: 'Integrations',
    path: '/users/integrations',
    permission: tokensPage.access.listAll,
    menu: { group: 'Admin', label: 'menu.integrations', icon: 'integration' },
  },
  {
    name: 'LogsPersonal',
    path: '/logs/personal',
    permission: 'view_logs',
    menu: { group: 'Personal', label: 'menu.personalLogs', icon: 'history' },
  },
  {
    name: 'ApiManager',
    path: '/users/api',
    permission: tokensPage.access.list,
    menu: { group: 'Personal', label: 'menu.apiManager', icon: 'token' },
  },
  {
    name: 'SensorStatus',
    path: '/sensors/status',
    permission: 'view_sensors',
    menu: { group: 'Updater GSM', label: 'menu.sensorStatus', icon: 'monitorHeart' },
  },
  {
    name: 'DeploymentsGsmQuarantine',
    path: '/deployments/gsm/quarantine',
    permission: 'view_deployments',
    menu: { group: 'Updater GSM', label: 'menu.quarantine', icon: 'quarantine' },
  },
  {
    name: 'DeploymentsWifiQuarantine',
    path: '/deployments/wifi/quarantine',
    permission: 'view_deployments',
    menu: { group: 'Updater Wi-Fi', label: 'menu.quarantine', icon: 'quarantine' },
  },
  // Hidden routes
  { name: 'SensorsHistory', path: '/sensors/:id/history', permission: 'view_history_sensor' },
  { name: 'InstallationsHistory', path: '/installations/:id/history', permission: 'view_history_sensor' },
  { name: 'ContractorsHistory', path: '/contractors/:id/history', permission: 'view_history_contractor' },
  { name: 'ContractorsCreate', path: '/contractors/create', permission: 'add_contractors' },
  { name: 'InstallationRequest', path: '/installation-requests/:requestId', permission: 'view_installation_requests' },
  {
    name: 'InstallationsReinstallation',
    path: '/installations/reinstallation/:installationId',
    permission: 'move_installation',
  },
  { name: 'AdpUsersCreate', path: '/adp-users/create', permission: 'add_panel_users' },
  { name: 'DeploymentsGsmVersionsCreate', path: '/deployments/gsm/versions/create', permission: 'add_versions' },
  { name: 'DeploymentsGsmCreate', path: '/deployments/gsm/create', permission: 'add_deployments' },
  { name: 'DeploymentsGsmSensors', path: '/deployments/gsm/:id/sensors', permission: 'view_deployments' },
  { name: 'DeploymentsWifiCreate', path: '/deployments/wifi/create', permission: 'add_deployments' },
  { name: 'DeploymentsWifiSensors', path: '/deployments/wifi/:id/sensors', permission: 'view_deployments' },
  {
    name: 'DeploymentsWifiSensorsBinaries',
    path: '/deployments/wifi/:id/sensors/:binary',
    permission: 'view_deployments',
  },
  { name: 'DeploymentsGen3Create', path: '/deployments/gen3/create', permission: 'add_deployments' },
  { name: 'DeploymentsGen3VersionsCreate', path: '/deployments/gen3/versions/create', permission: 'add_versions' },
  { name: 'DeploymentsGen3Version', path: '/deployments/gen3/versions/:version', permission: 'view_versions' },
  {
    name: 'DeploymentsGen3VersionBinaries',
    path: '/deployments/gen3/versions/:version/binaries',
    permission: 'view_versions',
  },
  {
    name: 'DeploymentsGen3VersionBinariesCreate',
    path: '/deployments/gen3/versions/:version/binaries/create',
    permission: 'add_versions',
  },
  { name: 'PreferencesPresets', path: '/preferences/presets' },
  { name: 'PreferencesQueriesSensors', path: '/preferences/queries/sensors' },
  { name: 'PreferencesQueriesInstallations', path: '/preferences/queries/installations' },
  { name: 'QueryLanguageHelp', path: '/help/query-language' },
];

/** Entities first: within a sidebar group, entries keep this order. */
export const ROUTES: readonly RouteEntry[] = [...ENTITY_ROUTES, ...PAGE_ROUTES];

/** Public routes: reachable without a session; a signed-in user is sent on to Installations. */
export const PUBLIC_PATHS = ['/', '/login', '/login/callback'] as const;

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: string): RouteEntry {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** The most specific route matching a pathname (static segments win over parameters). */
export function findRoute(pathname: string): RouteEntry | undefined {
  const matches = ROUTES.filter((r) => matchPath({ path: r.path, end: true }, pathname));
  return matches.sort((a, b) => specificity(b.path) - specificity(a.path))[0];
}

function specificity(path: string): number {
  return path.split('/').reduce((score, seg) => score + (seg.startsWith(':') ? 1 : seg ? 3 : 0), 0);
}

/** Where a signed-in user without the route's permission is sent (the navigation guard rule). */
export function fallbackPath(permissions: PermissionSet): string {
  return canAccessEntity(installation, permissions, 'list') ? entityPath(installation) : entityPath(sensor);
}

export function canOpen(permissions: PermissionSet, pathname: string): boolean {
  const route = findRoute(pathname);
  return route ? permissions.can(route.permission) : true;
}
