/**
 * The entity declarations agree with everything derived from them and with the tables that are
 * still written by hand: every entity has its route, menu icon, translated labels, catalogue and a
 * server list; every permission an entity names is in the catalogue; field rules are applied the
 * same way by `canAccess`, the query catalogue and the server's row gating.
 */
import { describe, expect, it } from 'vitest';
import {
  ENTITIES,
  MENU_ICON_NAMES,
  actionRule,
  canAccessEntity,
  catalogueOf,
  entityNameKey,
  fieldLabelKey,
  installation,
  isColumn,
  isQueryField,
  sensor,
  sortKeys,
} from '../../common/entities';
import { INSTALLATION_COLUMNS } from '../../common/presets';
import { CATALOGUES, listCatalogue, visibleFields } from '../../common/query';
import { PermissionSet, isKnownPermission, type PermissionRule } from '../../common/permissions';
import { en } from '../../src/i18n/en';
import { pl } from '../../src/i18n/pl';
import { MENU_ICONS } from '../../src/layout/menuIcons';
import { ROUTES, findRoute } from '../../src/resources/routes';
import { CONSOLE_RESOURCES } from '../../src/resources';
import { canAccess } from '../../src/resources/access';
import { SERVICES } from '../../server/services';
import { gateRow, hiddenPaths } from '../../server/lists/gating';

const rules = (rule: PermissionRule | undefined): string[] => (rule === undefined ? [] : [rule].flat());

function lookup(messages: unknown, key: string): unknown {
  // Keys are dotted, but resource names may contain '/' and '-' (never '.').
  const [, resource, ...rest] = key.split(/^resources\.([^.]+)\./);
  const node = (messages as { resources: Record<string, unknown> }).resources[resource!];
  return rest
    .join('')
    .split('.')
    .reduce<unknown>(
      (acc, k) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[k] : undefined),
      node,
    );
}

describe('entity declarations', () => {
  it('have unique names, route names and endpoints per service', () => {
    const names = ENTITIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const routeNames = ENTITIES.map((e) => e.route.name);
    expect(new Set(routeNames).size).toBe(routeNames.length);
    const endpoints = ENTITIES.map((e) => `${e.service} ${e.endpoint}`);
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))('%s: fields, sort and permissions are consistent', (_, e) => {
    const fieldNames = e.fields.map((f) => f.name);
    expect(new Set(fieldNames).size, 'duplicate field names').toBe(fieldNames.length);
    if (e.sort) expect(fieldNames, 'default sort is a declared field').toContain(e.sort.field);
    if (e.sort && e.listQuery !== 'plain') {
      const sortable = sortKeys(e);
      // The Gen3 updater takes no sort parameter; a default sort on another list must be sortable.
      if (sortable.length > 0) expect(sortable).toContain(e.sort.field);
    }
    for (const rule of [...Object.values(e.access), ...e.fields.map((f) => f.permission)].flatMap(rules))
      expect(isKnownPermission(rule) || /<n>/.test(rule), `unknown permission ${rule}`).toBe(true);
    expect(actionRule(e, 'list'), 'every entity can be listed by someone').toBeDefined();
    for (const f of e.fields) {
      if ((f.type === 'enum' || f.type === 'set') && isQueryField(f))
        expect(f.values?.length, f.name).toBeGreaterThan(0);
      expect(f.label.trim(), `${f.name} has a label`).not.toBe('');
    }
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))('%s: has its route, menu icon and console resource', (_, e) => {
    const route = ROUTES.find((r) => r.name === e.route.name);
    expect(route?.path).toBe(`/${e.name}`);
    expect(findRoute(`/${e.name}`)?.name).toBe(e.route.name);
    if (e.route.menu) {
      expect(MENU_ICON_NAMES).toContain(e.route.menu.icon);
      expect(MENU_ICONS[e.route.menu.icon]).toBeDefined();
    }
    expect(CONSOLE_RESOURCES.filter((r) => r.entity === e)).toHaveLength(1);
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))('%s: every label has an English and a Polish message', (_, e) => {
    expect(lookup(en, entityNameKey(e) + '.')).toBeUndefined(); // sanity: the helper reads leaves only
    for (const messages of [en, pl]) {
      expect(typeof (messages.resources as Record<string, { name: unknown }>)[e.name]?.name).toBe('string');
      for (const f of e.fields)
        expect(typeof lookup(messages, fieldLabelKey(e, f.name)), fieldLabelKey(e, f.name)).toBe('string');
    }
  });

  it('every menu route has an icon and a label message', () => {
    for (const r of ROUTES.filter((x) => x.menu)) {
      expect(MENU_ICONS[r.menu!.icon], r.name).toBeDefined();
      const key = r.menu!.label;
      const value = key.startsWith('resources.')
        ? (en.resources as Record<string, { name: string }>)[key.slice('resources.'.length, -'.name'.length)]?.name
        : key.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown> | undefined)?.[k], en);
      expect(typeof value, key).toBe('string');
    }
  });

  it('the query catalogues are the declarations of the query-language entities', () => {
    for (const [name, cat] of Object.entries(CATALOGUES)) {
      const e = ENTITIES.find((x) => x.query?.entity === name)!;
      expect(e, name).toBeDefined();
      expect(cat).toEqual(catalogueOf(e));
    }
  });

  it('every entity with a query language has the catalogue the console editor completes against', () => {
    // The toolbar asks by the entity's name (useQueryCatalogue): a declared list with advanced
    // search once crashed the console because only four lists had one.
    for (const e of ENTITIES.filter((x) => x.query)) {
      expect(listCatalogue(e.name), e.name).toEqual(catalogueOf(e));
      expect(listCatalogue(e.query!.entity), e.name).toEqual(catalogueOf(e));
    }
    expect(listCatalogue('sensor-models')?.fields.map((f) => f.name)).toContain('manufacturer');
    expect(listCatalogue('users')).toBeUndefined();
  });

  it('the preset columns are the installation fields marked as columns, with the same labels', () => {
    expect(INSTALLATION_COLUMNS).toEqual(
      installation.fields.filter(isColumn).map((f) => ({ name: f.name, label: f.label })),
    );
    expect(INSTALLATION_COLUMNS.find((c) => c.name === 'contactFullName')?.label).toBe('Contact name');
  });

  it('every entity with a list is served by a route of its service', () => {
    for (const e of ENTITIES) expect(SERVICES[e.service], e.name).toBeDefined();
  });
});

