import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  PermissionSet,
  isKnownPermission,
  permissionGroup,
  roleLabel,
  type PermissionRule,
} from '../../common/permissions';

/** The matcher with names from data (upper case, malformed) — code-written rules are typed. */
const can = (held: string[], rule: string | string[] | undefined) => new PermissionSet(held).holds(rule);

describe('permission names are typed', () => {
  it('a rule written in code must name a catalogue permission or a pattern', () => {
    const ok: PermissionRule[] = ['view_sensors', ['view_tags', 'view_sensor_tag_<n>'], 'view_sensor_tag_12'];
    // @ts-expect-error a typo does not compile
    const typo: PermissionRule = 'view_sensros';
    expect(ok).toHaveLength(3);
    expect(isKnownPermission(typo as string)).toBe(false);
  });
});

describe('permission matcher', () => {
  it('compares names case-insensitively in both directions', () => {
    expect(can(['VIEW_SENSORS'], 'view_sensors')).toBe(true);
    expect(can(['view_sensors'], 'VIEW_SENSORS')).toBe(true);
    expect(can(['View_Sensors'], 'view_SENSORS')).toBe(true);
    expect(can(['view_sensors'], 'view_sensor')).toBe(false);
  });

  it('treats a list as "any one suffices"', () => {
    const rule = ['view_tags', 'view_sensor_tags'];
    expect(can(['view_sensor_tags'], rule)).toBe(true);
    expect(can(['VIEW_TAGS'], rule)).toBe(true);
    expect(can(['view_installation_tags'], rule)).toBe(false);
    expect(can([], [])).toBe(false);
  });

  it('matches numeric patterns such as VIEW_SENSOR_TAG_<n>', () => {
    const rule = ['view_tags', 'view_sensor_tags', 'VIEW_SENSOR_TAG_<n>'];
    expect(can(['view_sensor_tag_12'], rule)).toBe(true);
    expect(can(['VIEW_SENSOR_TAG_7'], rule)).toBe(true);
    expect(can(['view_sensor_tag_'], rule)).toBe(false);
    expect(can(['view_sensor_tag_x1'], rule)).toBe(false);
    expect(can(['view_sensor_tag_12_extra'], rule)).toBe(false);
    expect(can(['view_installation_tag_12'], rule)).toBe(false);
  });

  it('does not let pattern characters in names act as regular expressions', () => {
    expect(can(['view_sensors'], 'view.sensors')).toBe(false);
    expect(can(['viewxsensors'], 'view.sensors')).toBe(false);
  });

  it('allows everything when there is no rule and nothing for an empty holder', () => {
    expect(can([], undefined)).toBe(true);
    expect(new PermissionSet([]).holds('view_sensors')).toBe(false);
  });

  it('groups permissions View / Modify / Admin / Other by prefix', () => {
    expect(permissionGroup('VIEW_SENSORS')).toBe('View');
    expect(permissionGroup('edit_factors')).toBe('Modify');
    expect(permissionGroup('add_sensors')).toBe('Modify');
    expect(permissionGroup('toggle_panel_users')).toBe('Modify');
    expect(permissionGroup('remove_sensors')).toBe('Modify');
    expect(permissionGroup('modify_tags')).toBe('Modify');
    expect(permissionGroup('admin_view_users')).toBe('Admin');
    expect(permissionGroup('use_tokens')).toBe('Other');
    expect(permissionGroup('restart_sensors')).toBe('Other');
  });

  it('knows the catalogue and per-tag instances but nothing else', () => {
    expect(isKnownPermission('ADMIN_VIEW_LOGS')).toBe(true);
    expect(isKnownPermission('edit_contractor_tag_3')).toBe(true);
    expect(isKnownPermission('launch_missiles')).toBe(false);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('gives the demo roles what the issue asks', () => {
    const viewer = new PermissionSet(BUILT_IN_ROLES.viewer!);
    expect(viewer.holds('view_sensors')).toBe(true);
    expect(viewer.holds('view_logs')).toBe(false);
    expect(viewer.holds(['admin_view_users', 'admin_view_logs', 'edit_sensors_status'])).toBe(false);
    const technician = new PermissionSet(BUILT_IN_ROLES.technician!);
    expect(
      technician.holds('use_tokens') && technician.holds('add_versions') && technician.holds('edit_sensors_status'),
    ).toBe(true);
    expect(technician.holds('view_panel_users')).toBe(false);
    const sales = new PermissionSet(BUILT_IN_ROLES.sales!);
    expect(sales.holds('edit_api_users') && sales.holds('add_contractors') && sales.holds('view_panel_users')).toBe(
      true,
    );
    expect(sales.holds('edit_sensors_status')).toBe(false);
  });

  it('shows roles readably, the default role as User', () => {
    expect(roleLabel('default')).toBe('User');
    expect(roleLabel('DEFAULT')).toBe('User');
    expect(roleLabel('field_technician')).toBe('Field Technician');
    expect(roleLabel('admin')).toBe('Admin');
  });
});
