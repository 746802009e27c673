/**
 * The queryable fields of each list (sensors, installations, contractors, installation requests),
 * named as the specification names the entity's fields, with their types. The server maps each
 * field to SQL (server/query/catalogues.ts); the console uses these for completion and the help page.
 *
 * Tags are queried as `tag.<name>` (quote names with spaces: `tag."Roof type"`); their type comes
 * from the tag definition at run time (see `tagField`).
 */
import {
  CALIBRATION_PARAMS,
  CLIENT_TYPES,
  COMMUNICATIONS,
  CONTRACTOR_TYPES,
  MEASURED_PARAMS,
  REQUEST_STATES,
  REQUEST_TYPES,
  SENSOR_STATUSES,
  type TagContext,
  type TagType,
} from '../domain';
import { PermissionSet, type PermissionRule } from '../permissions';

/**
 * - integer / number: `=`, `!=`, `<`, `<=`, `>`, `>=`, `in`; values are numbers.
 * - string: also `~` / `!~` (contains, case-insensitive); values are "strings", bare words or numbers.
 * - boolean: `=`, `!=`, `in`; values true / false.
 * - date (a calendar date) and datetime (an instant): comparisons with ISO dates, quoted dates
 *   and `now() ± <duration>`; a date without a time against a datetime field means that whole day (UTC).
 * - enum: `=`, `!=`, `in`, `not in` with one of `values` (case-insensitive, bare or quoted).
 * - set (a list such as measured): `measured = pm25` — the list contains pm25; `in (a, b)` — contains any.
 * Every field also accepts `= null` / `!= null`.
 */
export type FieldType = 'integer' | 'number' | 'string' | 'boolean' | 'date' | 'datetime' | 'enum' | 'set';

export interface FieldDef {
  name: string;
  type: FieldType;
  /** Allowed values of an enum or set field. */
  values?: readonly string[];
  /** Without this permission the field does not exist for the caller (nor is it searched). */
  permission?: PermissionRule;
  /** Included in SEARCH("…"): text fields by substring, integer fields by exact number. */
  search?: boolean;
  description: string;
}

export type EntityName = 'sensors' | 'installations' | 'contractors' | 'requests';

export interface Catalogue {
  entity: EntityName;
  /** Human name of the rows, for messages: "sensors". */
  label: string;
  fields: readonly FieldDef[];
  /** Context of `tag.<name>` fields; absent when the entity has no tags. */
  tagContext?: TagContext;
}

/** A tag definition as the tags endpoints return it. */
export interface TagDef {
  id: number;
  name: string;
  type: TagType | string;
  values?: readonly string[] | null;
}

const f = (name: string, type: FieldType, description: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type,
  description,
  ...extra,
});

const CONTACT_NAME: PermissionRule = ['view_contact', 'view_contact_name'];
const CONTACT_EMAIL: PermissionRule = ['view_contact', 'view_contact_email'];
const CONTACT_PHONE: PermissionRule = ['view_contact', 'view_contact_phone'];
const ADDRESS: PermissionRule = 'view_address';

export const SENSOR_CATALOGUE: Catalogue = {
  entity: 'sensors',
  label: 'sensors',
  tagContext: 'sensors',
  fields: [
    f('id', 'integer', 'Sensor ID', { search: true }),
    f('currentInstallationId', 'integer', 'Installation ID of the current installation', { search: true }),
    f('installationId', 'integer', 'Same as currentInstallationId'),
    f('sensorToken', 'string', 'Sensor token', { permission: 'view_sensortoken', search: true }),
    f('communication', 'enum', 'Communication module', { values: COMMUNICATIONS, permission: 'view_communication' }),
    f('status', 'enum', 'Sensor status', { values: SENSOR_STATUSES, search: true }),
    f('measured', 'set', 'Measured parameters (measured = pm25: the sensor measures pm25)', {
      values: MEASURED_PARAMS,
    }),
    f('contractorId', 'integer', 'Contractor ID'),
    f('contractorName', 'string', 'Contractor name', { search: true }),
    f('firmwareVersion', 'string', 'Firmware version', { search: true }),
    f('createdAt', 'datetime', 'When the sensor was ordered'),
    f('retiredAt', 'datetime', 'When the sensor was retired'),
    f('lastMeasurement', 'datetime', 'Time of the last measurement'),
  ],
};

const ADDRESS_PARTS = ['country', 'state', 'city', 'street', 'number'] as const;
const ADDRESS_LABEL: Record<(typeof ADDRESS_PARTS)[number], string> = {
  country: 'Country',
  state: 'State or region',
  city: 'City',
  street: 'Street',
  number: 'House number',
};