describe('one rule per field', () => {
  const viewSensorsOnly = new PermissionSet(['view_sensors']);
  const owner = new PermissionSet(['view_sensors', 'view_owner']);

  it('canAccess, the query catalogue and the row gating agree on the sensor contractor', () => {
    expect(canAccess(['view_sensors'], { resource: 'sensors.contractorName', action: 'list' })).toBe(false);
    expect(canAccess(['view_sensors', 'view_owner'], { resource: 'sensors.contractorName', action: 'list' })).toBe(
      true,
    );
    const queryable = (p: PermissionSet) => visibleFields(catalogueOf(sensor), p).map((f) => f.name);
    expect(queryable(viewSensorsOnly)).not.toContain('contractorName');
    expect(queryable(owner)).toContain('contractorName');
    const row = () => ({ id: 1, info: { id: 1, contractor: { id: 2, name: 'X' }, status: 'Ok' } });
    expect(gateRow(row(), hiddenPaths(sensor, viewSensorsOnly)).info).not.toHaveProperty('contractor');
    expect(gateRow(row(), hiddenPaths(sensor, owner)).info.contractor).toEqual({ id: 2, name: 'X' });
  });

  it('installation CRM fields need view_contractors_company everywhere', () => {
    const perms = new PermissionSet(['view_installations']);
    expect(canAccessEntity(installation, perms, 'list', 'hsName')).toBe(false);
    expect(visibleFields(catalogueOf(installation), perms).map((f) => f.name)).not.toContain('hsId');
    const gated = gateRow({ hsId: '1', hsName: 'Acme', installationId: 5 }, hiddenPaths(installation, perms));
    expect(gated).toEqual({ installationId: 5 });
  });

  it('an action without a declared rule is refused', () => {
    expect(canAccess(['view_sensors'], { resource: 'sensor-models', action: 'list' })).toBe(true);
    expect(canAccess(['view_sensors'], { resource: 'sensor-models', action: 'delete' })).toBe(false);
    expect(canAccess(['admin_view_users'], { resource: 'no-such-resource', action: 'list' })).toBe(false);
  });
});
