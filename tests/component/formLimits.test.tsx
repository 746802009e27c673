/**
 * Every server rule of the name fields has its message in the form (roles, tags, tokens: lengths
 * from common/validation.ts), a refusal the server still sends shows inside the dialog (not in the
 * banner behind it), and the factors dialog says before saving that empty A, B and C remove the
 * stored factors (and requires them when there is nothing to remove).
 */
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { NAME_LIMITS, TAG_VALUE_MAX_LENGTH } from '../../common/validation';
import { TAG_ENUM_VALUE_MAX, TAG_ENUM_VALUES_MAX, TAG_NAME_MAX } from '../../server/services/main/tags/values';
import { TAG_VALUES_MAX } from '../../common/validation';
import { ApiError } from '../../src/dataProviders/errors';
import type { Role } from '../../src/pages/roles/rolesApi';
import { CreateTokenDialog } from '../../src/pages/tokens/CreateTokenDialog';
import { CreateRoleDialog } from '../../src/pages/roles/CreateRoleDialog';
import { RolesPage } from '../../src/pages/roles/RolesPage';
import { TagDialog } from '../../src/resources/tags/TagDialog';
import { SensorFactorsDialog } from '../../src/resources/sensors/SensorFactorsDialog';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';
import { factorsUpdate } from './support/sensorUpdates';

const ROLES: Role[] = [
  { id: 1, name: 'admin', permissions: {}, builtIn: true, userCount: 1 },
  { id: 3, name: 'viewer', permissions: {}, builtIn: false, userCount: 2 },
];

let roles: Record<'getList' | 'create' | 'update', Mock>;
let tokens: Record<'getTokenPermissions' | 'create', Mock>;

const wrap = (ui: ReactNode, methods: Parameters<typeof appDataProvider>[0] = {}) =>
  render(
    <TestAdmin path="/users/roles?id=3" dataProvider={appDataProvider(methods, { roles, tokens })}>
      {ui}
    </TestAdmin>,
  );

/** Pastes a value at once (typing 100 characters one by one is slow). */
const paste = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const posts = () => [...tokens.create.mock.calls, ...roles.create.mock.calls, ...roles.update.mock.calls];
const refused = (message: string) => new ApiError('response', 400, message, '/x', { status: 400, message });

beforeEach(() => {
  signInAs(['admin_view_roles', 'admin_edit_roles', 'admin_add_roles', 'use_tokens']);
  const unexpected = () => Promise.reject(new Error('unexpected call'));
  roles = {
    getList: vi.fn(async () => ({ data: ROLES, total: ROLES.length })),
    create: vi.fn(unexpected),
    update: vi.fn(unexpected),
  };
  tokens = { getTokenPermissions: vi.fn(async () => []), create: vi.fn(unexpected) };
});

describe("limits of common/validation.ts are the server's", () => {
  it('tags', () => {
    expect(NAME_LIMITS.tag).toBe(TAG_NAME_MAX);
    expect(TAG_VALUE_MAX_LENGTH).toBe(TAG_ENUM_VALUE_MAX);
    expect(TAG_VALUES_MAX).toBe(TAG_ENUM_VALUES_MAX);
  });
});

