/**
 * What a list works out from a declaration and the caller's permission set is kept per permission
 * set (server/lists/perCaller.ts): the same frozen answer for the same set and entity, its own for
 * another set or another declaration — the fields hidden from a viewer are not those hidden from
 * an admin.
 */
import { describe, expect, it } from 'vitest';
import { defineEntity, field } from '../../common/entities';
import { PermissionSet } from '../../common/permissions';
import { hiddenPaths } from '../../server/lists/gating';

const visits = (name: string) =>
  defineEntity({
    name,
    label: 'Visits',
    service: 'main',
    endpoint: `/${name}`,
    envelope: { rows: 'data.rows' },
    listQuery: 'main',
    access: { list: 'view_sensors' },
    route: { name: 'Visits' },
    fields: [
      field('id', 'integer', 'ID'),
      { ...field('notes', 'string', 'Notes'), permission: 'edit_sensor_tags' },
      { ...field('contact', 'string', 'Contact'), source: 'contact.name', permission: 'view_contact' },
    ],
  });

describe('answers per caller', () => {
  const entity = visits('visits');
  const viewer = new PermissionSet(['view_sensors']);
  const editor = new PermissionSet(['view_sensors', 'edit_sensor_tags', 'view_contact']);

  it('the same permission set and entity get the same frozen answer', () => {
    const first = hiddenPaths(entity, viewer);
    expect(first).toEqual([['notes'], ['contact', 'name']]);
    expect(hiddenPaths(entity, viewer)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[1])).toBe(true);
  });

  it('another permission set or another declaration gets its own', () => {
    expect(hiddenPaths(entity, editor)).toEqual([]);
    expect(hiddenPaths(entity, new PermissionSet(['view_sensors', 'edit_sensor_tags']))).toEqual([['contact', 'name']]);
    const other = visits('visits2');
    expect(hiddenPaths(other, viewer)).not.toBe(hiddenPaths(entity, viewer));
    expect(hiddenPaths(other, viewer)).toEqual([['notes'], ['contact', 'name']]);
  });
});