export const INSTALLATION_CATALOGUE: Catalogue = {
  entity: 'installations',
  label: 'installations',
  tagContext: 'installations',
  fields: [
    f('id', 'integer', 'Row ID of the installation record'),
    f('installationId', 'integer', 'Installation ID', { search: true }),
    f('predecessorId', 'integer', 'Installation ID of the previous installation of the sensor'),
    f('successorId', 'integer', 'Installation ID of the next installation (removed installations)'),
    f('sensorId', 'integer', 'Sensor ID', { search: true }),
    f('sensorToken', 'string', 'Sensor token', { permission: 'view_sensortoken', search: true }),
    f('installationDate', 'datetime', 'Installation date'),
    f(
      'removedAt',
      'datetime',
      'When the installation was replaced (a query naming removedAt also lists removed installations)',
    ),
    f('communication', 'enum', 'Communication module of the sensor', {
      values: COMMUNICATIONS,
      permission: 'view_communication',
    }),
    f('contractorId', 'integer', 'Contractor ID'),
    f('contractorName', 'string', 'Contractor name', { search: true }),
    f('hsId', 'string', 'CRM company ID'),
    f('hsName', 'string', 'CRM company name', { search: true }),
    f('status', 'enum', 'Sensor status', { values: SENSOR_STATUSES }),
    f('providerOwned', 'boolean', 'Installation owned by the network provider'),
    f('isVisible', 'boolean', 'Visible on the map'),
    f('mamsl', 'number', 'Elevation (metres above mean sea level)'),
    f('latitude', 'number', 'Latitude'),
    f('longitude', 'number', 'Longitude'),
    ...ADDRESS_PARTS.flatMap((p) => [
      f(p, 'string', ADDRESS_LABEL[p], { permission: ADDRESS, search: true }),
      f(`${p}Local`, 'string', `${ADDRESS_LABEL[p]} (local form)`, { permission: ADDRESS, search: true }),
      f(`${p}Id`, 'string', `${ADDRESS_LABEL[p]} (OSM id)`, { permission: ADDRESS }),
    ]),
    f('alternativeAddress1', 'string', 'Alternative address, line 1', { permission: ADDRESS, search: true }),
    f('alternativeAddress2', 'string', 'Alternative address, line 2', { permission: ADDRESS, search: true }),
    f('visibleBy', 'string', 'E-mail of the person the installation is visible to', { search: true }),
    f('contactFullName', 'string', 'Contact person', { permission: CONTACT_NAME, search: true }),
    f('contactEmail', 'string', 'Contact e-mail', { permission: CONTACT_EMAIL, search: true }),
    f('contactPhoneNumber', 'string', 'Contact phone', { permission: CONTACT_PHONE, search: true }),
    f('date', 'datetime', 'Date of the last change'),
    f('installationRequestId', 'integer', 'Installation request ID'),
    f('measured', 'set', 'Measured parameters (measured = no2: the sensor measures no2)', { values: MEASURED_PARAMS }),
    f('lastMeasurement', 'datetime', 'Time of the last measurement'),
    ...MEASURED_PARAMS.flatMap((p) => [
      f(`${p}Value`, 'number', `Last ${p} value`, { permission: `view_${p}` }),
      f(`${p}Suspended`, 'boolean', `Measurement of ${p} suspended`, { permission: `view_${p}` }),
      f(`${p}SuspendedFrom`, 'datetime', `Start of the ${p} suspension`, { permission: `view_${p}` }),
    ]),
  ],
};

export const CONTRACTOR_CATALOGUE: Catalogue = {
  entity: 'contractors',
  label: 'contractors',
  tagContext: 'contractors',
  fields: [
    f('id', 'integer', 'Contractor ID', { search: true }),
    f('name', 'string', 'Name', { search: true }),
    f('type', 'enum', 'Contractor type', { values: CONTRACTOR_TYPES }),
    f('logo', 'string', 'Logo'),
    f('link', 'string', 'Web link', { search: true }),
    f('hsId', 'string', 'CRM company ID', { permission: 'view_contractors_company', search: true }),
    f('hsName', 'string', 'CRM company name', { permission: 'view_contractors_company', search: true }),
    f('companyOwner', 'string', 'Company owner', { search: true }),
    f('companyState', 'string', 'Company state (INACTIVE or other)'),
    f('endOfDeal', 'date', 'End of the deal'),
    f('customSla', 'boolean', 'Custom SLA'),
    f('activeSubscriptions', 'integer', 'Active subscriptions'),
    f('currentInstallations', 'integer', 'Number of current installations'),
    f('createdAt', 'datetime', 'When the contractor was added'),
  ],
};

