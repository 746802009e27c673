/** The token table on API Manager and Integrations: columns, states, row actions and what each permission shows. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import type { ComponentType } from 'react';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { ApiManagerPage } from '../../src/pages/tokens/ApiManagerPage';
import { IntegrationsPage } from '../../src/pages/tokens/IntegrationsPage';
import type { ApiToken } from '../../src/pages/tokens/types';

import { TestAdmin, appDataProvider } from './support/admin';

const getList = vi.fn();
const deleteToken = vi.fn();
const getTokenPermissions = vi.fn();

const DAY = 86_400_000;
const ME = 3;
const token = (over: Partial<ApiToken>): ApiToken => ({
  id: 1,
  name: 'token',
  permissions: ['view_sensors'],
  expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
  active: true,
  createdAt: new Date(Date.now() - DAY).toISOString(),
  lastUsedAt: null,
  ownerId: ME,
  ownerName: 'technician',
  ...over,
});

const TOKENS = [
  token({
    id: 4,
    name: 'mine',
    permissions: ['view_sensors', 'view_logs', 'view_tags', 'view_versions', 'view_deployments'],
  }),
  token({ id: 3, name: 'revoked', active: false }),
  token({ id: 2, name: 'expired', expiresAt: new Date(Date.now() - DAY).toISOString() }),
  token({ id: 1, name: 'theirs', ownerId: 9, ownerName: 'sales' }),
];

let tokens: ApiToken[];

function signInAs(permissions: string[]) {
  const user = { id: ME, name: 'technician', displayName: null, avatar: null, role: 'technician', permissions };
  localStorage.setItem(
    'aq.session',
    JSON.stringify({ user, role: 'technician', permissions, token: 't', refreshToken: 'r' }),
  );
}

function renderPage(Page: ComponentType) {
  return render(
    <TestAdmin dataProvider={appDataProvider({}, { tokens: { getList, delete: deleteToken, getTokenPermissions } })}>
      <Page />
      <Notification />
    </TestAdmin>,
  );
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'td, td *' }).closest('tr')!;

beforeEach(() => {
  setRuntimeConfig({ apiDocs: '/api/docs' } as RuntimeConfig);
  tokens = TOKENS;
  getList.mockReset();
  getList.mockImplementation(async (_resource: string, { filter }: { filter: { all?: boolean } }) => {
    const data = filter.all ? tokens : tokens.filter((t) => t.ownerId === ME);
    return { data, total: data.length };
  });
  getTokenPermissions.mockReset();
  getTokenPermissions.mockResolvedValue(['view_sensors', 'view_logs']);
  deleteToken.mockReset();
  deleteToken.mockImplementation(async () => ({ data: { ...tokens[0], active: false } }));
});

describe('API Manager', () => {
  it('says there are no tokens yet', async () => {
    signInAs(['use_tokens']);
    tokens = [];
    renderPage(ApiManagerPage);
    expect(await screen.findByText("You don't have any tokens yet")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API Manager' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe('/api/docs');
    expect(getList).toHaveBeenCalledWith('tokens', expect.objectContaining({ filter: { all: false } }));
  });

  it('lists the caller’s tokens with permissions, expiry and status', async () => {
    signInAs(['use_tokens']);
    renderPage(ApiManagerPage);
    await screen.findByText('mine');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Permissions', 'Expiry', 'Status', 'Actions']);

    const mine = rowOf('mine');
    expect(within(mine).getByText('Active')).toBeTruthy();
    expect(within(mine).getByText(/^Expires at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)).toBeTruthy();
    expect(within(mine).getByText('(in 7 days)')).toBeTruthy();
    // Five permissions collapse to three chips and "+2 more".
    expect(within(mine).queryByText('view_deployments')).toBeNull();
    await userEvent.click(within(mine).getByText('+2 more'));
    expect(within(mine).getByText('view_deployments')).toBeTruthy();
    await userEvent.click(within(mine).getByText('Show less'));
    expect(within(mine).queryByText('view_deployments')).toBeNull();

    expect(within(rowOf('revoked')).getByText('Inactive')).toBeTruthy();
    const expired = rowOf('expired');
    expect(within(expired).getByText('Inactive')).toBeTruthy();
    expect(within(expired).getByText(/^Expired at /)).toBeTruthy();
  });

  it('disables revoke for inactive tokens and revokes an active one after confirmation', async () => {
    const user = userEvent.setup();
    signInAs(['use_tokens']);
    renderPage(ApiManagerPage);
    await screen.findByText('mine');
    expect(
      (within(rowOf('revoked')).getByRole('button', { name: 'Revoke revoked' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (within(rowOf('expired')).getByRole('button', { name: 'Revoke expired' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(within(rowOf('mine')).getByRole('button', { name: 'Revoke mine' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token has been deactivated.')).toBeTruthy();
    expect(deleteToken).toHaveBeenCalledWith('tokens', { id: 4 });
    // The list is read again after the change.
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(1));
  });

  it('duplicates a token into the create dialog', async () => {
    const user = userEvent.setup();
    signInAs(['use_tokens']);
    renderPage(ApiManagerPage);
    await screen.findByText('mine');
    await user.click(within(rowOf('revoked')).getByRole('button', { name: 'Create duplicate of revoked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create duplicate token' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('revoked');
    expect(await within(dialog).findByText('1 selected')).toBeTruthy();
  });
});

describe('Integrations', () => {
  it('lists every token with its owner and offers everything to a full token admin', async () => {
    signInAs(['admin_view_tokens', 'admin_use_tokens', 'admin_deactivate_tokens']);
    renderPage(IntegrationsPage);
    await screen.findByText('theirs');
    expect(getList).toHaveBeenCalledWith('tokens', expect.objectContaining({ filter: { all: true } }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Owner',
      'Permissions',
      'Expiry',
      'Status',
      'Actions',
    ]);
    expect(within(rowOf('theirs')).getByText('sales')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy();
    expect(within(rowOf('theirs')).getByRole('button', { name: 'Create duplicate of theirs' })).toBeTruthy();
    expect(within(rowOf('theirs')).getByRole('button', { name: 'Revoke theirs' })).toBeTruthy();
  });

  it('hides create and duplicate without admin_use_tokens, and revoking others’ tokens without admin_deactivate_tokens', async () => {
    signInAs(['admin_view_tokens', 'use_tokens']);
    renderPage(IntegrationsPage);
    await screen.findByText('theirs');
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Create duplicate/ })).toBeNull();
    expect(within(rowOf('theirs')).queryByRole('button', { name: 'Revoke theirs' })).toBeNull();
    // One's own token is still revocable with use_tokens.
    expect(within(rowOf('mine')).getByRole('button', { name: 'Revoke mine' })).toBeTruthy();
  });
});
