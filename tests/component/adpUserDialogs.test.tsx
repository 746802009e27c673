/**
 * Developer-portal user dialogs (document 2, sections 4, 5, 8): the type editor shows the
 * contractor only for CLIENT, CLIENT_EXTRA_ACCESS and INTERNAL_ACCOUNT, blocks saving while a
 * required reason is empty and saves the reason before the type; removing a trial deletes it first
 * and then sets the plan; the e-mail edit is not sent until the confirmation box is ticked; the
 * login operations send one request per click, report the result and show a failure; the
 * clipboard import names the spec's error for contents without accessDefinitions, type and sponsorId.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, RecordContextProvider } from 'react-admin';
import { parseAccessImport } from '../../common/adpUsers';
import { PASSWORD_MAX_LENGTH } from '../../common/domain';
import type { AdpUser } from '../../src/dataProviders/adpUsers';
import { TRIAL_USER } from './support/adpUser';
import { AdpUserEmailDialog } from '../../src/resources/adpUsers/AdpUserEmailDialog';
import { AdpUserLoginDialog } from '../../src/resources/adpUsers/AdpUserLoginDialog';
import { AdpUserPlanDialog } from '../../src/resources/adpUsers/AdpUserPlanDialog';
import { AdpUserRowActions } from '../../src/resources/adpUsers/AdpUserRowActions';
import { AdpUserTypeDialog, typeSteps } from '../../src/resources/adpUsers/AdpUserTypeDialog';
import { AdpUserAccessDialog } from '../../src/resources/adpUsers/AdpUserAccessDialog';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';
import { QueryClient } from '@tanstack/react-query';

const record = TRIAL_USER;

const calls: string[] = [];
const methods = {
  /** The provider's `update`: one part of the user per call, named by `meta.action`. */
  update: vi.fn(async (_r: string, p: { data: Record<string, unknown>; meta: { action: string } }) => {
    const part = p.meta.action;
    calls.push(
      part === 'email'
        ? `email:${String(p.data.email)}`
        : `${part}:${String(p.data[part === 'contractor' ? 'contractorId' : part])}`,
    );
    return { data: record };
  }),
  removeAdpTrial: vi.fn(async () => void calls.push('removeTrial')),
  setAdpPlan: vi.fn(async (_r: string, p: { planName: string }) => void calls.push(`plan:${p.planName}`)),
  setAdpTrial: vi.fn(async () => void calls.push('trial')),
  getAdpPlans: vi.fn(async () => [
    { name: 'PLAN_ADVANCED', displayName: 'Advanced', isTrialPlan: false },
    { name: 'PLAN_BASIC', displayName: 'Basic', isTrialPlan: false },
    { name: 'PLAN_EMPTY', displayName: 'Empty', isTrialPlan: false },
  ]),
  getList: vi.fn(async () => ({ data: [{ id: 3, name: 'Zielony' }], total: 1 })),
  setAdpUserPassword: vi.fn(async (_r: string, _p: { id: number; password?: string }) => ({
    password: 'generated-1',
    status: 'ENABLED',
  })),
  sendAdpPasswordReset: vi.fn(async (_r: string, _p: { id: number }) => undefined),
  resendAdpInvitation: vi.fn(async (_r: string, _p: { id: number }) => undefined),
  getAdpActivationLink: vi.fn(async (_r: string, _p: { id: number }) => 'https://portal.example.org/activate/abc'),
};
const onSaved = vi.fn();
const onClose = vi.fn();
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

const renderWith = (ui: React.ReactElement) =>
  render(<TestAdmin dataProvider={appDataProvider(methods as never)}>{ui}</TestAdmin>);

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  signInAs([
    'view_panel_users',
    'edit_contractors_adp_users',
    'view_contractors_adp_users',
    'view_contractors',
    'view_plans',
    'edit_panel_users_plans_and_trials',
  ]);
  Object.values(methods).forEach((m) => m.mockClear());
  onSaved.mockReset();
  onClose.mockReset();
});

async function chooseType(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: /User type/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('AdpUserTypeDialog', () => {
  it('hides the contractor for a Lead and blocks saving while the required reason is empty', async () => {
    const user = userEvent.setup();
    renderWith(<AdpUserTypeDialog record={record} canContractor onSaved={onSaved} onClose={onClose} />);
    expect(await screen.findByRole('combobox', { name: /Contractor/ })).toBeTruthy();
    await chooseType(user, 'Lead');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Contractor/ })).toBeNull());
    await user.click(saveButton());
    expect(await screen.findByText('Reason for access is required for this user type')).toBeTruthy();
    expect(methods.update).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Reason for access/ }), 'Tender evaluation');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Separate steps, the reason before the type the server checks it against.
    expect(calls).toEqual(['reason:Tender evaluation', 'type:LEAD']);
  });

  it('orders the steps: added values, the type, then cleared values', () => {
    const before = { type: 'LEAD', contractorId: null, reason: 'x' };
    expect(typeSteps(before, { type: 'CLIENT', contractorId: 5, reason: null }, true)).toEqual([
      { step: 'contractor', contractorId: 5 },
      { step: 'type', type: 'CLIENT' },
      { step: 'reason', reason: null },
    ]);
    expect(typeSteps(before, { type: 'CLIENT', contractorId: 5, reason: null }, false)).toEqual([
      { step: 'type', type: 'CLIENT' },
      { step: 'reason', reason: null },
    ]);
  });
});

