/**
 * Every route of the console with the permission it needs (spec document 1 section 2 and
 * document 2 sections 2 and 2.9), and the sidebar built from it. The navigation guard, the menu
 * and `canAccess` all read this table through the shared matcher in common/permissions.
 */
import { matchPath } from 'react-router-dom';
import type { PermissionRule } from '../../common/permissions';
import { PermissionSet } from '../../common/permissions';

export const MENU_GROUPS = ['Domain', 'Manage', 'Admin', 'Personal', 'Updater GSM', 'Updater Gen3', 'Updater Wi-Fi'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface RouteEntry {
  /** Route name as the spec names it, where it names one. */
  name: string;
  path: string;
  permission?: PermissionRule;
  /** Sidebar placement; hidden routes have none. */
  menu?: { group: MenuGroup; label: string; badge?: 'openRequests' };
}

const tagRule = (ctx: 'installation' | 'sensor' | 'contractor'): PermissionRule => [
  'view_tags',
  `view_${ctx}_tags`,
  `view_${ctx}_tag_<n>`,
];

export const ROUTES: readonly RouteEntry[] = [
  // Domain
  { name: 'InstallationsIndex', path: '/installations', permission: 'view_installations', menu: { group: 'Domain', label: 'menu.installations' } },
  { name: 'InstallationRequestsIndex', path: '/installation-requests', permission: 'view_installation_requests', menu: { group: 'Domain', label: 'menu.installationRequests', badge: 'openRequests' } },
  { name: 'SensorsIndex', path: '/sensors', permission: 'view_sensors', menu: { group: 'Domain', label: 'menu.sensors' } },
  { name: 'ContractorsIndex', path: '/contractors', permission: 'view_contractors', menu: { group: 'Domain', label: 'menu.contractors' } },
  { name: 'AdpUsersIndex', path: '/adp-users', permission: 'view_panel_users', menu: { group: 'Domain', label: 'menu.adpUsers' } },
  { name: 'ApiUsersIndex', path: '/api-users', permission: 'view_api_users', menu: { group: 'Domain', label: 'menu.apiUsers' } },
  // Manage
  { name: 'InstallationsTags', path: '/installations/tags', permission: tagRule('installation'), menu: { group: 'Manage', label: 'menu.installationsTags' } },
  { name: 'SensorsTags', path: '/sensors/tags', permission: tagRule('sensor'), menu: { group: 'Manage', label: 'menu.sensorsTags' } },
  { name: 'ContractorsTags', path: '/contractors/tags', permission: tagRule('contractor'), menu: { group: 'Manage', label: 'menu.contractorsTags' } },
  { name: 'SensorsCreate', path: '/sensors/create', permission: 'add_sensors', menu: { group: 'Manage', label: 'menu.generateTokens' } },
  // Admin
  { name: 'Users', path: '/users', permission: 'admin_view_users', menu: { group: 'Admin', label: 'menu.users' } },
  { name: 'Roles', path: '/users/roles', permission: 'admin_view_roles', menu: { group: 'Admin', label: 'menu.roles' } },
  { name: 'LogsAdmin', path: '/logs/admin', permission: 'admin_view_logs', menu: { group: 'Admin', label: 'menu.systemLogs' } },
  { name: 'Integrations', path: '/users/integrations', permission: 'admin_view_tokens', menu: { group: 'Admin', label: 'menu.integrations' } },
  // Personal
  { name: 'LogsPersonal', path: '/logs/personal', permission: 'view_logs', menu: { group: 'Personal', label: 'menu.personalLogs' } },
  { name: 'ApiManager', path: '/users/api', permission: 'use_tokens', menu: { group: 'Personal', label: 'menu.apiManager' } },
  // Updaters
  { name: 'DeploymentsGsmVersions', path: '/deployments/gsm/versions', permission: 'view_versions', menu: { group: 'Updater GSM', label: 'menu.versions' } },
  { name: 'DeploymentsGsmIndex', path: '/deployments/gsm', permission: 'view_deployments', menu: { group: 'Updater GSM', label: 'menu.deployments' } },
  { name: 'SensorStatus', path: '/sensors/status', permission: 'view_sensors', menu: { group: 'Updater GSM', label: 'menu.sensorStatus' } },
  { name: 'DeploymentsGen3Versions', path: '/deployments/gen3/versions', permission: 'view_versions', menu: { group: 'Updater Gen3', label: 'menu.versions' } },
  { name: 'DeploymentsGen3Index', path: '/deployments/gen3', permission: 'view_deployments', menu: { group: 'Updater Gen3', label: 'menu.deployments' } },
  { name: 'DeploymentsWifiIndex', path: '/deployments/wifi', permission: 'view_deployments', menu: { group: 'Updater Wi-Fi', label: 'menu.deployments' } },
  // Hidden routes
  { name: 'SensorsHistory', path: '/sensors/:id/history', permission: 'view_history_sensor' },
  { name: 'InstallationsHistory', path: '/installations/:id/history', permission: 'view_history_sensor' },
  { name: 'ContractorsHistory', path: '/contractors/:id/history', permission: 'view_history_contractor' },
  { name: 'ContractorsCreate', path: '/contractors/create', permission: 'add_contractors' },
  { name: 'InstallationRequest', path: '/installation-requests/:requestId', permission: 'view_installation_requests' },
  { name: 'InstallationsReinstallation', path: '/installations/reinstallation/:installationId', permission: 'move_installation' },
  { name: 'AdpUsersCreate', path: '/adp-users/create', permission: 'add_panel_users' },
  { name: 'DeploymentsGsmVersionsCreate', path: '/deployments/gsm/versions/create', permission: 'add_versions' },
  { name: 'DeploymentsGsmCreate', path: '/deployments/gsm/create', permission: 'add_deployments' },
  { name: 'DeploymentsGsmSensors', path: '/deployments/gsm/:id/sensors', permission: 'view_deployments' },
  { name: 'DeploymentsWifiCreate', path: '/deployments/wifi/create', permission: 'add_deployments' },
  { name: 'DeploymentsWifiSensors', path: '/deployments/wifi/:id/sensors', permission: 'view_deployments' },
  { name: 'DeploymentsWifiSensorsBinaries', path: '/deployments/wifi/:id/sensors/:binary', permission: 'view_deployments' },
  { name: 'DeploymentsGen3Create', path: '/deployments/gen3/create', permission: 'add_deployments' },
  { name: 'DeploymentsGen3VersionsCreate', path: '/deployments/gen3/versions/create', permission: 'add_versions' },
  { name: 'DeploymentsGen3Version', path: '/deployments/gen3/versions/:version', permission: 'view_versions' },
  { name: 'DeploymentsGen3VersionBinaries', path: '/deployments/gen3/versions/:version/binaries', permission: 'view_versions' },
  { name: 'DeploymentsGen3VersionBinariesCreate', path: '/deployments/gen3/versions/:version/binaries/create', permission: 'add_versions' },
  { name: 'PreferencesPresets', path: '/preferences/presets' },
  { name: 'PreferencesQueriesSensors', path: '/preferences/queries/sensors' },
  { name: 'PreferencesQueriesInstallations', path: '/preferences/queries/installations' },
  { name: 'QueryLanguageHelp', path: '/help/query-language' },
];

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
  return permissions.can('view_installations') ? '/installations' : '/sensors';
}

export function canOpen(permissions: PermissionSet, pathname: string): boolean {
  const route = findRoute(pathname);
  return route ? permissions.can(route.permission) : true;
}
