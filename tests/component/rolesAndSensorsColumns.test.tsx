/**
 * Two small fixes: the Roles screen's selector names roles readably, as Users does ('User' for
 * default), and the Sensors list has no Actions column for a user who may do none of its actions.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { Role } from '../../src/pages/roles/rolesApi';
import { RolesPage } from '../../src/pages/roles/RolesPage';
import { SensorList } from '../../src/resources/sensors/SensorList';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const getRoles = vi.fn();

const ROLES: Role[] = ['admin', 'default', 'technician', 'field_ops'].map((name, i) => ({
  id: i + 1,
  name,
  permissions: {},
  builtIn: i < 2,
  userCount: 1,
}));

const SENSORS = [
  {
    id: 7,
    info: { id: 7, currentInstallationId: null, contractor: null, status: 'Ready', measured: [], communication: 'GSM' },
    params: { factors: {} },
    tags: {},
  },
];

const wrap = (ui: ReactNode, path: string, methods: Parameters<typeof appDataProvider>[0] = {}) =>
  render(
    <TestAdmin path={path} dataProvider={appDataProvider(methods, { roles: { getList: getRoles } })}>
      {ui}
    </TestAdmin>,
  );

beforeEach(() => {
  localStorage.clear();
  getRoles.mockReset();
  getRoles.mockResolvedValue({ data: ROLES, total: ROLES.length });
});

describe('role selector', () => {
  it('names roles readably, as the Users screen does', async () => {
    signInAs(['admin_view_roles']);
    const user = userEvent.setup();
    wrap(<RolesPage />, '/users/roles?id=2');
    const selector = await screen.findByRole('combobox', { name: 'Role' });
    expect(selector.textContent).toBe('User');
    await user.click(selector);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Admin', 'User', 'Technician', 'Field Ops']);
  });
});

describe('Sensors Actions column', () => {
  const dataProvider = { getList: async () => ({ data: SENSORS, total: 1 }) };
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('is left out when no row action is permitted (sales)', async () => {
    signInAs(['view_sensors']);
    wrap(<SensorList />, '/sensors', dataProvider);
    await screen.findByText('7');
    expect(headers()).not.toContain('Actions');
  });

  it('is shown with any one of the actions', async () => {
    signInAs(['view_sensors', 'view_history_sensor']);
    wrap(<SensorList />, '/sensors', dataProvider);
    await screen.findByText('7');
    expect(headers()).toContain('Actions');
  });
});
