/**
 * The declarative list of resources: which service and path serve each one, how its list
 * response is enveloped, which permission each action and field needs, how it is searched.
 * Adding a resource is adding an entry here (and its views in registry.tsx).
 */
import type { PermissionRule } from '../../common/permissions';
import type { ServiceName } from '../config';

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

export interface ListEnvelope {
  data: Record<string, unknown>[];
  total: number;
}

export interface ResourceDefinition {
  /** react-admin resource name; also its route path without the leading slash. */
  name: string;
  service: ServiceName;
  /** List path on the service. */
  endpoint: string;
  /** Reads rows and total out of the list response. */
  envelope: (body: unknown) => ListEnvelope;
  /** Query parameter names of the list call (they differ per service). */
  listQuery?: 'main' | 'gen3' | 'apiusers' | 'plain';
  access: Partial<Record<Action, PermissionRule>>;
  /** Column/field permissions, read by `canAccess({ resource: 'name.field' })`. */
  fields?: Record<string, PermissionRule>;
  /** Toolbar search: plain text, or plain plus the advanced query language. */
  search?: 'plain' | 'advanced';
  perPageOptions?: readonly number[];
  perPage?: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

type Obj = Record<string, unknown>;
const dig = (body: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((acc, key) => (acc && typeof acc === 'object' ? (acc as Obj)[key] : undefined), body);

/** `{ data: { <key>: [...] }, meta: { totalCount } }` — the main API's list envelope. */
export const mainEnvelope =
  (key: string) =>
  (body: unknown): ListEnvelope => {
    const data = (dig(body, 'data', key) as Obj[] | undefined) ?? [];
    return { data, total: Number(dig(body, 'meta', 'totalCount') ?? data.length) };
  };

/** `{ data: [...], totalCount }` — the Gen3 and GSM updaters' envelope. */
export const dataTotalEnvelope = (body: unknown): ListEnvelope => {
  const data = (dig(body, 'data') as Obj[] | undefined) ?? [];
  return { data, total: Number(dig(body, 'totalCount') ?? data.length) };
};

const tagResource = (ctx: 'installation' | 'sensor' | 'contractor', plural: string): ResourceDefinition => ({
  name: `${plural}/tags`,
  service: 'main',
  endpoint: `/${plural}/tags`,
  envelope: (body) => {
    const data = (Array.isArray(body) ? body : ((dig(body, 'data', 'tags') ?? dig(body, 'data')) as Obj[])) ?? [];
    return { data, total: data.length };
  },
  listQuery: 'plain',
  access: {
    list: ['view_tags', `view_${ctx}_tags`, `view_${ctx}_tag_<n>`],
    create: ['add_tags', `add_${ctx}_tags`],
    edit: ['modify_tags', `modify_${ctx}_tags`],
    delete: ['remove_tags', `remove_${ctx}_tags`],
  },
});

export const RESOURCES: readonly ResourceDefinition[] = [
  {
    name: 'installations',
    service: 'main',
    endpoint: '/installations',
    envelope: mainEnvelope('installations'),
    access: { list: 'view_installations', edit: 'view_installations', export: 'view_installations' },
    fields: {
      sensorToken: 'view_sensortoken',
      communication: 'view_communication',
      contractorName: 'view_contractors',
      hsName: 'view_contractors_company',
      address: 'view_address',
      contactFullName: ['view_contact', 'view_contact_name'],
      contactEmail: ['view_contact', 'view_contact_email'],
      contactPhoneNumber: ['view_contact', 'view_contact_phone'],
    },
    search: 'advanced',
    sort: { field: 'installationId', order: 'ASC' },
  },
  {
    name: 'installation-requests',
    service: 'main',
    endpoint: '/installations/requests/',
    envelope: mainEnvelope('requests'),
    access: { list: 'view_installation_requests', show: 'view_installation_requests', edit: 'modify_installation_requests' },
    search: 'plain',
    perPageOptions: [50, 100, 200],
    perPage: 50,
    sort: { field: 'createdAt', order: 'ASC' },
  },
  {
    name: 'sensors',
    service: 'main',
    endpoint: '/sensors',
    envelope: mainEnvelope('sensors'),
    access: { list: 'view_sensors', create: 'add_sensors', edit: 'edit_sensors_status', delete: 'remove_sensors', export: 'view_sensors' },
    fields: {
      sensorToken: 'view_sensortoken',
      communication: 'view_communication',
      contractorName: ['view_contractors', 'view_owner'],
    },
    search: 'advanced',
    sort: { field: 'id', order: 'ASC' },
  },
  {
    name: 'contractors',
    service: 'main',
    endpoint: '/contractors',
    envelope: mainEnvelope('contractors'),
    access: { list: 'view_contractors', create: 'add_contractors', edit: 'edit_contractors', export: 'view_contractors' },
    fields: { hsId: 'view_contractors_company', hsName: 'view_contractors_company' },
    search: 'advanced',
    perPageOptions: [10, 20, 50, 100, 1000, 2000, 5000],
    sort: { field: 'id', order: 'ASC' },
  },
  {
    name: 'adp-users',
    service: 'adp',
    endpoint: '/admin/users',
    envelope: mainEnvelope('users'),
    access: { list: 'view_panel_users', create: 'add_panel_users', edit: 'edit_panel_users', delete: 'remove_panel_users', export: 'view_panel_users' },
    fields: { contractorName: 'view_contractors_adp_users', plan: 'view_plans' },
    search: 'plain',
    perPageOptions: [20, 50, 100, 1000],
    perPage: 20,
    sort: { field: 'id', order: 'ASC' },
  },
  {
    name: 'api-users',
    service: 'apiusers',
    endpoint: '/users',
    envelope: (body) => {
      const data = ((dig(body, 'users') as Obj[] | undefined) ?? []) as Obj[];
      return { data, total: Number(dig(body, 'totalUsers') ?? data.length) };
    },
    listQuery: 'apiusers',
    access: { list: 'view_api_users', edit: 'edit_api_users', export: 'view_api_users' },
    search: 'plain',
    perPageOptions: [10, 50, 100, 200],
    sort: { field: 'id', order: 'ASC' },
  },
  tagResource('installation', 'installations'),
  tagResource('sensor', 'sensors'),
  tagResource('contractor', 'contractors'),
  {
    name: 'users',
    service: 'main',
    endpoint: '/admin/users',
    envelope: (body) => {
      const data = (dig(body, 'data', 'data') as Obj[] | undefined) ?? [];
      return { data, total: data.length };
    },
    listQuery: 'plain',
    access: { list: 'admin_view_users', edit: 'admin_edit_users' },
    search: 'plain',
  },
  {
    name: 'deployments/gsm/versions',
    service: 'gsm',
    endpoint: '/versions',
    envelope: dataTotalEnvelope,
    listQuery: 'gen3',
    access: { list: 'view_versions', create: 'add_versions', edit: 'add_versions' },
    search: 'plain',
    sort: { field: 'version', order: 'DESC' },
  },
  {
    name: 'deployments/gsm',
    service: 'gsm',
    endpoint: '/deployments',
    envelope: dataTotalEnvelope,
    listQuery: 'gen3',
    access: { list: 'view_deployments', create: 'add_deployments', delete: 'free_deployments' },
    perPageOptions: [10, 20, 50, 100, 1000],
    sort: { field: 'id', order: 'DESC' },
  },
  {
    name: 'deployments/wifi',
    service: 'wifi',
    endpoint: '/deployments',
    envelope: dataTotalEnvelope,
    listQuery: 'gen3',
    access: { list: 'view_deployments', create: 'add_deployments' },
    perPageOptions: [10, 20, 50, 100, 1000],
    sort: { field: 'id', order: 'DESC' },
  },
  {
    name: 'deployments/gen3',
    service: 'gen3',
    endpoint: '/deployments',
    envelope: dataTotalEnvelope,
    listQuery: 'gen3',
    access: { list: 'view_deployments', create: 'add_deployments' },
    perPageOptions: [10, 20, 50, 100],
    sort: { field: 'id', order: 'DESC' },
  },
  {
    name: 'deployments/gen3/versions',
    service: 'gen3',
    endpoint: '/versions',
    envelope: dataTotalEnvelope,
    listQuery: 'gen3',
    access: { list: 'view_versions', create: 'add_versions' },
    perPageOptions: [10, 20, 50, 100],
    sort: { field: 'id', order: 'DESC' },
  },
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));

export function resourceDefinition(name: string): ResourceDefinition {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown resource "${name}"`);
  return def;
}

export function findResource(name: string): ResourceDefinition | undefined {
  return byName.get(name);
}
