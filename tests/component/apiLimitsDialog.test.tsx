/**
 * The API limit editor (document 2, section 5): numeric values ≥ 1, the larger-period rule, "One
 * limit value required when samples API or custom limit enabled!", Save only for a valid change,
 * only the changed parts sent in the API-user manager's order, the parts the user may not change
 * disabled, and the internal-account edit block of the list's rights.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, memoryStore, testDataProvider } from 'react-admin';
import { PermissionSet } from '../../common/permissions';
import { i18nProvider } from '../../src/i18n';
import type { ApiUser } from '../../src/dataProviders/apiUsers';
import { ApiLimitsDialog } from '../../src/resources/apiUsers/ApiLimitsDialog';
import { limitChanges, limitsFormValues, validateLimitsForm } from '../../src/resources/apiUsers/limitsForm';
import { apiUserRights } from '../../src/resources/apiUsers/useApiUserRights';

const user: ApiUser = {
  id: 7,
  username: 'acme-api',
  customId: null,
  contractorId: null,
  contractorName: null,
  endOfDeal: null,
  companyOwner: null,
  internal: false,
  samplesAPI: false,
  limitStandard: { second: 5, minute: 100 },
  limitSamples: null,
  customDealExpired: false,
};

const calls: string[] = [];
/** The provider's `update`, as the API-user manager's calls it maps to (src/dataProviders/apiUsers.ts). */
const update = vi.fn(
  async (_r: string, p: { data: Partial<ApiUser>; meta: { action: string; kind?: 'standard' | 'samples' } }) => {
    if (p.meta.action === 'samplesApi') calls.push(`samplesAPI ${p.data.samplesAPI}`);
    else {
      const limits = p.data[p.meta.kind === 'standard' ? 'limitStandard' : 'limitSamples'];
      calls.push(limits ? `PUT ${p.meta.kind} ${JSON.stringify(limits)}` : `DELETE ${p.meta.kind}`);
    }
    return { data: user };
  },
);
const onSaved = vi.fn();
const onClose = vi.fn();

const open = (rights = { standard: true, samples: true }, u: ApiUser = user) =>
  render(
    <AdminContext
      store={memoryStore()}
      i18nProvider={i18nProvider}
      dataProvider={testDataProvider({ update } as never)}
    >
      <ApiLimitsDialog user={u} rights={rights} onSaved={onSaved} onClose={onClose} />
      <Notification />
    </AdminContext>,
  );

const input = (section: string, period: string) => screen.getByTestId(`${section}-${period}`) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' });
const REQUIRED = 'One limit value required when samples API or custom limit enabled!';

beforeEach(() => {
  calls.length = 0;
  for (const f of [update, onSaved, onClose]) f.mockClear();
});