describe('AdpUserPlanDialog', () => {
  it('removing the trial deletes it first, then sets the plan', async () => {
    const user = userEvent.setup();
    renderWith(<AdpUserPlanDialog record={record} onSaved={onSaved} onClose={onClose} />);
    const trialSwitch = await screen
      .findByRole('switch', { name: /Trial/ })
      .catch(() => screen.getByRole('checkbox', { name: /Trial/ }));
    expect((trialSwitch as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: /Trial end date/ })).toBeTruthy();
    await user.click(trialSwitch);
    await waitFor(() => expect(screen.queryByRole('group', { name: /Trial end date/ })).toBeNull());
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual(['removeTrial', 'plan:PLAN_ADVANCED']);
  });
});

describe('AdpUserAccessDialog', () => {
  it('reads the detail for itself, not the list row react-admin cached under the same id', async () => {
    // What the list leaves in react-admin's getOne cache: the row, without access definitions.
    const queryClient = new QueryClient();
    queryClient.setQueryData(['adp-users', 'getOne', { id: String(record.id), meta: undefined }], record);
    const definition = {
      id: 4,
      sponsorId: null,
      osmId: null,
      installationId: 1130,
      visibility: 'ALL',
      canBeEdited: true,
    };
    const getOne = vi.fn(async () => ({ data: { ...record, settings: {}, accessDefinitions: [definition] } }));
    render(
      <TestAdmin
        queryClient={queryClient}
        dataProvider={appDataProvider({ getOne, countAdpSensors: async () => 1 } as never)}
      >
        <AdpUserAccessDialog record={record} onSaved={onSaved} onClose={onClose} />
      </TestAdmin>,
    );
    expect(await screen.findByRole('button', { name: 'Paste permissions' })).toBeTruthy();
    expect(getOne).toHaveBeenCalledWith('adp-users', expect.objectContaining({ id: record.id }));
  });
});

describe('AdpUserEmailDialog', () => {
  it('is not sent until the confirmation box is ticked', async () => {
    const user = userEvent.setup();
    renderWith(<AdpUserEmailDialog record={record} onSaved={onSaved} onClose={onClose} />);
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'new@example.org');
    await user.click(saveButton());
    expect(await screen.findByText('Tick the box to confirm')).toBeTruthy();
    expect(methods.update).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /account is deactivated/ }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(methods.update).toHaveBeenCalledTimes(1));
    expect(methods.update.mock.calls[0]![1]).toMatchObject({
      id: record.id,
      data: { email: 'new@example.org' },
      meta: { action: 'email', confirmed: true },
    });
  });
});

