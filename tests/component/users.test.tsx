/**
 * The Users screen: controls per permission, none for oneself, 'Show disabled', the confirmed actions,
 * and only the roles the signed-in user may assign (nothing beyond their own permissions; admin by admins).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { PERMISSIONS } from '../../common/permissions';
import { UserList } from '../../src/resources/users/UserList';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const logoutUser = vi.fn();

const USERS = [
  { id: 1, name: 'admin', displayName: 'Ada Admin', avatar: null, email: null, role: 'admin', enabled: true },
  {
    id: 3,
    name: 'technician',
    displayName: 'Tomasz Technik',
    avatar: null,
    email: null,
    role: 'technician',
    enabled: true,
  },
  { id: 5, name: 'jan.nowak', displayName: 'Jan Nowak', avatar: null, email: null, role: 'default', enabled: true },
  {
    id: 10,
    name: 'ewa.lewandowska',
    displayName: 'Ewa Lewandowska',
    avatar: null,
    email: null,
    role: 'default',
    enabled: false,
  },
];
const ROLES = ['admin', 'default', 'viewer', 'technician', 'sales'].map((name, i) => ({
  id: i + 1,
  name,
  permissions: {},
  builtIn: i < 2,
  userCount: 1,
}));

/** Roles with their permissions, as a non-admin user editor sees them. */
const flags = (...names: string[]) => Object.fromEntries(names.map((n) => [n, true]));
const GRANTED_ROLES = [
  { id: 1, name: 'admin', permissions: flags(...PERMISSIONS), builtIn: true, userCount: 1 },
  {
    id: 2,
    name: 'default',
    permissions: flags('view_installations', 'view_sensors', 'use_tokens'),
    builtIn: true,
    userCount: 2,
  },
  { id: 3, name: 'viewer', permissions: flags('view_installations', 'view_logs'), builtIn: false, userCount: 0 },
  { id: 4, name: 'technician', permissions: flags('view_sensors', 'restart_sensors'), builtIn: false, userCount: 1 },
  { id: 5, name: 'sales', permissions: flags('view_installations'), builtIn: false, userCount: 0 },
];
const USER_EDITOR = ['admin_view_users', 'admin_edit_users', 'view_installations', 'view_sensors', 'use_tokens'];

function renderList(url = '/users', roleList: readonly object[] = ROLES, userList = USERS) {
  const getList = vi.fn(async (_resource: string, params: { filter: { showDisabled?: boolean; search?: string } }) => {
    const rows = userList
      .filter((u) => params.filter.showDisabled || u.enabled)
      .filter((u) => !params.filter.search || u.name.includes(params.filter.search));
    return { data: rows, total: rows.length };
  });
  const update = vi.fn(async (_resource: string, params: { data: object }) => ({ data: params.data }));
  const roles = { getList: async () => ({ data: roleList, total: roleList.length }) };
  const dataProvider = appDataProvider({ getList, update, logoutUser }, { roles });
  render(
    <TestAdmin path={url} dataProvider={dataProvider}>
      <UserList />
      <Notification />
    </TestAdmin>,
  );
  return { getList, update, user: userEvent.setup() };
}

// The first render of the list (react-admin, MUI) can take over a second on a busy machine.
const row = async (username: string) => (await screen.findByText(username, {}, { timeout: 5000 })).closest('tr')!;

beforeEach(() => {
  logoutUser.mockResolvedValue({ invalidated: 2 });
});
afterEach(() => {
  localStorage.clear();
  logoutUser.mockReset();
});