describe('token name', () => {
  it('over 100 characters: a message on the field, nothing sent', async () => {
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    paste(screen.getByRole('textbox', { name: 'Name' }), 'n'.repeat(NAME_LIMITS.token + 1));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must be shorter than 101 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('a refusal of the server shows in the dialog, not in the banner', async () => {
    tokens.create.mockRejectedValue(
      new ApiError('response', 403, 'You cannot grant permissions you do not hold: view_x', '/integrations'),
    );
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ci');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('You cannot grant permissions you do not hold: view_x')).toBeTruthy();
    // The provider keeps such refusals out of the banner: tests/component/dataProvider.test.tsx.
    expect(posts()).toHaveLength(1);
  });
});

describe('role name', () => {
  it('Create a New Role: over 64 characters is refused in the form', async () => {
    const user = userEvent.setup();
    wrap(<CreateRoleDialog open roles={ROLES} onClose={vi.fn()} onCreated={vi.fn()} />);
    paste(screen.getByRole('textbox', { name: 'Name' }), 'r'.repeat(NAME_LIMITS.role + 1));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must be shorter than 65 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('Create a New Role: a 400 of the server shows on the name, inside the dialog', async () => {
    roles.create.mockRejectedValue(refused('Invalid body: name: Must be shorter than 65 characters'));
    const user = userEvent.setup();
    wrap(<CreateRoleDialog open roles={ROLES} onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'auditor');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(screen.getByRole('dialog')).findByText('Must be shorter than 65 characters')).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('renaming a role: the same limit', async () => {
    const user = userEvent.setup();
    wrap(<RolesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    paste(screen.getByRole('textbox', { name: 'Name' }), 'r'.repeat(NAME_LIMITS.role + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be shorter than 65 characters')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe('tag dialog', () => {
  async function chooseType(user: ReturnType<typeof userEvent.setup>, type: string) {
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: type }));
  }

  it('a name over 100 characters and an ENUM value over 100 characters are refused in the form', async () => {
    const create = vi.fn();
    const user = userEvent.setup();
    wrap(<TagDialog context="sensors" onClose={vi.fn()} />, { create });
    paste(screen.getByRole('textbox', { name: /Name/ }), 't'.repeat(NAME_LIMITS.tag + 1));
    await chooseType(user, 'ENUM');
    paste(screen.getByRole('textbox', { name: /Values/ }), `small, ${'v'.repeat(TAG_VALUE_MAX_LENGTH + 1)}`);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must be shorter than 101 characters')).toBeTruthy();
    expect(screen.getByText(/^v{20}…: Must be shorter than 101 characters$/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('a 400 of the server shows on its field inside the dialog', async () => {
    const create = vi.fn(() => Promise.reject(refused('Invalid body: values.0: Must be shorter than 101 characters')));
    const user = userEvent.setup();
    wrap(<TagDialog context="sensors" onClose={vi.fn()} />, { create });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Roof');
    await chooseType(user, 'ENUM');
    await user.type(screen.getByRole('textbox', { name: /Values/ }), 'flat');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(screen.getByRole('dialog')).findByText('Must be shorter than 101 characters')).toBeTruthy();
  });
});

describe('factors dialog with A, B and C empty', () => {
  const sensor = (factors: Record<string, { A: number; B: number; C: number }>) =>
    ({
      id: 2,
      info: { id: 2, currentInstallationId: null, contractor: null, status: 'Ready', measured: ['pm1', 'pm25'] },
      params: { factors },
      tags: {},
    }) as never;

  it('says that saving removes the stored factors, then removes them', async () => {
    const updateSensorFactors = vi.fn(async (_r: string, { param }: { param: string }) => ({ param, factors: null }));
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor({ pm25: { A: 1, B: 2, C: 3 } })} param="pm25" onClose={vi.fn()} />, {
      update: factorsUpdate(updateSensorFactors),
    });
    expect(screen.queryByTestId('factors-clear-notice')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear the factors' }));
    expect((await screen.findByTestId('factors-clear-notice')).textContent).toBe(
      'A, B and C are empty: saving removes the pm25 factors of sensor 2.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateSensorFactors).toHaveBeenCalledWith('sensors', { id: 2, param: 'pm25', factors: null }),
    );
  });

  it('with nothing stored, A, B and C are required and nothing is sent', async () => {
    const updateSensorFactors = vi.fn();
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor({})} param="pm1" onClose={vi.fn()} />, {
      update: factorsUpdate(updateSensorFactors),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('It is required')).toHaveLength(3);
    expect(updateSensorFactors).not.toHaveBeenCalled();
  });
});
