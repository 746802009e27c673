/**
 * What the rest of the code reads from an entity declaration: its query catalogue, the fields a
 * caller may see, sort keys, list and CSV columns, the rule of a field or an action, and the English
 * messages. Server and console both call these, so JSON rows, CSV, columns and queries apply the
 * SAME rule to a field.
 */
import { PermissionSet, type PermissionRule } from '../permissions';
import type { Catalogue, FieldDef } from '../query/catalogues';
import { QUERY_FIELD_TYPES, type FieldType as QueryFieldType } from '../query/fieldTypes';
import type { Action, EntityDecl, FieldDecl, FieldType } from './types';

const QUERY_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(QUERY_FIELD_TYPES);

const asSet = (p: PermissionSet | Iterable<string>) => (p instanceof PermissionSet ? p : new PermissionSet(p));

/** Queryable in the entity's query language (when it has one). */
export const isQueryField = (f: FieldDecl): boolean => f.query !== false && QUERY_TYPES.has(f.type);

/** Accepted as a sort key: declared sortable, or by default any scalar queryable field. */
export const isSortable = (f: FieldDecl): boolean => f.sortable ?? (QUERY_TYPES.has(f.type) && f.type !== 'set');

/** A list column (shown or optional). */
export const isColumn = (f: FieldDecl): boolean => f.column === true || f.column === 'optional';

/** A CSV column (default: list columns that carry data). */
export const isCsvField = (f: FieldDecl): boolean => f.csv ?? (isColumn(f) && f.type !== 'actions');

/** The query-language catalogue an entity defines. */
export function catalogueOf(entity: EntityDecl): Catalogue {
  if (!entity.query) throw new Error(`Entity "${entity.name}" has no query language`);
  const fields: FieldDef[] = entity.fields.filter(isQueryField).map((f) => ({
    name: f.name,
    type: f.type as QueryFieldType,
    description: f.description ?? f.label,
    descriptionKey: fieldDescriptionKey(entity, f.name),
    ...(f.values ? { values: f.values } : {}),
    ...(f.permission !== undefined ? { permission: f.permission } : {}),
    ...(f.search ? { search: true } : {}),
  }));
  return {
    entity: entity.query.entity,
    label: entity.query.label,
    fields,
    ...(entity.tagContext ? { tagContext: entity.tagContext } : {}),
  };
}

export function fieldOf(entity: EntityDecl, name: string): FieldDecl | undefined {
  return entity.fields.find((f) => f.name === name);
}

/** The rule that reveals a field (undefined: everyone who may list the entity). */
export function fieldRule(entity: EntityDecl, name: string): PermissionRule | undefined {
  return fieldOf(entity, name)?.permission;
}

/** The fields a holder of these permissions may see (in rows, CSV, columns and queries). */
export function visibleEntityFields(entity: EntityDecl, permissions: PermissionSet | Iterable<string>): FieldDecl[] {
  const set = asSet(permissions);
  return entity.fields.filter((f) => set.can(f.permission));
}

/** The rule that lets a caller edit a field; a field without one cannot be edited (a programming error to ask). */
export function editRule(entity: EntityDecl, name: string): PermissionRule {
  const rule = fieldOf(entity, name)?.edit;
  if (rule === undefined) throw new Error(`${entity.name}.${name} declares no edit rule`);
  return rule;
}

/** The rule of an action the caller relies on (a programming error when the entity has no such action). */
export function requiredActionRule(entity: Pick<EntityDecl, 'access' | 'name'>, action: string): PermissionRule {
  const rule = actionRule(entity, action);
  if (rule === undefined) throw new Error(`${entity.name} declares no ${action} action`);
  return rule;
}

/** Names of the fields a caller may see, for gating rows. */
export function visibleFieldNames(entity: EntityDecl, permissions: PermissionSet | Iterable<string>): Set<string> {
  return new Set(visibleEntityFields(entity, permissions).map((f) => f.name));
}

/** Sort keys a caller may use. */
export function sortKeys(entity: EntityDecl, permissions?: PermissionSet | Iterable<string>): string[] {
  const fields = permissions ? visibleEntityFields(entity, permissions) : entity.fields;
  return fields.filter(isSortable).map((f) => f.name);
}

/** The rule of an action; `show` falls back to `list`. Undefined: the action does not exist. */
export function actionRule(entity: Pick<EntityDecl, 'access'>, action: string): PermissionRule | undefined {
  const rules = entity.access as Partial<Record<string, PermissionRule>>;
  return rules[action] ?? (action === 'show' ? entity.access.list : undefined);
}

