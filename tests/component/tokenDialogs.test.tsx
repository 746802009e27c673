/** The create-token dialog and the one-time secret dialog, against a test data provider. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import type { ReactNode } from 'react';
import { CreateTokenDialog } from '../../src/pages/tokens/CreateTokenDialog';
import { TokenSecretDialog } from '../../src/pages/tokens/TokenSecretDialog';
import { TestAdmin, appDataProvider } from './support/admin';

const create = vi.fn();
const getTokenPermissions = vi.fn();

const HELD = ['view_sensors', 'view_logs', 'edit_factors', 'admin_view_logs', 'admin_view_tokens', 'use_tokens'];

const CREATED = {
  id: 9,
  name: 'ci',
  permissions: ['view_sensors'],
  expiresAt: '2026-11-08T12:00:00.000Z',
  active: true,
  createdAt: '2026-11-01T12:00:00.000Z',
  lastUsedAt: null,
  ownerId: 3,
  ownerName: 'technician',
  token: 'aqt_secret',
};

const wrap = (ui: ReactNode) =>
  render(
    <TestAdmin dataProvider={appDataProvider({}, { tokens: { create, getTokenPermissions } })}>
      {ui}
      <Notification />
    </TestAdmin>,
  );

beforeEach(() => {
  create.mockReset();
  create.mockResolvedValue({ data: CREATED });
  getTokenPermissions.mockReset();
  getTokenPermissions.mockResolvedValue(HELD);
});

const posts = () => create.mock.calls;

describe('CreateTokenDialog', () => {
  it('requires a name and sends nothing without one', async () => {
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    await screen.findByTestId('permission-group-View');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('It is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('It is required')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('offers the seven lifetimes with a week selected by default', async () => {
    const user = userEvent.setup();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    const expiry = screen.getByRole('combobox', { name: 'Expires in' });
    expect(expiry.textContent).toBe('Week');
    await user.click(expiry);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Hour',
      'Day',
      'Week',
      'Month (31 days)',
      'Quarter (90 days)',
      'Half a year (180 days)',
      'Year (365 days)',
    ]);
  });

  it('groups the held permissions, filters them and sends {name, permissions, time}', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={onCreated} />);
    const view = await screen.findByTestId('permission-group-View');
    expect(within(view).getAllByRole('checkbox')).toHaveLength(3); // select-all + 2
    expect(within(screen.getByTestId('permission-group-Modify')).getByText('edit_factors')).toBeTruthy();
    expect(within(screen.getByTestId('permission-group-Other')).getByText('use_tokens')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  ci exporter ');
    await user.click(screen.getByRole('checkbox', { name: 'view_sensors' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all Admin permissions' }));
    expect(screen.getByTestId('permissions-selected').textContent).toBe('3 selected');

    // The search narrows the list; selections outside it are kept.
    await user.type(screen.getByRole('textbox', { name: 'Search permissions' }), 'logs');
    expect(screen.queryByRole('checkbox', { name: 'view_sensors' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'view_logs' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Expires in' }));
    await user.click(await screen.findByRole('option', { name: 'Day' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toEqual([
      'tokens',
      {
        data: {
          name: 'ci exporter',
          permissions: ['admin_view_logs', 'admin_view_tokens', 'view_sensors'],
          time: 8.64e7,
        },
        meta: { idempotencyKey: expect.any(String) },
      },
    ]);
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ token: 'aqt_secret' });
  });

  it('sends a week when the lifetime is left alone', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    wrap(<CreateTokenDialog onClose={vi.fn()} onCreated={onCreated} />);
    await screen.findByTestId('permission-group-View');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts()[0]![1].data).toEqual({ name: 'weekly', permissions: [], time: 6.048e8 });
  });

  it('starts a duplicate from the original name and the permissions the caller still holds', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    wrap(
      <CreateTokenDialog
        draft={{ name: 'old token', permissions: ['view_sensors', 'admin_edit_roles'] }}
        onClose={vi.fn()}
        onCreated={onCreated}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Create duplicate token' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('old token');
    expect(await screen.findByText('1 permission of the original token left out: you do not hold them.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'view_sensors' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posts()[0]![1].data).toEqual({ name: 'old token', permissions: ['view_sensors'], time: 6.048e8 });
  });

  it('closes on Cancel without sending', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<CreateTokenDialog onClose={onClose} onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(posts()).toHaveLength(0);
  });
});

describe('TokenSecretDialog', () => {
  it('shows the secret once and copies it with a confirmation', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(<TokenSecretDialog name="ci" secret="aqt_secret" onClose={onClose} />);
    expect((screen.getByTestId('token-secret') as HTMLInputElement).value).toBe('aqt_secret');
    expect(screen.getByText('Copy the token now. It will not be shown again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Copied token to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('aqt_secret');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the user to copy by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    wrap(<TokenSecretDialog name="ci" secret="aqt_secret" onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(
      await screen.findByText('The browser refused the clipboard: select the token and copy it by hand.'),
    ).toBeTruthy();
  });
});
