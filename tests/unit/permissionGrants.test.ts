/** Who may grant and assign what (common/permissions.ts): the rule the role, user and token routes and the console share. */
import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  PermissionSet,
  canGrant,
  familyOf,
  isOwnRole,
  roleAssignRefusal,
  ungrantable,
} from '../../common/permissions';

const held = (...names: string[]) => new PermissionSet(names);

describe('granting', () => {
  it('every catalogue permission is grantable by its holder only', () => {
    for (const p of PERMISSIONS) {
      expect(canGrant(held(p), p), p).toBe(true);
      // Only per-record instances have covering families: holding every other name is not enough.
      expect(canGrant(held(...PERMISSIONS.filter((q) => q !== p)), p), p).toBe(false);
    }
  });

  it('a per-record instance is covered by its family, in any case, and by nothing else', () => {
    expect(familyOf('VIEW_SENSOR_TAG_12')).toEqual(['view_tags', 'view_sensor_tags']);
    expect(familyOf('edit_contractor_tag_3')).toEqual(['edit_tags', 'edit_contractor_tags']);
    expect(familyOf('view_sensor_tags')).toEqual([]);
    expect(canGrant(held('view_sensor_tags'), 'view_sensor_tag_12')).toBe(true);
    expect(canGrant(held('view_tags'), 'view_installation_tag_1')).toBe(true);
    expect(canGrant(held('view_sensor_tag_12'), 'view_sensor_tag_12')).toBe(true);
    expect(canGrant(held('view_sensor_tag_12'), 'view_sensor_tag_13')).toBe(false);
    expect(canGrant(held('view_installation_tags'), 'view_sensor_tag_12')).toBe(false);
    expect(canGrant(held('view_sensor_tags'), 'edit_sensor_tag_12')).toBe(false);
  });

  it('lists what may not be granted once each, lowercased and sorted', () => {
    expect(ungrantable(held('view_sensors'), ['VIEW_LOGS', 'view_sensors', 'admin_edit_users', 'view_logs'])).toEqual([
      'admin_edit_users',
      'view_logs',
    ]);
    expect(ungrantable(held('view_sensors'), [])).toEqual([]);
  });
});

describe('assigning a role', () => {
  const all = held(...PERMISSIONS);

  it('the admin role: only by an admin holding all of it', () => {
    expect(roleAssignRefusal({ role: 'admin', permissions: all }, { name: 'admin', permissions: [] })).toBeNull();
    expect(roleAssignRefusal({ role: 'superusers', permissions: all }, { name: 'Admin', permissions: [] })).toEqual({
      reason: 'adminOnly',
    });
    // An admin's token without view_logs: the admin role holds the whole catalogue whatever its stored map says.
    const token = held(...PERMISSIONS.filter((p) => p !== 'view_logs'));
    expect(roleAssignRefusal({ role: 'admin', permissions: token }, { name: 'admin', permissions: [] })).toEqual({
      reason: 'beyond',
      names: ['view_logs'],
    });
  });

  it('another role: by anyone holding all its permissions', () => {
    const role = { name: 'auditors', permissions: ['view_logs', 'admin_view_logs'] };
    expect(roleAssignRefusal({ role: 'x', permissions: held('view_logs', 'admin_view_logs') }, role)).toBeNull();
    expect(roleAssignRefusal({ role: 'x', permissions: held('view_logs') }, role)).toEqual({
      reason: 'beyond',
      names: ['admin_view_logs'],
    });
  });

  it("one's own role is recognised case-insensitively", () => {
    expect(isOwnRole({ role: 'Managers' }, 'managers')).toBe(true);
    expect(isOwnRole({ role: 'managers' }, 'managers2')).toBe(false);
  });
});
