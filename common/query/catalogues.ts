/**
 * The queryable fields of each list (sensors, installations, contractors, installation requests),
 * derived from the entity declarations in common/entities. The server maps each field to SQL (the
 * entity's repository); the console uses these for completion and the help page.
 *
 * Tags are queried as `tag.<name>` (quote names with spaces: `tag."Roof type"`); their type comes
 * from the tag definition at run time (see `tagField`).
 */
import { CALIBRATION_PARAMS, type TagContext, type TagType } from '../domain';
import { PermissionSet, type PermissionRule } from '../permissions';
import { tagViewRule } from '../tagPermissions';
import { fillMessage } from '../validation';
import { ENTITIES, catalogueOf, contractor, installation, installationRequest, sensor } from '../entities';

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
export { QUERY_FIELD_TYPES, type FieldType } from './fieldTypes';
import type { FieldType } from './fieldTypes';

export interface FieldDef {
  name: string;
  type: FieldType;
  /** Allowed values of an enum or set field. */
  values?: readonly string[];
  /** Without this permission the field does not exist for the caller (nor is it searched). */
  permission?: PermissionRule;
  /** Included in SEARCH("…"): text fields by substring, integer fields by exact number. */
  search?: boolean;
  /** English description (completion and the help page). */
  description: string;
  /** The description's translation key (`resources.<entity>.descriptions.<field>`), and its values. */
  descriptionKey?: string;
  descriptionValues?: Readonly<Record<string, string>>;
}

export type EntityName = 'sensors' | 'installations' | 'contractors' | 'requests';

export interface Catalogue {
  /** The list it queries (one of EntityName for the four query-language lists). */
  entity: string;
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

/** The four catalogues, derived from the entity declarations (common/entities). */
export const SENSOR_CATALOGUE: Catalogue = catalogueOf(sensor);
export const INSTALLATION_CATALOGUE: Catalogue = catalogueOf(installation);
export const CONTRACTOR_CATALOGUE: Catalogue = catalogueOf(contractor);
export const REQUEST_CATALOGUE: Catalogue = catalogueOf(installationRequest);

export const CATALOGUES: Record<EntityName, Catalogue> = {
  sensors: SENSOR_CATALOGUE,
  installations: INSTALLATION_CATALOGUE,
  contractors: CONTRACTOR_CATALOGUE,
  requests: REQUEST_CATALOGUE,
};

const derivedCatalogues = new Map<string, Catalogue>();

/**
 * The catalogue of any list with a query language, by its catalogue name (`requests`) or its
 * entity name (`installation-requests`, `sensor-models`): the four above, or one derived from the
 * declaration of any other entity that has a query language. Undefined for a list without one.
 */
export function listCatalogue(list: string): Catalogue | undefined {
  if (Object.hasOwn(CATALOGUES, list)) return CATALOGUES[list as EntityName];
  const cached = derivedCatalogues.get(list);
  if (cached) return cached;
  const entity = ENTITIES.find((e) => e.query && (e.name === list || e.query.entity === list));
  if (!entity) return undefined;
  const catalogue = Object.values(CATALOGUES).find((c) => c.entity === entity.query!.entity) ?? catalogueOf(entity);
  derivedCatalogues.set(list, catalogue);
  return catalogue;
}

/** Per-parameter calibration factors (`<p>Factors`) also include ox. */
export const FACTOR_COLUMN_PARAMS = CALIBRATION_PARAMS;

/** The first segment of a tag field: `tag.<name>`. */
export const TAG_PREFIX = 'tag';

/** Who may see (and query) the values of a tag: view_tags, view_<ctx>_tags or view_<ctx>_tag_<id>. */
export const tagViewPermission = tagViewRule;

/** The description of a tag field, `Tag "Mounting" (ENUM)`: its key and English (src/i18n/en.ts uses both). */
export const TAG_FIELD_DESCRIPTION_KEY = 'aq.query.tagField';
export const TAG_FIELD_DESCRIPTION = 'Tag "%{name}" (%{type})';

/** The field a tag defines: `tag.<name>` typed by the tag type. */
export function tagField(tag: TagDef): FieldDef & { tagId: number } {
  const t = String(tag.type).toUpperCase();
  const type: FieldType =
    t === 'FLOAT' || t === 'INTEGER' ? 'number' : t === 'BOOLEAN' ? 'boolean' : t === 'ENUM' ? 'enum' : 'string';
  return {
    name: `${TAG_PREFIX}.${tag.name}`,
    type,
    ...(type === 'enum' ? { values: [...(tag.values ?? [])] } : {}),
    description: fillMessage(TAG_FIELD_DESCRIPTION, { name: tag.name, type: t }),
    descriptionKey: TAG_FIELD_DESCRIPTION_KEY,
    descriptionValues: { name: tag.name, type: t },
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
