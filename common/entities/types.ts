/**
 * The shape of an entity declaration: every fact about one resource written once — its fields
 * (type, English label, the permission that reveals it, sort, search, query language, list column,
 * CSV), the permission of each action, and the service and endpoint that serve it.
 *
 * Everything else derives from these declarations (common/entities/derive.ts): the query-language
 * catalogues, the installation preset columns, the console's list columns, routes, menu, guard and
 * `canAccess`, the English resource messages, and on the server the field gating of JSON rows, CSV
 * exports and query fields, and the generic list endpoint of declaration-only resources.
 */
import type { TagContext } from '../domain';
import type { PermissionRule } from '../permissions';
import { QUERY_FIELD_TYPES } from '../query/fieldTypes';

/** The services of the spec; each has its base URL in the console's runtime configuration. */
export type ServiceName = 'main' | 'adp' | 'apiusers' | 'gsm' | 'wifi' | 'gen3' | 'resources';

/** The service that answers every resource added by configuration (RESOURCES_DIR), in the simple REST dialect. */
export const CONFIGURED_SERVICE = 'resources' satisfies ServiceName;

export type Action =
  | 'list'
  | 'show'
  | 'create'
  | 'edit'
  | 'delete'
  | 'export'
  // Actions beyond react-admin's own, declared where an entity has them (components ask
  // `useCanAccess({ resource, action })` for them like for the standard ones).
  | 'changeStatus'
  | 'restart'
  | 'halt'
  | 'history'
  | 'logout'
  | 'reinstall'
  | 'suspend'
  | 'unsuspend'
  // Everyone's records rather than one's own (tokens).
  | 'listAll'
  | 'createAny'
  | 'deleteAny'
  // The tag editors of a whole context (the order form), beyond listing single tags.
  | 'viewAll';

