/**
 * The permission catalogue and the ONE matcher used by the backend (route guards) and the
 * console (routes, menu entries, columns, buttons).
 *
 * Names are compared case-insensitively. A rule is a single name, a pattern with a numeric
 * placeholder (`view_sensor_tag_<n>`), or a list of those (any one suffices).
 */
import { FACTOR_PARAMS, MEASURED_PARAMS } from './domain';

export type PermissionGroup = 'View' | 'Modify' | 'Admin' | 'Other';

const lower = (s: string) => s.toLowerCase();

type ViewParam = (typeof MEASURED_PARAMS)[number] | 'ox';
const VIEW_PARAMS: readonly ViewParam[] = [...MEASURED_PARAMS, 'ox'];

/** Every concrete permission named in the specification. Patterns are listed in PERMISSION_PATTERNS. */
export const PERMISSIONS = [
  // View
  'view_installations',
  'view_installation_requests',
  'view_sensors',
  'view_contractors',
  'view_panel_users',
  'view_api_users',
  'view_tags',
  'view_installation_tags',
  'view_sensor_tags',
  'view_contractor_tags',
  'view_versions',
  'view_deployments',
  'view_logs',
  'view_history_sensor',
  'view_history_installation',
  'view_history_contractor',
  'view_measured',
  'view_contractors_company',
  'view_contractors_adp_users',
  'view_plans',
  'view_sensortoken',
  'view_communication',
  'view_owner',
  'view_address',
  'view_contact',
  'view_contact_name',
  'view_contact_email',
  'view_contact_phone',
  ...VIEW_PARAMS.map((p) => `view_${p}` as const),
  ...VIEW_PARAMS.map((p) => `view_${p}_factors` as const),
  // Modify
  'add_sensors',
  'edit_sensors_status',
  'remove_sensors',
  'edit_factors',
  ...FACTOR_PARAMS.map((p) => `edit_${p}_factors` as const),
  'add_tags',
  'modify_tags',
  'remove_tags',
  'edit_tags',
  'add_sensor_tags',
  'modify_sensor_tags',
  'remove_sensor_tags',
  'edit_sensor_tags',
  'add_installation_tags',
  'modify_installation_tags',
  'remove_installation_tags',
  'edit_installation_tags',
  'add_contractor_tags',
  'modify_contractor_tags',
  'remove_contractor_tags',
  'edit_contractor_tags',
  'edit_visibility',
  'edit_visible_by',
  'edit_contact',
  'edit_contact_full_name',
  'edit_contact_email',
  'edit_contact_phone_number',
  'edit_address',
  'edit_alternative_address',
  'modify_installation_requests',
  'add_installation_requests_images',
  'add_contractors',
  'edit_contractors',
  'edit_contractor_company',
  'add_panel_users',
  'remove_panel_users',
  'edit_panel_users',
  'edit_contractors_adp_users',
  'edit_panel_users_password',
  'edit_panel_user_settings_sector',
  'edit_panel_users_plans_and_trials',
  'toggle_panel_users',
  'edit_api_users',
  'edit_api_users_limit_standard',
  'edit_api_users_limit_samples',
  'edit_api_users_contractor',
  'edit_api_users_internal',
  'add_deployments',
  'add_versions',
  // Admin
  'admin_view_users',
  'admin_edit_users',
  'admin_logout_users',
  'admin_view_roles',
  'admin_edit_roles',
  'admin_add_roles',
  'admin_remove_roles',
  'admin_view_logs',
  'admin_view_tokens',
  'admin_use_tokens',
  'admin_deactivate_tokens',
  // Other
  'use_tokens',
  'restart_sensors',
  'suspend_sensors',
  'unsuspend_sensors',
  'move_installation',
  'halt_deployments',
  'free_deployments',
] as const;

/** A permission of the catalogue: a typo in a rule does not compile. */
export type Permission = (typeof PERMISSIONS)[number];

/** Per-record permission families; `<n>` stands for a numeric id (a tag id). */
export const PERMISSION_PATTERNS = [
  'view_sensor_tag_<n>',
  'edit_sensor_tag_<n>',
  'view_installation_tag_<n>',
  'edit_installation_tag_<n>',
  'view_contractor_tag_<n>',
  'edit_contractor_tag_<n>',
] as const;
export type PermissionPattern = (typeof PERMISSION_PATTERNS)[number];

/** An instance of a per-record family: `view_sensor_tag_12`. */
export type PermissionInstance = PermissionPattern extends `${infer Head}<n>` ? `${Head}${number}` : never;
type Instances<P> = P extends `${infer Head}<n>` ? `${Head}${number}` : never;

