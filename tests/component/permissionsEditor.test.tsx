/**
 * The permissions editor: grouping, search, select-all per group (respecting the search), indeterminate
 * state, read-only mode, and permissions the user may not grant (locked: off, explained, left out by select-all).
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { render } from './i18n';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS, permissionGroup } from '../../common/permissions';
import { PermissionsEditor } from '../../src/pages/roles/PermissionsEditor';

const GROUPS = ['View', 'Modify', 'Admin', 'Other'] as const;

/** A role map as the server sends it: every catalogue permission with its flag. */
function roleMap(granted: string[]): Record<string, boolean> {
  const map: Record<string, boolean> = Object.fromEntries(PERMISSIONS.map((p) => [p, false]));
  for (const p of granted) map[p] = true;
  return map;
}

/** A controlled editor whose latest value the test can read. */
function renderEditor(
  initial: Record<string, boolean>,
  props: { disabled?: boolean; isLocked?: (name: string) => boolean } = {},
) {
  const changes: Record<string, boolean>[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <PermissionsEditor
        value={value}
        disabled={props.disabled}
        isLocked={props.isLocked}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { changes, latest: () => changes.at(-1)!, user: userEvent.setup() };
}

const group = (name: string) => screen.getByTestId(`permission-group-${name}`);
/**
 * The checkbox named `name`. A role query over the whole editor computes the accessible name of
 * every one of its ~100 boxes (each a getComputedStyle in jsdom): the box is found by its label,
 * then the role query runs over that one label only, still checking it is that named checkbox.
 */
const box = (name: string) => {
  const label = screen.getByLabelText(name, { selector: 'input' }).closest('label')!;
  return within(label).getByRole('checkbox', { name }) as HTMLInputElement;
};
const selectAll = (name: string) => box(`Select all ${name} permissions`);
/**
 * Puts `text` in the search box in one input (cleared, then pasted): the filtering is under test,
 * not typing, and each keystroke would re-render the whole editor.
 */
async function searchFor(user: ReturnType<typeof userEvent.setup>, text: string) {
  const search = screen.getByRole('textbox', { name: 'Search permissions' });
  await user.clear(search);
  await user.paste(text);
  expect(search).toHaveProperty('value', text);
}
const namesIn = (name: string) =>
  within(group(name))
    .getAllByRole('checkbox')
    .map((c) => c.getAttribute('aria-label')!)
    .filter((label) => !label.startsWith('Select all'));

describe('PermissionsEditor', () => {
  it('shows every catalogue permission once, in its group, in the order View, Modify, Admin, Other', () => {
    renderEditor(roleMap([]));
    const sections = screen.getAllByRole('region').map((s) => s.getAttribute('aria-label'));
    expect(sections).toEqual(GROUPS.map((g) => `${g} permissions`));
    const names = Object.fromEntries(GROUPS.map((g) => [g, namesIn(g)]));
    const shown = GROUPS.flatMap((g) => names[g]!.map((n) => [g, n] as const));
    expect(shown.map(([, n]) => n).sort()).toEqual([...PERMISSIONS].sort());
    for (const [g, n] of shown) expect(permissionGroup(n), n).toBe(g);
    expect(names.View).toContain('view_sensors');
    expect(names.Modify).toEqual(
      expect.arrayContaining(['add_sensors', 'edit_factors', 'modify_tags', 'toggle_panel_users', 'remove_sensors']),
    );
    expect(names.Admin).toEqual(expect.arrayContaining(['admin_edit_users', 'admin_remove_roles']));
    expect(names.Other).toEqual(expect.arrayContaining(['use_tokens', 'restart_sensors']));
    expect(screen.getByTestId('permissions-granted')).toHaveProperty(
      'textContent',
      `0 of ${PERMISSIONS.length} permissions granted`,
    );
  });

  it('also shows the per-record permissions the role holds, checked, in their group', () => {
    renderEditor({ ...roleMap(['view_sensors']), view_sensor_tag_5: true, edit_installation_tag_12: true });
    expect(namesIn('View').at(-1)).toBe('view_sensor_tag_5');
    expect(box('view_sensor_tag_5').checked).toBe(true);
    expect(namesIn('Modify')).toContain('edit_installation_tag_12');
    expect(screen.getByTestId('permissions-granted').textContent).toBe(
      `3 of ${PERMISSIONS.length + 2} permissions granted`,
    );
  });

  it('toggles one permission', async () => {
    const { user, latest } = renderEditor(roleMap(['view_sensors']));
    await user.click(box('view_sensors'));
    expect(latest().view_sensors).toBe(false);
    await user.click(box('admin_view_logs'));
    expect(latest()).toMatchObject({ view_sensors: false, admin_view_logs: true });
    expect(box('admin_view_logs').checked).toBe(true);
  });

  it('search filters the names (spaces match underscores) and hides groups without matches', async () => {
    const { user } = renderEditor(roleMap([]));
    await searchFor(user, 'TAG');
    expect(screen.queryByTestId('permission-group-Admin')).toBeNull();
    expect(screen.queryByTestId('permission-group-Other')).toBeNull();
    expect(namesIn('View')).toEqual([
      'view_tags',
      'view_installation_tags',
      'view_sensor_tags',
      'view_contractor_tags',
    ]);
    expect(namesIn('Modify').every((n) => n.includes('tag'))).toBe(true);
    await searchFor(user, 'sensor tag');
    expect(namesIn('View')).toEqual(['view_sensor_tags']);
    await searchFor(user, 'no such permission');
    expect(screen.getByText('No matches found.')).toBeTruthy();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Search permissions' }));
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('select-all acts on the whole group, and only on the group', async () => {
    const { user, latest } = renderEditor(roleMap(['use_tokens']));
    await user.click(selectAll('Admin'));
    const after = latest();
    for (const p of PERMISSIONS) expect(after[p], p).toBe(permissionGroup(p) === 'Admin' || p === 'use_tokens');
    expect(selectAll('Admin').checked).toBe(true);
    await user.click(selectAll('Admin'));
    for (const p of PERMISSIONS) expect(latest()[p], p).toBe(p === 'use_tokens');
  });

  it('select-all respects the search: only the permissions shown change', async () => {
    const { user, latest } = renderEditor(roleMap(['add_sensors']));
    await searchFor(user, 'factors');
    const shown = namesIn('Modify');
    expect(shown).toEqual(expect.arrayContaining(['edit_factors', 'edit_pm25_factors']));
    expect(shown).not.toContain('add_sensors');
    await user.click(selectAll('Modify'));
    const after = latest();
    for (const p of PERMISSIONS) {
      const expected = p === 'add_sensors' || (permissionGroup(p) === 'Modify' && p.includes('factors'));
      expect(after[p], p).toBe(expected);
    }
    // The View factors (view_pm1_factors…) are another group: untouched.
    expect(after.view_pm1_factors).toBe(false);
    // The rest of Modify is not granted: the box says "partly", not "all".
    expect(selectAll('Modify').checked).toBe(false);
    expect(selectAll('Modify').dataset.indeterminate).toBe('true');
  });

  it('the group box is indeterminate while the group is partly granted', async () => {
    const { user, latest } = renderEditor(roleMap(['admin_view_users']));
    expect(selectAll('Admin').checked).toBe(false);
    expect(selectAll('Admin').dataset.indeterminate).toBe('true');
    expect(selectAll('Other').dataset.indeterminate).toBe('false');
    expect(within(group('Admin')).getByTestId('permission-group-Admin-count').textContent).toBe(
      `1 / ${PERMISSIONS.filter((p) => permissionGroup(p) === 'Admin').length}`,
    );
    // Clicking an indeterminate box grants the rest of the group.
    await user.click(selectAll('Admin'));
    expect(PERMISSIONS.filter((p) => permissionGroup(p) === 'Admin').every((p) => latest()[p])).toBe(true);
    expect(selectAll('Admin').dataset.indeterminate).toBe('false');
    // With a search the box still tells the whole group: every shown one granted, one hidden one
    // not, is partly granted (as the count says), not fully checked.
    await user.click(box('admin_view_logs'));
    expect(selectAll('Admin').dataset.indeterminate).toBe('true');
    await searchFor(user, 'roles');
    expect(selectAll('Admin').dataset.indeterminate).toBe('true');
    expect(selectAll('Admin').checked).toBe(false);
    // Clicking acts on the shown ones: all granted, so it revokes them; the hidden one is untouched.
    await user.click(selectAll('Admin'));
    expect(latest().admin_edit_roles).toBe(false);
    expect(latest().admin_view_users).toBe(true);
    await user.click(selectAll('Admin'));
    expect(latest().admin_edit_roles).toBe(true);
  });

  it('read-only mode: every box is disabled, nothing changes, the search still works', async () => {
    const onChange = vi.fn();
    render(<PermissionsEditor value={roleMap(['view_sensors', 'admin_view_users'])} disabled onChange={onChange} />);
    // A disabled box has pointer-events: none; click it anyway to prove nothing reacts.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.length).toBe(PERMISSIONS.length + 4);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    expect(box('view_sensors').checked).toBe(true);
    await user.click(box('view_installations'));
    await user.click(selectAll('View'));
    expect(onChange).not.toHaveBeenCalled();
    expect(box('view_installations').checked).toBe(false);
    await searchFor(user, 'admin_view');
    expect(namesIn('Admin')).toEqual(['admin_view_users', 'admin_view_roles', 'admin_view_logs', 'admin_view_tokens']);
  });

  it('a locked permission cannot be switched on: disabled with the reason on hover, left out by select-all', async () => {
    // The user holds the View group but view_logs, which the role has already; nothing else.
    const held = new Set<string>(PERMISSIONS.filter((p) => permissionGroup(p) === 'View' && p !== 'view_logs'));
    const granted = ['view_logs'];
    const { user, latest } = renderEditor(roleMap(granted), {
      isLocked: (name) => !granted.includes(name) && !held.has(name),
    });
    expect(box('admin_view_users').disabled).toBe(true);
    expect(box('view_sensors').disabled).toBe(false);
    // Granted already: it may be taken away.
    expect(box('view_logs').disabled).toBe(false);
    await user.hover(box('admin_view_users').closest('label')!);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'You do not hold this permission, so you cannot grant it',
    );
    // Select-all of a group with nothing grantable is off; elsewhere it grants only what may be granted.
    expect(selectAll('Admin').disabled).toBe(true);
    await user.click(selectAll('View'));
    expect(
      Object.keys(latest())
        .filter((n) => latest()[n])
        .sort(),
    ).toEqual(PERMISSIONS.filter((p) => permissionGroup(p) === 'View').sort());
    expect(latest().admin_view_users).toBe(false);
  });
});