describe('AdpUserLoginDialog', () => {
  const notActivated: AdpUser = { ...record, status: 'NOT_ACTIVATED' };
  const renderLogin = (user: AdpUser) =>
    renderWith(
      <>
        <AdpUserLoginDialog record={user} onSaved={onSaved} onClose={onClose} />
        <Notification />
      </>,
    );
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('sets a generated password once per double click and shows the login details', async () => {
    const user = userEvent.setup();
    let answer: (value: { password: string; status: string }) => void = () => undefined;
    methods.setAdpUserPassword.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderLogin(notActivated);
    expect(screen.getByTestId('adp-login-status').textContent).toBe('Status: Not activated');
    await user.dblClick(button('Set permanent password'));
    // Every operation is off while one runs.
    expect(button('Send password-reset e-mail').disabled).toBe(true);
    answer({ password: 'generated-1', status: 'ENABLED' });
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(methods.setAdpUserPassword).toHaveBeenCalledTimes(1);
    expect(methods.setAdpUserPassword.mock.calls[0]![1]).toEqual({ id: 12, password: undefined });
    expect(screen.getByTestId('adp-new-password').textContent).toBe('The new password of ada@example.org: generated-1');
    expect(screen.getByTestId('adp-login-status').textContent).toBe('Status: Enabled');
    expect(onSaved).toHaveBeenCalledTimes(1);
    // Enabled now: no invitation to resend.
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('blocks a typed password shorter than the minimum and sends a long enough one', async () => {
    const user = userEvent.setup();
    renderLogin(record);
    const field = screen.getByLabelText('Permanent password');
    await user.type(field, 'short');
    expect(button('Set permanent password').disabled).toBe(true);
    await user.type(field, '-but-long-enough');
    await user.click(button('Set permanent password'));
    await waitFor(() => expect(methods.setAdpUserPassword).toHaveBeenCalledTimes(1));
    expect(methods.setAdpUserPassword.mock.calls[0]![1]).toEqual({ id: 12, password: 'short-but-long-enough' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });

  it('blocks a typed password longer than the server takes, saying so, and sends none', async () => {
    const user = userEvent.setup();
    renderLogin(record);
    const field = screen.getByLabelText('Permanent password') as HTMLInputElement;
    await user.click(field);
    await user.paste('p'.repeat(PASSWORD_MAX_LENGTH + 100));
    // The whole paste is kept (a cut password would not be the one the user holds) and refused.
    expect(field.value).toHaveLength(PASSWORD_MAX_LENGTH + 100);
    expect(screen.getByText(`Must be shorter than ${PASSWORD_MAX_LENGTH + 1} characters`)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(button('Set permanent password').disabled).toBe(true);
    await user.clear(field);
    await user.paste('p'.repeat(PASSWORD_MAX_LENGTH));
    expect(screen.queryByText(/Must be shorter than/)).toBeNull();
    await user.click(button('Set permanent password'));
    await waitFor(() => expect(methods.setAdpUserPassword).toHaveBeenCalledTimes(1));
    expect(methods.setAdpUserPassword.mock.calls[0]![1]).toEqual({ id: 12, password: 'p'.repeat(PASSWORD_MAX_LENGTH) });
  });

  it('sends the reset e-mail and, for a not-activated user, the invitation and the activation link', async () => {
    const user = userEvent.setup();
    renderLogin(notActivated);
    await user.click(button('Send password-reset e-mail'));
    expect(await screen.findByText('Reset password e-mail send')).toBeTruthy();
    expect(methods.sendAdpPasswordReset.mock.calls[0]![1]).toEqual({ id: 12 });
    await user.click(button('Resend invitation'));
    expect(await screen.findByText('Activation link e-mail send')).toBeTruthy();
    expect(methods.resendAdpInvitation.mock.calls[0]![1]).toEqual({ id: 12 });
    await user.click(button('Get activation link'));
    expect(await screen.findByDisplayValue('https://portal.example.org/activate/abc')).toBeTruthy();
    expect(methods.getAdpActivationLink.mock.calls[0]![1]).toEqual({ id: 12 });
    expect(button('Copy activation link')).toBeTruthy();
  });

  it('shows a failed operation above the buttons and turns them back on', async () => {
    const user = userEvent.setup();
    methods.sendAdpPasswordReset.mockRejectedValueOnce(new Error('The portal is down'));
    renderLogin(record);
    expect(screen.queryByRole('button', { name: 'Get activation link' })).toBeNull();
    await user.click(button('Send password-reset e-mail'));
    expect(await screen.findByText('The portal is down')).toBeTruthy();
    expect(button('Send password-reset e-mail').disabled).toBe(false);
    expect(button('Set permanent password').disabled).toBe(false);
  });
});

describe('parseAccessImport', () => {
  it('needs accessDefinitions, type and sponsorId', () => {
    const ok = { accessDefinitions: [{ id: 1500, osmId: ' 42 ', visibility: 'ALL' }], type: 'LEAD', sponsorId: null };
    expect(parseAccessImport(JSON.stringify(ok))?.accessDefinitions[0]).toMatchObject({ id: 1500, osmId: '42' });
    expect(parseAccessImport(JSON.stringify({ accessDefinitions: [], type: 'LEAD' }))).toBeUndefined();
    expect(parseAccessImport(JSON.stringify({ ...ok, type: 'BOSS' }))).toBeUndefined();
    expect(parseAccessImport('not json')).toBeUndefined();
    expect(parseAccessImport(JSON.stringify([ok]))).toBeUndefined();
  });
});

describe('AdpUserRowActions', () => {
  it("opens the plan dialog with its own values, not the row record's plan and trial objects", async () => {
    const user = userEvent.setup();
    signInAs(['view_panel_users', 'view_plans', 'edit_panel_users_plans_and_trials', 'toggle_panel_users']);
    renderWith(
      <RecordContextProvider value={record}>
        <AdpUserRowActions record={record} />
      </RecordContextProvider>,
    );
    expect((screen.getByRole('switch', { name: 'Enabled: Ada Nowak' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'More actions for Ada Nowak' }));
    // Only what the permissions allow.
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Plan and trial' }));
    expect(await screen.findByRole('group', { name: /Trial end date/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Plan/ }).textContent).toContain('PLAN_ADVANCED'));
  });
});
