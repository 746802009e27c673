/**
 * The Roles screen offers only what the signed-in user may grant (common/permissions.ts, the rule the
 * server enforces): their own role is read-only, the editor locks the permissions they do not hold
 * (unless the role has them already), and a role whose users would move to a default role holding
 * more than they do cannot be deleted. Each disabled control says why.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '../../src/pages/roles/rolesApi';
import { RolesPage } from '../../src/pages/roles/RolesPage';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const flags = (...names: string[]) => Object.fromEntries(names.map((n) => [n, true]));
const MANAGER = ['admin_view_roles', 'admin_edit_roles', 'admin_remove_roles', 'view_sensors', 'view_installations'];
const ROLES: Role[] = [
  { id: 1, name: 'admin', permissions: {}, builtIn: true, userCount: 1 },
  {
    id: 2,
    name: 'default',
    permissions: flags('view_installations', 'view_sensors', 'use_tokens'),
    builtIn: true,
    userCount: 5,
  },
  { id: 3, name: 'managers', permissions: flags(...MANAGER), builtIn: false, userCount: 1 },
  { id: 4, name: 'auditors', permissions: flags('view_logs'), builtIn: false, userCount: 2 },
  { id: 5, name: 'unused', permissions: {}, builtIn: false, userCount: 0 },
];

function renderPage(id: number) {
  render(
    <TestAdmin
      path={`/users/roles?id=${id}`}
      dataProvider={appDataProvider({}, { roles: { getList: async () => ({ data: ROLES, total: ROLES.length }) } })}
    >
      <RolesPage />
    </TestAdmin>,
  );
  return userEvent.setup();
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The checkbox of one permission, found by its label (a role query over ~130 boxes is slow in jsdom). */
const box = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

async function reasonOf(user: ReturnType<typeof userEvent.setup>, control: HTMLElement) {
  await user.hover(control.parentElement!);
  const tooltip = await screen.findByRole('tooltip');
  const text = tooltip.textContent;
  await user.unhover(control.parentElement!);
  await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  return text;
}

beforeEach(() => {
  localStorage.clear();
  signInAs(MANAGER, { id: 7, name: 'maria', role: 'Managers' });
});

describe('Roles screen: only what the user may grant', () => {
  it('their own role is read-only: no edit, no delete, and the page says so', async () => {
    const user = renderPage(3);
    await screen.findByTestId('permissions-editor');
    expect(button('Edit').disabled).toBe(true);
    expect(await reasonOf(user, button('Edit'))).toBe('You cannot edit your own role');
    expect(button('Delete').disabled).toBe(true);
    expect(await reasonOf(user, button('Delete'))).toBe('You cannot delete your own role');
    expect(screen.getByText('This is your own role: only someone else can change it.')).toBeTruthy();
  });

  it('editing another role: permissions the user lacks are locked unless the role has them already', async () => {
    const user = renderPage(4);
    await screen.findByTestId('permissions-editor');
    expect(screen.queryByText(/This is your own role/)).toBeNull();
    await user.click(button('Edit'));
    await waitFor(() => expect(box('view_sensors').disabled).toBe(false));
    expect(box('admin_view_users').disabled).toBe(true);
    expect(box('use_tokens').disabled).toBe(true);
    // The role has view_logs: it may be taken away, though the user does not hold it.
    expect(box('view_logs')).toMatchObject({ disabled: false, checked: true });
    await user.click(box('view_logs'));
    expect(box('view_logs')).toMatchObject({ disabled: false, checked: false });
    expect(within(screen.getByTestId('permission-group-Other')).getAllByRole('checkbox')[0]).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('a role with users cannot be deleted when the default role they would get holds more than the user', async () => {
    const user = renderPage(4);
    await screen.findByTestId('permissions-editor');
    expect(button('Delete').disabled).toBe(true);
    expect(await reasonOf(user, button('Delete'))).toBe(
      'Its users would get the default role, which holds permissions you do not hold',
    );
  });

  it('a role without users can be deleted', async () => {
    renderPage(5);
    await screen.findByTestId('permissions-editor');
    expect(button('Delete').disabled).toBe(false);
    expect(button('Edit').disabled).toBe(false);
  });
});