/** Query-language types, plus shapes that are shown but not queried. */
export const FIELD_TYPES = [...QUERY_FIELD_TYPES, 'json', 'list', 'location', 'actions'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const MENU_GROUPS = [
  'Domain',
  'Manage',
  'Admin',
  'Personal',
  'Updater GSM',
  'Updater Gen3',
  'Updater Wi-Fi',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Sidebar icons by name; the console maps each name to an icon component (src/layout/menuIcons.tsx). */
export const MENU_ICON_NAMES = [
  'place',
  'assignment',
  'sensors',
  'handshake',
  'badge',
  'key',
  'localOffer',
  'sell',
  'style',
  'qrCode',
  'people',
  'adminPanel',
  'receipt',
  'integration',
  'history',
  'token',
  'systemUpdate',
  'rocket',
  'monitorHeart',
  'memory',
  'quarantine',
] as const;
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export interface FieldDecl {
  /** Name in the API row and in the query language; also the translation key's last segment. */
  readonly name: string;
  readonly type: FieldType;
  /** English label; the message `resources.<entity>.fields.<name>` is derived from it. */
  readonly label: string;
  /** Longer English description for the query-language help (default: the label). */
  readonly description?: string;
  /** Allowed values of an enum or set field. */
  readonly values?: readonly string[];
  /** Without it the field does not exist for the caller: not in rows, CSV, columns or queries. */
  readonly permission?: PermissionRule;
  /** Who may change the value in place (inline editors); absent: not editable in the list. */
  readonly edit?: PermissionRule;
  /** Accepted as sortBy (default: scalar types). */
  readonly sortable?: boolean;
  /** Included in SEARCH("…") (text by substring, integers exactly). */
  readonly search?: boolean;
  /** Queryable in the query language (default: true for query types on entities that have one). */
  readonly query?: boolean;
  /** A list column: shown by default, optional (offered by the columns button), or not a column. */
  readonly column?: boolean | 'optional';
  /** A column of the CSV export (default: when it is a column). */
  readonly csv?: boolean;
  /** Where the value sits in the API row, when not at `name` (e.g. `plan.displayName`). */
  readonly source?: string;
  /** Part of the API row (default); false for query-only fields such as a sensor's createdAt. */
  readonly inRow?: boolean;
  /** Polish label (`resources.<entity>.fields.<name>` in pl); absent: not translated yet. */
  readonly labelPl?: string;
  /** Polish description for the query-language help (default: the Polish label). */
  readonly descriptionPl?: string;

  // Writes: the create and edit forms and the request schema derived from them (./schema.ts).
  /** In the create and edit forms (true), only in the create form ('create'), or in neither (default). */
  readonly form?: boolean | 'create';
  /** A value is needed on create (and may not be cleared on edit). */
  readonly required?: boolean;
  /** Longest accepted text, in characters (default for text: 255). */
  readonly maxLength?: number;
  /** Smallest and largest accepted number. */
  readonly min?: number;
  readonly max?: number;
  /** A regular expression (source, anchored when checked) that a text value must match. */
  readonly pattern?: string;
  /** The value is the integer id of a row of this entity (its name), chosen from its list in forms. */
  readonly reference?: string;
}

/** Where the rows and the total sit in a list response (dotted paths; '' is the body itself). */
export interface Envelope {
  readonly rows: string;
  /** Absent: the number of rows. */
  readonly total?: string;
}

/** Query parameters of the list call, which differ per service. */
export type ListQueryStyle = 'main' | 'paged' | 'plain';

export interface EntityDecl {
  /** react-admin resource name; also its route path without the leading slash. */
  readonly name: string;
  /** English plural name: menu entry, list title and `resources.<name>.name`. */
  readonly label: string;
  /** Polish plural name (`resources.<name>.name` in pl). */
  readonly labelPl?: string;
  /** One record's name, in English and Polish (`resources.<name>.one`: create and edit titles); default: the plural. */
  readonly labelOne?: string;
  readonly labelOnePl?: string;
  readonly service: ServiceName;
  /** List path on the service. */
  readonly endpoint: string;
  readonly envelope: Envelope;
  /** main: page/limit/sortBy/order/query; paged: page/limit/sortBy/order/search; plain: unpaged, search only. */
  readonly listQuery: ListQueryStyle;
  readonly access: Readonly<Partial<Record<Action, PermissionRule>>>;
  readonly fields: readonly FieldDecl[];
  /** Toolbar search: plain text, or plain plus the advanced query language. */
  readonly search?: 'plain' | 'advanced';
  /** The query-language catalogue this entity defines. */
  readonly query?: { readonly entity: string; readonly label: string };
  /** Context of `tag.<name>` fields and tag columns. */
  readonly tagContext?: TagContext;
  readonly sort?: { readonly field: string; readonly order: 'ASC' | 'DESC' };
  readonly perPage?: number;
  readonly perPageOptions?: readonly number[];
  /** The index route (path `/<name>`), named as the spec names it, and its sidebar placement. */
  readonly route: {
    readonly name: string;
    readonly menu?: { readonly group: MenuGroup; readonly icon: MenuIconName; readonly badge?: 'openRequests' };
  };
  /**
   * Declaration-only resources: served by the server's generic list endpoint straight from this
   * table (its drizzle columns named like the fields), no route code of its own.
   */
  readonly storage?: { readonly table: string };
  /**
   * Resources added by configuration only: served by another service speaking a simple REST
   * dialect (json-server's or ra-data-simple-rest's; the total in X-Total-Count or Content-Range). The backend proxies it under its own mount with the declared permissions; the
   * credential (sent as `Authorization: Bearer …`) is read from the environment variable named here.
   */
  readonly remote?: {
    readonly url: string;
    readonly credentialEnv?: string;
    readonly timeoutMs?: number;
    /**
     * How the service reads a list call: json-server's `_start`/`_end`/`_sort`/`_order`/`<field>=`
     * (default), or ra-data-simple-rest's `range`/`sort`/`filter` (JSON).
     */
    readonly dialect?: 'json-server' | 'simple-rest';
  };
}

/** Declares an entity; `const` keeps field names literal for typed lookups. */
export function defineEntity<const E extends EntityDecl>(entity: E): E {
  return entity;
}

/** A field declaration: `field('installationId', 'integer', 'Installation ID', { search: true })`. */
export function field(
  name: string,
  type: FieldType,
  label: string,
  extra: Omit<FieldDecl, 'name' | 'type' | 'label'> = {},
): FieldDecl {
  return { name, type, label, ...extra };
}

/** A list's row-actions column (its cell is the screen's): not queried, sorted or exported. */
export function actionsField(column: true | 'optional' = true): FieldDecl {
  return field('actions', 'actions', 'Actions', {
    labelPl: 'Akcje',
    query: false,
    sortable: false,
    column,
    csv: false,
  });
}
