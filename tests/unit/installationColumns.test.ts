/**
 * The installations table's columns (selected preset ∩ the viewer's permissions) and the suspend
 * dialog's rules (till date and time together, upper-case types, reason only when suspending).
 */
import { describe, expect, it } from 'vitest';
import { PermissionSet } from '../../common/permissions';
import { BUILT_IN_PRESETS } from '../../common/presets';
import { suspensionBody, tillMismatch, TILL_MISMATCH } from '../../common/suspension';
import { columnPath, installationColumns } from '../../src/resources/installations/columns';
import { fieldAccess } from '../../src/resources/useFieldAccess';
import type { Tag } from '../../src/dataProviders/types';

const tags: Tag[] = [
  { id: 7, name: 'Floor', type: 'INTEGER', values: [] },
  { id: 9, name: 'Owner', type: 'STRING', values: [] },
];
const access = (...perms: string[]) => fieldAccess(new PermissionSet(perms));
const names = (cols: { name: string }[]) => cols.map((c) => c.name);
const [all, measurements] = BUILT_IN_PRESETS;

describe('installation columns', () => {
  it('All shows every column the viewer may see, tag columns before the actions', () => {
    const cols = names(installationColumns(all, access('view_installations', 'view_contact', 'view_tags'), tags, true));
    expect(cols[0]).toBe('id');
    expect(cols).toContain('contactEmail');
    expect(cols.slice(-3)).toEqual(['tag_7', 'tag_9', 'actions']);
  });

  it('leaves out what the viewer may not see, whatever the preset names', () => {
    const viewer = access('view_installations', 'view_installation_tag_9');
    const cols = names(installationColumns(all, viewer, tags, false));
    for (const hidden of ['contactEmail', 'sensorToken', 'city', 'pm25Value', 'tag_7', 'actions'])
      expect(cols).not.toContain(hidden);
    expect(cols).toContain('tag_9');
    expect(cols).toContain('installationId');
  });

  it('a preset keeps its order, drops unknown and duplicate names, and shows values with their permission', () => {
    const preset = { fieldsValues: ['status', 'nonsense', 'pm25Value', 'installationId', 'status', 'tag_7', 'tag_99'] };
    const cols = installationColumns(preset, access('view_installations', 'view_pm25', 'view_tags'), tags, true);
    expect(names(cols)).toEqual(['status', 'pm25Value', 'installationId', 'tag_7']);
    expect(columnPath(cols[3]!)).toBe('tag.Floor');
    expect(names(installationColumns(measurements, access('view_installations'), tags, false))).not.toContain(
      'pm25Value',
    );
  });
});

describe('suspension rules', () => {
  it('the till date and time go together', () => {
    expect(tillMismatch({ tillDate: '2030-01-01', tillTime: '' })?.en).toBe(
      'If till date is filled, time is required, and vice versa',
    );
    expect(tillMismatch({ tillDate: '', tillTime: '12:00' })).toBe(TILL_MISMATCH);
    expect(tillMismatch({ tillDate: '2030-01-01', tillTime: '12:00' })).toBeUndefined();
    expect(tillMismatch({ tillDate: '', tillTime: '' })).toBeUndefined();
  });

  it('builds the body: upper-case types, an end only with both till fields, reason only to suspend', () => {
    const draft = {
      fromDate: '2030-01-01',
      fromTime: '10:00',
      tillDate: '2030-01-02',
      tillTime: '11:30',
      reason: ' x ',
    };
    const suspend = suspensionBody('suspend', ['pm25', 'no2'], draft);
    expect(suspend.measurementsTypes).toEqual(['PM25', 'NO2']);
    expect(suspend.reason).toBe('x');
    expect(new Date(suspend.endTime!).getTime() - new Date(suspend.startTime).getTime()).toBe(25.5 * 3600_000);
    const unsuspend = suspensionBody('unsuspend', ['pm25'], { ...draft, tillTime: '' });
    expect(unsuspend.reason).toBeNull();
    expect(unsuspend.endTime).toBeNull();
  });
});