export const REQUEST_CATALOGUE: Catalogue = {
  entity: 'requests',
  label: 'installation requests',
  fields: [
    f('id', 'integer', 'Request ID', { search: true }),
    f('sensorId', 'integer', 'Sensor ID', { search: true }),
    f('requestType', 'enum', 'Request type', { values: REQUEST_TYPES }),
    f('clientType', 'enum', 'Client type', { values: CLIENT_TYPES }),
    f('createdAt', 'datetime', 'When the request was submitted'),
    f('updatedAt', 'datetime', 'When the request last changed'),
    f('address', 'string', 'Address', { search: true }),
    f('latitude', 'number', 'Latitude'),
    f('longitude', 'number', 'Longitude'),
    f('locationFromAddress', 'boolean', 'Location computed from the address'),
    f('email', 'string', 'E-mail', { search: true }),
    f('phone', 'string', 'Phone', { search: true }),
    f('language', 'string', 'Language'),
    f('contractorId', 'integer', 'Contractor ID'),
    f('contractorName', 'string', 'Contractor name', { search: true }),
    f('notes', 'string', 'Notes submitted with the request', { search: true }),
    f('staffNotes', 'string', 'Internal notes', { search: true }),
    f('state', 'enum', 'Request state', { values: REQUEST_STATES }),
  ],
};

export const CATALOGUES: Record<EntityName, Catalogue> = {
  sensors: SENSOR_CATALOGUE,
  installations: INSTALLATION_CATALOGUE,
  contractors: CONTRACTOR_CATALOGUE,
  requests: REQUEST_CATALOGUE,
};

/** Per-parameter calibration factors (`<p>Factors`) also include ox. */
export const FACTOR_COLUMN_PARAMS = CALIBRATION_PARAMS;

/** The first segment of a tag field: `tag.<name>`. */
export const TAG_PREFIX = 'tag';

const TAG_CONTEXT_SINGULAR: Record<TagContext, string> = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
};

/** Who may see (and query) the values of a tag: view_tags, view_<ctx>_tags or view_<ctx>_tag_<id>. */
export function tagViewPermission(context: TagContext, tagId: number): PermissionRule {
  const s = TAG_CONTEXT_SINGULAR[context];
  return ['view_tags', `view_${s}_tags`, `view_${s}_tag_${tagId}`];
}

/** The field a tag defines: `tag.<name>` typed by the tag type. */
export function tagField(tag: TagDef): FieldDef & { tagId: number } {
  const t = String(tag.type).toUpperCase();
  const type: FieldType =
    t === 'FLOAT' || t === 'INTEGER' ? 'number' : t === 'BOOLEAN' ? 'boolean' : t === 'ENUM' ? 'enum' : 'string';
  return {
    name: `${TAG_PREFIX}.${tag.name}`,
    type,
    ...(type === 'enum' ? { values: [...(tag.values ?? [])] } : {}),
    description: `Tag "${tag.name}" (${t})`,
    tagId: tag.id,
  };
}

/** The fields a holder of these permissions may query (all fields when no permissions are given). */
export function visibleFields(catalogue: Catalogue, permissions?: PermissionSet | Iterable<string>): FieldDef[] {
  if (!permissions) return [...catalogue.fields];
  const set = permissions instanceof PermissionSet ? permissions : new PermissionSet(permissions);
  return catalogue.fields.filter((fd) => set.can(fd.permission));
}

/**
 * The catalogue as the console's editor sees it: fields visible to the user plus one field per
 * tag (`tag.<name>`), for completion and validation.
 */
export function withTags(
  catalogue: Catalogue,
  tags: readonly TagDef[] = [],
  permissions?: PermissionSet | Iterable<string>,
): Catalogue {
  const set =
    permissions === undefined
      ? undefined
      : permissions instanceof PermissionSet
        ? permissions
        : new PermissionSet(permissions);
  const tagFields = catalogue.tagContext
    ? tags.filter((t) => !set || set.can(tagViewPermission(catalogue.tagContext!, t.id))).map(tagField)
    : [];
  return { ...catalogue, fields: [...visibleFields(catalogue, set), ...tagFields] };
}

/** Case-insensitive field lookup. */
export function findField(catalogue: Catalogue, name: string): FieldDef | undefined {
  const lower = name.toLowerCase();
  return catalogue.fields.find((fd) => fd.name.toLowerCase() === lower);
}