describe('Users screen', () => {
  it("lists enabled users with avatar, username, display name and role; no controls on one's own row", async () => {
    signInAs(PERMISSIONS);
    const { getList } = renderList();
    const own = await row('admin');
    expect(within(own).getByText('Ada Admin')).toBeTruthy();
    expect(within(own).getByText('Admin')).toBeTruthy(); // readable role, plain text
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryAllByRole('button')).toHaveLength(0);

    const jan = await row('jan.nowak');
    expect(within(jan).getByText('J').className).toMatch(/MuiAvatar/); // the initial, without an avatar image
    expect(within(jan).getByRole('combobox', { name: /, role of jan\.nowak$/ }).textContent).toBe('User');
    expect(within(jan).getByRole('button', { name: 'Disable jan.nowak' })).toBeTruthy();
    expect(within(jan).getByRole('button', { name: 'Logout jan.nowak' })).toBeTruthy();
    expect(screen.queryByText('ewa.lewandowska')).toBeNull();
    expect(getList.mock.calls[0]![1].filter).toEqual({});
  });

  it("'Show disabled' asks for every user; a disabled user can be enabled and has no logout", async () => {
    signInAs(PERMISSIONS);
    const { getList, user } = renderList();
    await row('jan.nowak');
    await user.click(screen.getByRole('switch', { name: 'Show disabled' }));
    const ewa = await row('ewa.lewandowska');
    expect(getList.mock.calls.at(-1)![1].filter).toEqual({ showDisabled: true });
    expect(within(ewa).getByText('Disabled')).toBeTruthy();
    expect(within(ewa).getByRole('button', { name: 'Enable ewa.lewandowska' })).toBeTruthy();
    expect(within(ewa).queryByRole('button', { name: /Logout/ })).toBeNull();
  });

  it('passes the toolbar search from the URL to the list call', async () => {
    signInAs(PERMISSIONS);
    const { getList } = renderList('/users?search=tech');
    await row('technician');
    expect(getList.mock.calls[0]![1].filter).toEqual({ search: 'tech' });
    expect(screen.queryByText('jan.nowak')).toBeNull();
  });

  it('without admin_edit_users: roles are plain text and there is no enable/disable', async () => {
    signInAs(PERMISSIONS.filter((p) => p !== 'admin_edit_users'));
    renderList();
    const jan = await row('jan.nowak');
    expect(within(jan).queryByRole('combobox')).toBeNull();
    expect(within(jan).getByText('User')).toBeTruthy();
    expect(within(jan).queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(within(jan).getByRole('button', { name: 'Logout jan.nowak' })).toBeTruthy();
  });

  it('without admin_logout_users: no logout', async () => {
    signInAs(PERMISSIONS.filter((p) => p !== 'admin_logout_users'));
    renderList();
    const jan = await row('jan.nowak');
    expect(within(jan).queryByRole('button', { name: /Logout/ })).toBeNull();
    expect(within(jan).getByRole('button', { name: 'Disable jan.nowak' })).toBeTruthy();
  });

  it('a role picked from the dropdown of all roles is saved at once', async () => {
    signInAs(PERMISSIONS);
    const { update, user } = renderList();
    const jan = await row('jan.nowak');
    await user.click(within(jan).getByRole('combobox', { name: /, role of jan\.nowak$/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'User', 'Viewer', 'Technician', 'Sales']);
    await user.click(screen.getByRole('option', { name: 'Viewer' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({
      id: 5,
      data: { role: 'viewer' },
      previousData: { role: 'default' },
    });
    expect(await screen.findByText('All changes saved!')).toBeTruthy();
  });

  it('disabling needs a confirmation that says what it does', async () => {
    signInAs(PERMISSIONS);
    const { update, user } = renderList();
    await user.click(within(await row('jan.nowak')).getByRole('button', { name: 'Disable jan.nowak' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disable user')).toBeTruthy();
    expect(dialog.textContent).toMatch(
      /deactivates all of their tokens and ends all of their sessions\. This cannot be undone\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update).not.toHaveBeenCalled();
    await user.click(within(await row('jan.nowak')).getByRole('button', { name: 'Disable jan.nowak' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({
      id: 5,
      data: { enabled: false },
      previousData: { enabled: true },
    });
    expect(await screen.findByText('All changes saved!')).toBeTruthy();
  });

  it('logout needs a confirmation, then ends every session of the user', async () => {
    signInAs(PERMISSIONS);
    const { user } = renderList();
    await user.click(within(await row('technician')).getByRole('button', { name: 'Logout technician' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Logout user')).toBeTruthy();
    expect(dialog.textContent).toMatch(/invalidates all of their sessions.*This cannot be undone\./);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logoutUser).toHaveBeenCalledWith('users', { id: 3 }));
    expect(await screen.findByText('All sessions invalidated! technician logged out successfully!')).toBeTruthy();
  });

  it('offers only the roles the user may assign: none holding more than they do, admin never to a non-admin', async () => {
    signInAs(USER_EDITOR, { id: 4, name: 'sales', role: 'user_editors' });
    const { update, user } = renderList('/users', GRANTED_ROLES);
    const jan = await row('jan.nowak');
    await user.click(within(jan).getByRole('combobox', { name: /, role of jan\.nowak$/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['User', 'Sales']);
    await user.keyboard('{Escape}');
    // A user whose role the signed-in user may not assign is above them: the role is plain text.
    const tech = await row('technician');
    expect(within(tech).queryByRole('combobox')).toBeNull();
    expect(within(tech).getByText('Technician')).toBeTruthy();
    // The current role stays shown when it is not assignable but the user is not above them.
    await user.click(within(jan).getByRole('combobox', { name: /, role of jan\.nowak$/ }));
    await user.click(screen.getByRole('option', { name: 'Sales' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 5, data: { role: 'sales' } });
  });

  it('enabling or disabling a user whose role holds more than the signed-in user is disabled, with the reason', async () => {
    signInAs(USER_EDITOR, { id: 4, name: 'sales', role: 'user_editors' });
    const users = USERS.map((u) => (u.name === 'ewa.lewandowska' ? { ...u, role: 'viewer' } : u));
    const { user } = renderList('/users?showDisabled=true', GRANTED_ROLES, users);
    const ewa = await row('ewa.lewandowska');
    // Re-read each time: the button is wrapped anew once it is disabled.
    const enable = () => within(ewa).getByRole('button', { name: 'Enable ewa.lewandowska' }) as HTMLButtonElement;
    await waitFor(() => expect(enable().disabled).toBe(true));
    await user.hover(enable().parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'The role viewer holds permissions you do not hold, so you cannot change its users',
    );
    // Nor disabled: nobody changes a user above them; only an admin changes an admin.
    const disable = (name: string) =>
      within(screen.getByText(name).closest('tr')!).getByRole('button', {
        name: `Disable ${name}`,
      }) as HTMLButtonElement;
    await waitFor(() => expect(disable('technician').disabled).toBe(true));
    await waitFor(() => expect(disable('admin').disabled).toBe(true));
    await user.hover(disable('admin').parentElement!);
    expect(await screen.findByText('Only an admin can change an admin')).toBeTruthy();
    // A user of a role the signed-in user may assign is theirs to disable.
    expect(disable('jan.nowak').disabled).toBe(false);
  });
});