/** A name a rule may use: a catalogue permission, a pattern, or an instance of one. */
export type PermissionName = Permission | PermissionPattern | Instances<PermissionPattern>;

/** A single name, or a list of names of which any one suffices. */
export type PermissionRule = PermissionName | readonly PermissionName[];

const PERMISSION_SET = new Set<string>(PERMISSIONS);
const patternCache = new Map<string, RegExp>();

function patternOf(rule: string): RegExp | undefined {
  if (!rule.includes('<')) return undefined;
  let re = patternCache.get(rule);
  if (!re) {
    const source = lower(rule)
      .split(/<[a-z]+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\d+');
    re = new RegExp(`^${source}$`);
    patternCache.set(rule, re);
  }
  return re;
}

/**
 * Permissions named by resources added by configuration (RESOURCES_DIR declarations), beyond the
 * catalogue: registered at start on the server and when the console learns the declarations, so
 * roles may grant them, the roles editor offers them and the admin role holds them.
 */
const registered = new Set<string>();

/** Adds permission names of configured resources; names of the catalogue are left as they are. */
export function registerPermissions(names: Iterable<string>): void {
  for (const name of names) if (!PERMISSION_SET.has(lower(name)) && !name.includes('<')) registered.add(lower(name));
}

/** The permissions registered by configured resources, sorted. */
export function registeredPermissions(): string[] {
  return [...registered].sort();
}

/** The catalogue followed by the permissions of configured resources: what a role may hold. */
export function allPermissions(): string[] {
  return [...PERMISSIONS, ...registeredPermissions()];
}

/** True when the name is in the catalogue, is an instance of a per-record pattern or names a configured resource's permission. */
export function isKnownPermission(name: string): boolean {
  const n = lower(name);
  return PERMISSION_SET.has(n) || registered.has(n) || PERMISSION_PATTERNS.some((p) => patternOf(p)!.test(n));
}

export function permissionGroup(name: string): PermissionGroup {
  const n = lower(name);
  if (n.startsWith('view')) return 'View';
  if (/^(edit|add|modify|toggle|remove)/.test(n)) return 'Modify';
  if (n.startsWith('admin')) return 'Admin';
  return 'Other';
}

/** Rule answers a permission set remembers. */
const MAX_ANSWERS = 512;

/** A user's held permissions, normalised once, queried many times. */
export class PermissionSet {
  private readonly names: Set<string>;

  constructor(held: Iterable<string>) {
    this.names = new Set([...held].map(lower));
  }

  /** Does the holder satisfy the rule? A list means any one suffices. */
  can(rule: PermissionRule | undefined): boolean {
    return this.holds(rule);
  }

  /**
   * The same question for names that come from data (a token's scope, a role being edited, a
   * parameter read from a request) rather than from code: not checked against the catalogue's type.
   */
  holds(rule: string | readonly string[] | undefined): boolean {
    if (rule === undefined) return true;
    if (typeof rule !== 'string') return rule.some((r) => this.holds(r));
    let held = this.answers.get(rule);
    if (held === undefined) {
      held = this.decide(rule);
      // A list asks the same few rules for every row; names read from requests do not pile up.
      if (this.answers.size < MAX_ANSWERS) this.answers.set(rule, held);
    }
    return held;
  }

  /** The names are fixed, so each rule's answer is worked out once (a pattern tests every name). */
  private readonly answers = new Map<string, boolean>();

  private decide(rule: string): boolean {
    const re = patternOf(rule);
    if (!re) return this.names.has(lower(rule));
    for (const name of this.names) if (re.test(name)) return true;
    return false;
  }

  get list(): string[] {
    return [...this.names].sort();
  }

  get size(): number {
    return this.names.size;
  }
}

export function can(held: Iterable<string> | PermissionSet, rule: PermissionRule | undefined): boolean {
  return (held instanceof PermissionSet ? held : new PermissionSet(held)).can(rule);
}

/** Role permissions are stored as a map name → granted; this lists the granted names. */
export function grantedNames(map: Record<string, boolean>): string[] {
  return Object.entries(map)
    .filter(([, granted]) => granted)
    .map(([name]) => lower(name));
}

export const ADMIN_ROLE = 'admin';
export const DEFAULT_ROLE = 'default';

/** Readable role label: the default role shows as 'User'. */
export function roleLabel(role: string | undefined | null): string {
  if (!role) return 'User';
  if (lower(role) === DEFAULT_ROLE) return 'User';
  return role
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

const views = PERMISSIONS.filter((p) => p.startsWith('view'));

/** Built-in and demo roles. `admin` always holds the whole catalogue. */
export const BUILT_IN_ROLES: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  default: ['view_installations', 'view_sensors', 'use_tokens'],
  viewer: views.filter((p) => p !== 'view_logs'),
  technician: [
    ...views.filter((p) => !/panel|adp|api_users|plans|company/.test(p)),
    'add_sensors',
    'edit_sensors_status',
    'remove_sensors',
    'edit_factors',
    ...FACTOR_PARAMS.map((p) => `edit_${p}_factors` as const),
    'edit_tags',
    'edit_sensor_tags',
    'edit_installation_tags',
    'edit_visibility',
    'edit_visible_by',
    'edit_contact',
    'edit_address',
    'edit_alternative_address',
    'modify_installation_requests',
    'add_installation_requests_images',
    'restart_sensors',
    'suspend_sensors',
    'unsuspend_sensors',
    'move_installation',
    'add_deployments',
    'add_versions',
    'halt_deployments',
    'free_deployments',
    'use_tokens',
  ],
  sales: [
    'view_installations',
    'view_sensors',
    'view_contractors',
    'view_contractor_tags',
    'view_history_contractor',
    'view_contractors_company',
    'view_contractors_adp_users',
    'view_panel_users',
    'view_api_users',
    'view_plans',
    'view_logs',
    'add_contractors',
    'edit_contractors',
    'edit_contractor_company',
    'edit_contractor_tags',
    'add_panel_users',
    'remove_panel_users',
    'edit_panel_users',
    'edit_contractors_adp_users',
    'edit_panel_users_password',
    'edit_panel_user_settings_sector',
    'edit_panel_users_plans_and_trials',
    'toggle_panel_users',
    'edit_api_users',
    'edit_api_users_limit_standard',
    'edit_api_users_limit_samples',
    'edit_api_users_contractor',
    'use_tokens',
  ],
};

/** Who may see one parameter's calibration factors (a parameter name read from data). */
export const factorViewRule = (param: string): string => `view_${param}_factors`;
/** Who may change one parameter's factors (the server accepts FACTOR_PARAMS only). */
export const factorEditRule = (param: string): string[] => ['edit_factors', `edit_${param}_factors`];

// ---------------------------------------------------------------------------------------------
// Granting and assigning: who may hand out which permissions (roles, role assignments, tokens).
// ---------------------------------------------------------------------------------------------

const PER_RECORD = /^(view|edit)_(sensor|installation|contractor)_tag_\d+$/;

/**
 * The permissions that cover every record of a per-record instance: `view_sensor_tag_12` is
 * covered by `view_tags` and `view_sensor_tags` (tagPermissions.ts reads them the same way).
 * Empty for any other name.
 */
export function familyOf(name: string): string[] {
  const m = PER_RECORD.exec(lower(name));
  return m ? [`${m[1]}_tags`, `${m[1]}_${m[2]}_tags`] : [];
}

/**
 * May the holder grant this permission (put it into a role or a token, or assign a role holding
 * it)? Nobody grants what they do not hold: the name itself, or — for a per-record instance — a
 * permission that covers its whole family.
 */
export function canGrant(held: PermissionSet, name: string): boolean {
  return held.holds(name) || held.holds(familyOf(name));
}

/** The names (lowercased, once each, sorted) the holder may not grant; empty when all may be. */
export function ungrantable(held: PermissionSet, names: Iterable<string>): string[] {
  return [...new Set([...names].map(lower))].filter((n) => !canGrant(held, n)).sort();
}

/** Who is asking: their role's name and what they hold now (a token holds only its scope). */
export interface Grantor {
  role: string;
  permissions: PermissionSet;
}

/** Why a role may not be assigned by someone: only admins assign `admin`; nobody assigns more than they hold. */
export type AssignRefusal = { reason: 'adminOnly' } | { reason: 'beyond'; names: string[] };

/**
 * May the grantor assign this role (its granted permission names) to a user? Null when they may;
 * otherwise why not. The admin role holds the whole catalogue, so an admin's token lacking any of
 * it cannot assign it either.
 */
export function roleAssignRefusal(
  grantor: Grantor,
  role: { name: string; permissions: readonly string[] },
): AssignRefusal | null {
  if (lower(role.name) === ADMIN_ROLE && lower(grantor.role) !== ADMIN_ROLE) return { reason: 'adminOnly' };
  const names = ungrantable(grantor.permissions, lower(role.name) === ADMIN_ROLE ? PERMISSIONS : role.permissions);
  return names.length ? { reason: 'beyond', names } : null;
}

/** The role a grantor holds is theirs to use, not to change: compared case-insensitively. */
export const isOwnRole = (grantor: Pick<Grantor, 'role'>, roleName: string): boolean =>
  lower(grantor.role) === lower(roleName);