describe('ApiLimitsDialog', () => {
  it('starts from the stored limits with Save off until something changes', async () => {
    open();
    expect(input('standard', 'second').value).toBe('5');
    expect(input('standard', 'minute').value).toBe('100');
    expect(input('standard', 'hour').value).toBe('');
    expect(screen.queryByTestId('samples-second')).toBeNull(); // samples API off: no inputs
    expect((save() as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a value that is not a whole number of at least 1 with the catalogue texts, and a larger period below a smaller one', async () => {
    open();
    const ue = userEvent.setup();
    await ue.type(input('standard', 'hour'), '50');
    expect(await screen.findByText('hour must be at least 100 (the minute limit)')).toBeTruthy();
    // fixed from the other side: a smaller minute limit clears the hour's message
    await ue.clear(input('standard', 'minute'));
    await ue.type(input('standard', 'minute'), '40');
    await waitFor(() => expect(screen.queryByText(/hour must be at least/)).toBeNull());
    await ue.clear(input('standard', 'minute'));
    await ue.type(input('standard', 'minute'), '100');
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    await ue.clear(input('standard', 'hour'));
    await ue.type(input('standard', 'hour'), '1000');
    await waitFor(() => expect(screen.queryByText(/hour must be at least/)).toBeNull());
    await ue.clear(input('standard', 'second'));
    await ue.type(input('standard', 'second'), 'abc');
    expect(await screen.findByText('It must be numeric')).toBeTruthy();
    await ue.clear(input('standard', 'second'));
    await ue.type(input('standard', 'second'), '0');
    expect(await screen.findByText('It must be greater than 0')).toBeTruthy();
    await ue.clear(input('standard', 'second'));
    await ue.type(input('standard', 'second'), '2.5');
    expect(await screen.findByText('It must be an integer')).toBeTruthy();
    await ue.clear(input('standard', 'second'));
    await ue.type(input('standard', 'second'), '3000000000');
    expect(await screen.findByText('It must be less than 2147483648')).toBeTruthy();
    expect(screen.queryByText(/whole number/)).toBeNull();
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    // year must cover the largest smaller value, not only the one next to it
    await ue.clear(input('standard', 'second'));
    await ue.type(input('standard', 'year'), '500');
    expect(await screen.findByText('year must be at least 1000 (the hour limit)')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('needs one value when the samples API or the custom limit is on', async () => {
    open();
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('switch', { name: 'Samples API' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    await ue.type(input('samples', 'day'), '1000');
    await waitFor(() => expect(screen.queryByText(REQUIRED)).toBeNull());
    for (const p of ['second', 'minute']) await ue.clear(input('standard', p));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    // the custom limit off: the default applies, nothing is required
    await ue.click(screen.getByRole('switch', { name: 'Custom limit' }));
    await waitFor(() => expect(screen.queryByText(REQUIRED)).toBeNull());
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(false));
    await ue.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // the samples limit is set before the samples API is switched on
    expect(calls).toEqual(['DELETE standard', 'PUT samples {"day":1000}', 'samplesAPI true']);
    expect(onSaved).toHaveBeenCalled();
    expect(await screen.findByText('All changes saved!')).toBeTruthy();
  });

  it('sends only what changed', async () => {
    open();
    const ue = userEvent.setup();
    await ue.type(input('standard', 'day'), '5000');
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(false));
    await ue.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual(['PUT standard {"second":5,"minute":100,"day":5000}']);
  });

  it('disables the parts the user may not change and never sends them', async () => {
    open({ standard: false, samples: true });
    expect(input('standard', 'second').disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Custom limit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You may not change this part.')).toBeTruthy();
    const values = { ...limitsFormValues(user), customStandard: false };
    expect(limitChanges(user, values, { standard: false, samples: true })).toEqual([]);
  });
});

describe('the rules behind it', () => {
  it('validates each section only while it is on', () => {
    const off = {
      ...limitsFormValues(user),
      customStandard: false,
      standard: { ...limitsFormValues(user).standard, second: 'x' },
    };
    expect(validateLimitsForm(off)).toEqual({});
    const on = limitsFormValues({ ...user, samplesAPI: true });
    expect(validateLimitsForm(on)).toMatchObject({ samplesAPI: { message: 'validation.limitRequired' } });
  });

  it('blocks an internal account unless the specific permission is held', () => {
    const general = new PermissionSet(['view_api_users', 'edit_api_users']);
    expect(apiUserRights(general, { internal: false })).toEqual({
      standard: true,
      samples: true,
      contractor: true,
      key: true,
    });
    expect(apiUserRights(general, { internal: true })).toEqual({
      standard: false,
      samples: false,
      contractor: false,
      key: false,
    });
    const specific = new PermissionSet(['view_api_users', 'edit_api_users_limit_samples']);
    expect(apiUserRights(specific, { internal: true })).toMatchObject({ standard: false, samples: true });
    const keys = new PermissionSet(['edit_api_users', 'edit_api_users_internal']);
    expect(apiUserRights(keys, { internal: true }).key).toBe(true);
  });
});
