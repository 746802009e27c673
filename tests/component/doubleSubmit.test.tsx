/**
 * Double submits: a double click on a form's submit button sends ONE request, and the button stays
 * disabled until that request ends. Orders and token creation carry a fresh Idempotency-Key per
 * submit attempt. Every request here hangs until the test releases it.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { Role } from '../../src/pages/roles/rolesApi';
import { CreateTokenDialog } from '../../src/pages/tokens/CreateTokenDialog';
import { CreateRoleDialog } from '../../src/pages/roles/CreateRoleDialog';
import { RolesPage } from '../../src/pages/roles/RolesPage';
import { GenerateTokensPage } from '../../src/pages/generateTokens/GenerateTokensPage';
import { TagDialog } from '../../src/resources/tags/TagDialog';
import { SensorFactorsDialog } from '../../src/resources/sensors/SensorFactorsDialog';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';
import { deferred } from './support/deferred';
import { factorsUpdate } from './support/sensorUpdates';

const ROLES: Role[] = [
  { id: 1, name: 'admin', permissions: {}, builtIn: true, userCount: 1 },
  { id: 2, name: 'default', permissions: {}, builtIn: true, userCount: 3 },
  { id: 3, name: 'viewer', permissions: { view_sensors: true }, builtIn: false, userCount: 2 },
];

let roles: Record<'getList' | 'create' | 'update', Mock>;
let tokens: Record<'getTokenPermissions' | 'create', Mock>;

const wrap = (ui: ReactNode, methods: Parameters<typeof appDataProvider>[0] = {}) =>
  render(
    <TestAdmin path="/users/roles?id=3" dataProvider={appDataProvider(methods, { roles, tokens })}>
      {ui}
    </TestAdmin>,
  );

/**
 * Two clicks in one go. `fireEvent` lets React render after each event, so the second click finds
 * the button already disabled when the form disables it at once; the submit locks (`useFormSubmit`,
 * `useSubmitOnce`) are what stops a second request when the disabled state comes late
 * (submitLocks.test.tsx calls them twice in the same tick).
 */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

/**
 * A minute passes at once (fake timers): whatever a second click could still set off — a retry, a
 * delayed submit — would have run by now. The clock also runs on by itself, for user-event.
 */
const letTimePass = () => act(() => vi.advanceTimersByTimeAsync(60_000));

/**
 * The request in flight fails, and the form is back: `button` enabled again (a failure keeps a
 * dialog open, so every form here comes back the same way). A second click queued behind the first
 * request would have been sent by now.
 */
async function endRequest(button: HTMLElement) {
  pending.reject(new Error('offline'));
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  await letTimePass();
}

let pending: ReturnType<typeof deferred<unknown>>;
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  signInAs(['admin_view_roles', 'admin_edit_roles', 'admin_add_roles', 'add_sensors', 'use_tokens', 'edit_factors']);
  pending = deferred();
  roles = {
    getList: vi.fn(async () => ({ data: ROLES, total: ROLES.length })),
    create: vi.fn(() => pending.promise),
    update: vi.fn(() => pending.promise),
  };
  tokens = { getTokenPermissions: vi.fn(async () => ['view_sensors']), create: vi.fn(() => pending.promise) };
});

describe('a double click submits once', () => {
  it('Create token: one POST with an Idempotency-Key, the button disabled while it runs', async () => {
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ci');
    const create = screen.getByRole('button', { name: 'Create' });
    doubleClick(create);
    await waitFor(() => expect(tokens.create).toHaveBeenCalledTimes(1));
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(tokens.create.mock.calls[0]![1].meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await letTimePass();
    expect(tokens.create).toHaveBeenCalledTimes(1);
    await endRequest(create);
    expect(tokens.create).toHaveBeenCalledTimes(1);
  });

  it('Create token: every submit attempt gets a new key', async () => {
    tokens.getTokenPermissions.mockResolvedValue([]);
    tokens.create.mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ci');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(tokens.create).toHaveBeenCalledTimes(2));
    const [a, b] = tokens.create.mock.calls.map(([, params]) => params.meta.idempotencyKey);
    expect(a).not.toBe(b);
  });

  it('Create a New Role: one POST', async () => {
    const user = userEvent.setup();
    wrap(<CreateRoleDialog open roles={ROLES} onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'auditor');
    const create = screen.getByRole('button', { name: 'Create' });
    doubleClick(create);
    await waitFor(() => expect(roles.create).toHaveBeenCalledTimes(1));
    expect(roles.create.mock.calls[0]![1]).toMatchObject({ data: { name: 'auditor' } });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await letTimePass();
    expect(roles.create).toHaveBeenCalledTimes(1);
    await endRequest(create);
    expect(roles.create).toHaveBeenCalledTimes(1);
  });

  it('role SAVE: one PATCH', async () => {
    const user = userEvent.setup();
    wrap(<RolesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const save = screen.getByRole('button', { name: 'Save' });
    doubleClick(save);
    await waitFor(() => expect(roles.update).toHaveBeenCalledTimes(1));
    expect(roles.update.mock.calls[0]![1]).toMatchObject({ id: 3, data: { name: 'viewer' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await letTimePass();
    expect(roles.update).toHaveBeenCalledTimes(1);
    await endRequest(save);
    expect(roles.update).toHaveBeenCalledTimes(1);
  });

  it('Generate Tokens ORDER: one order with an Idempotency-Key', async () => {
    const orderSensors = vi.fn(() => pending.promise);
    const user = userEvent.setup();
    wrap(<GenerateTokensPage />, { orderSensors, getList: async () => ({ data: [], total: 0 }) });
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '3');
    const order = screen.getByRole('button', { name: 'Order' });
    doubleClick(order);
    await waitFor(() => expect(orderSensors).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((order as HTMLButtonElement).disabled).toBe(true));
    await letTimePass();
    expect(orderSensors).toHaveBeenCalledTimes(1);
    await endRequest(order);
    expect(orderSensors).toHaveBeenCalledTimes(1);
    const args = orderSensors.mock.calls[0] as unknown[];
    expect(args[0]).toBe('sensors');
    expect(args[1]).toMatchObject({ order: { amount: 3 }, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('tag dialog: one create', async () => {
    const create = vi.fn(() => pending.promise);
    const user = userEvent.setup();
    wrap(<TagDialog context="sensors" onClose={vi.fn()} />, { create });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Roof');
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'STRING' }));
    const button = screen.getByRole('button', { name: 'Create' });
    doubleClick(button);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await letTimePass();
    expect(create).toHaveBeenCalledTimes(1);
    await endRequest(button);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('factors dialog: one save', async () => {
    const updateSensorFactors = vi.fn(() => pending.promise);
    const sensor = {
      id: 2,
      info: { id: 2, currentInstallationId: null, contractor: null, status: 'Ready', measured: ['pm1'] },
      params: { factors: { pm1: { A: 1, B: 2, C: 3 } } },
      tags: {},
    };
    wrap(<SensorFactorsDialog sensor={sensor as never} param="pm1" onClose={vi.fn()} />, {
      update: factorsUpdate(updateSensorFactors),
    });
    const save = screen.getByRole('button', { name: 'Save' });
    doubleClick(save);
    await waitFor(() => expect(updateSensorFactors).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    await letTimePass();
    expect(updateSensorFactors).toHaveBeenCalledTimes(1);
    await endRequest(save);
    expect(updateSensorFactors).toHaveBeenCalledTimes(1);
  });
});