/**
 * react-admin's access question for an entity: `resource` is the entity (`sensors`) or one of its
 * fields (`sensors.sensorToken`); the field needs the action's rule AND its own.
 */
export function canAccessEntity(
  entity: EntityDecl,
  permissions: PermissionSet | Iterable<string>,
  action: Action | string,
  fieldName?: string,
): boolean {
  const set = asSet(permissions);
  const rule = actionRule(entity, action);
  if (rule === undefined || !set.can(rule)) return false;
  if (fieldName === undefined) return true;
  const f = fieldOf(entity, fieldName);
  return f !== undefined && set.can(f.permission);
}

/** The field that names a record of an entity (a picker's option, a reference cell): `name`, else its first text field. */
export function recordNameField(entity: EntityDecl): string {
  return (entity.fields.find((f) => f.name === 'name') ?? entity.fields.find((f) => f.type === 'string'))?.name ?? 'id';
}

/** Route path of the entity's index screen. */
export const entityPath = (entity: EntityDecl): string => `/${entity.name}`;

/** Translation key of a field's label. */
export const fieldLabelKey = (entity: EntityDecl, name: string): string => `resources.${entity.name}.fields.${name}`;

/** Translation key of a field's longer description (query-language help and completion). */
export const fieldDescriptionKey = (entity: EntityDecl, name: string): string =>
  `resources.${entity.name}.descriptions.${name}`;

/** Translation key of the entity's name (menu entry and list title). */
export const entityNameKey = (entity: EntityDecl): string => `resources.${entity.name}.name`;

/** Translation key of one record's name (create and edit titles: "Create Sensor Model"). */
export const entityOneKey = (entity: EntityDecl): string => `resources.${entity.name}.one`;

/** A type, not an interface: message catalogues need an index signature. */
export type ResourceMessages = {
  name: string;
  /** One record's name (`labelOne`; the plural name where none is declared). */
  one: string;
  fields: Record<string, string>;
  /** Descriptions of the queryable fields (entities with a query language). */
  descriptions?: Record<string, string>;
};

/** The English `resources` messages of these entities, straight from their declarations. */
export function englishResourceMessages(entities: readonly EntityDecl[]): Record<string, ResourceMessages> {
  return Object.fromEntries(
    entities.map((e) => [
      e.name,
      {
        name: e.label,
        one: e.labelOne ?? e.label,
        fields: Object.fromEntries(e.fields.map((f) => [f.name, f.label])),
        ...(e.query
          ? {
              descriptions: Object.fromEntries(
                e.fields.filter(isQueryField).map((f) => [f.name, f.description ?? f.label]),
              ),
            }
          : {}),
      },
    ]),
  );
}

/**
 * The Polish `resources` messages these declarations translate (`labelPl`, `descriptionPl`); a
 * message without a Polish text is left out, so the catalogue shows what is still untranslated.
 */
export function polishResourceMessages(entities: readonly EntityDecl[]): Record<string, Partial<ResourceMessages>> {
  const defined = <T>(entries: [string, T | undefined][]) =>
    Object.fromEntries(entries.filter((e): e is [string, T] => e[1] !== undefined));
  return Object.fromEntries(
    entities.map((e) => [
      e.name,
      {
        ...(e.labelPl ? { name: e.labelPl } : {}),
        ...(e.labelOnePl || e.labelPl ? { one: e.labelOnePl ?? e.labelPl } : {}),
        fields: defined(e.fields.map((f) => [f.name, f.labelPl])),
        ...(e.query
          ? {
              descriptions: defined(e.fields.filter(isQueryField).map((f) => [f.name, f.descriptionPl ?? f.labelPl])),
            }
          : {}),
      },
    ]),
  );
}

/**
 * A reader of one dotted path, for reading the same path out of many rows (a CSV column): a plain
 * key is read directly instead of being split on every row.
 */
export function pathReader(path: string): (row: unknown) => unknown {
  if (path === '' || path.includes('.')) return (row) => readPath(row, path);
  return (row) => (row && typeof row === 'object' ? (row as Record<string, unknown>)[path] : undefined);
}

/** Reads a dotted path out of a row. */
export function readPath(row: unknown, path: string): unknown {
  if (path === '') return row;
  return path
    .split('.')
    .reduce<unknown>(
      (acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined),
      row,
    );
}

/** Where a declaration-only entity's streamed CSV export is served (`<endpoint>/export`). */
export const exportPathOf = (entity: EntityDecl): string => `${entity.endpoint.replace(/\/$/, '')}/export`;

/** The file name a declaration-only entity's CSV export is saved under. */
export const exportFileNameOf = (entity: EntityDecl): string => `${entity.name}.csv`;
