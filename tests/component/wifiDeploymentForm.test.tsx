/**
 * The Wi-Fi deployment form: the commit choice (branches, tags and commits grouped; a commit shown
 * with its 7-character hash, its description cut to 25 characters and its author; typed text
 * matching a hash, a description or an author), validation (sensor ranges, required commit, the
 * rollout rules) and what it submits (a branch by name, a commit by full hash; seconds; IMMEDIATE
 * without amount and spacing).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { WifiDeploymentForm, shortDescription } from '../../src/pages/firmware/WifiDeploymentForm';

const HASH_A = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const HASH_B = 'ffee0011223344556677889900aabbccddeeff00';
const OPTIONS = {
  commits: [
    { hash: HASH_A, description: 'Reconnect after a Wi-Fi drop without a reboot', author: 'Ola Nowak' },
    { hash: HASH_B, description: 'Short one', author: 'Jan Kowalski' },
  ],
  branches: ['develop', 'main'],
  tags: ['v2.7.1'],
};

function renderForm() {
  const onSubmit = vi.fn();
  const provider = testDataProvider({ getWifiDeploymentOptions: async () => OPTIONS } as never);
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={provider}>
      <WifiDeploymentForm pending={false} onSubmit={onSubmit} />
    </AdminContext>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const commitBox = () => screen.getByRole('combobox', { name: /Commit/ });

/** The options offered for the typed text (none: the list is replaced by the no-options text). */
async function offered(user: ReturnType<typeof userEvent.setup>, typed = '') {
  await user.clear(commitBox());
  if (typed) await user.type(commitBox(), typed);
  else await user.click(commitBox());
  const list = screen.queryByRole('listbox');
  const names = list
    ? within(list)
        .queryAllByRole('option')
        .map((o) => o.textContent)
    : [];
  await user.keyboard('{Escape}');
  return names;
}

describe('WifiDeploymentForm', () => {
  it('offers branches, tags and commits (short hash, description cut to 25 characters, author), grouped', async () => {
    const { user } = renderForm();
    await user.click(commitBox());
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    await user.keyboard('{Escape}');
    const names = await offered(user);
    expect(names).toEqual([
      'developbranch',
      'mainbranch',
      'v2.7.1tag',
      `a1b2c3d${shortDescription(OPTIONS.commits[0]!.description)}Ola Nowak`,
      'ffee001Short oneJan Kowalski',
    ]);
    expect(shortDescription(OPTIONS.commits[0]!.description)).toHaveLength(25);
    expect(shortDescription('Short one')).toBe('Short one');
    await user.click(commitBox());
    const list = screen.getByRole('listbox');
    for (const group of ['Branches', 'Tags', 'Commits']) expect(within(list).getByText(group)).toBeTruthy();
    await user.keyboard('{Escape}');
    // Typing matches a hash prefix, a description or an author.
    expect(await offered(user, 'ffee00')).toEqual(['ffee001Short oneJan Kowalski']);
    expect(await offered(user, 'kowalski')).toEqual(['ffee001Short oneJan Kowalski']);
    await user.clear(commitBox());
    await user.type(commitBox(), 'zzz');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByText('No branch, tag or commit matches')).toBeTruthy();
  });

  it('shows the errors and submits nothing while the form is invalid', async () => {
    const { onSubmit, user } = renderForm();
    const sensors = screen.getByRole('textbox', { name: /Sensor IDs/ });
    await user.type(sensors, '5-1');
    await user.tab();
    expect(await screen.findByText('The range 5-1 goes down: write it as 1-5')).toBeTruthy();
    await user.clear(sensors);
    await user.type(sensors, '1,2,5-7');
    expect(screen.getByText('5 sensors')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create deployment' });
    expect((submit as HTMLButtonElement).disabled).toBe(true); // no commit yet
    await user.click(commitBox());
    await user.tab();
    expect(await screen.findByText('It is required')).toBeTruthy();

    await user.click(commitBox());
    await user.click(await screen.findByRole('option', { name: /develop/ }));
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.tab();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a branch by name with the rolling settings in seconds', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Sensor IDs/ }), '1,2,5-7');
    await user.click(commitBox());
    await user.click(await screen.findByRole('option', { name: /develop/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Allow failed sensors' }));
    await user.click(screen.getByRole('button', { name: 'Create deployment' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(
      { sensors: [1, 2, 5, 6, 7], commit: 'develop', strategy: 'ROLLING', period: 3600, amount: 1, spacing: 3600 },
      true,
    );
  });

  it('submits a commit by its full hash, IMMEDIATE without amount and spacing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Sensor IDs/ }), '3');
    await user.type(commitBox(), 'a1b2c3d');
    await user.click(await screen.findByRole('option', { name: /a1b2c3d/ }));
    expect((commitBox() as HTMLInputElement).value).toBe(
      `a1b2c3d · ${shortDescription(OPTIONS.commits[0]!.description)}`,
    );
    await user.click(screen.getByRole('radio', { name: 'Immediate' }));
    expect(screen.queryByRole('spinbutton', { name: 'Amount' })).toBeNull();
    const grace = screen.getByRole('spinbutton', { name: 'Grace period' });
    await user.clear(grace);
    await user.type(grace, '30');
    await user.click(screen.getByRole('button', { name: 'Create deployment' }));
    expect(onSubmit).toHaveBeenCalledWith({ sensors: [3], commit: HASH_A, strategy: 'IMMEDIATE', period: 1800 }, false);
  });
});
