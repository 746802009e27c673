/**
 * The GSM deployment form: the version choice rules (toggles, the major.minor prefix of the typed
 * sensors, reset when the choice becomes disallowed), the section 8 warnings, range errors, and
 * what it submits (seconds, ROLLING with amount and spacing).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { GsmDeploymentForm } from '../../src/pages/firmware/GsmDeploymentForm';

const VERSIONS = [
  { version: '4.3.0.2', status: 'Experimental', description: null },
  { version: '4.2.1.0', status: 'Production', description: null },
  { version: '4.2.0.12', status: 'Deprecated', description: null },
  { version: '4.1.3.1', status: 'Production', description: null },
];
const UPDATER: Record<number, { status: string; version: string }> = {
  1: { status: 'Ok', version: '4.2.1.0' },
  2: { status: 'Ok', version: '4.2.0.12' },
  3: { status: 'Failed', version: '4.2.1.0' },
  4: { status: 'Updating', version: '4.1.3.1' },
};

function renderForm() {
  const onSubmit = vi.fn();
  const provider = testDataProvider({
    getAllGsmVersions: async () => VERSIONS,
    getGsmUpdaterSensors: async (_r: string, { ids }: { ids: number[] }) =>
      ids
        .filter((id) => UPDATER[id])
        .map((id) => ({ id, bank: 0, last_contact: null, last_updated: null, ...UPDATER[id]! })),
  } as never);
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={provider}>
      <GsmDeploymentForm pending={false} onSubmit={onSubmit} />
    </AdminContext>,
  );
  return { onSubmit };
}

async function options(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Version/ }));
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

/** Waits until the offered versions are `expected` (the versions and sensors load asynchronously). */
async function expectOptionsEventually(user: ReturnType<typeof userEvent.setup>, expected: string[]) {
  await waitFor(async () => expect(await options(user)).toEqual(expected));
}

describe('GSM deployment form', () => {
  it('offers versions by the toggles and the sensors’ prefix, and resets a choice that becomes disallowed', async () => {
    const user = userEvent.setup();
    renderForm();
    await expectOptionsEventually(user, ['4.2.1.0 · Production', '4.1.3.1 · Production']);
    await user.click(screen.getByLabelText('Allow experimental versions'));
    await user.click(screen.getByLabelText('Allow deprecated versions'));
    expect(await options(user)).toHaveLength(4);

    // Sensors 1-2 run 4.2.x: only 4.2 versions remain.
    await user.type(screen.getByRole('textbox', { name: /Sensor IDs/ }), '1-2');
    await expectOptionsEventually(user, ['4.2.1.0 · Production', '4.2.0.12 · Deprecated']);
    await user.click(screen.getByRole('combobox', { name: /Version/ }));
    await user.click(await screen.findByRole('option', { name: '4.2.0.12 · Deprecated' }));
    expect(screen.getByRole('combobox', { name: /Version/ }).textContent).toContain('4.2.0.12');
    expect((await screen.findByTestId('warning-deprecated')).textContent).toContain('Version 4.2.0.12 is deprecated');

    // Deprecated no longer allowed: the choice resets.
    await user.click(screen.getByLabelText('Allow deprecated versions'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Version/ }).textContent).not.toContain('4.2.0.12'),
    );
    expect(screen.queryByTestId('warning-deprecated')).toBeNull();

    // Incompatible allowed: every allowed status again, whatever the prefix.
    await user.click(screen.getByLabelText('Allow incompatible versions'));
    expect(await options(user)).toEqual(['4.3.0.2 · Experimental', '4.2.1.0 · Production', '4.1.3.1 · Production']);
  });

  it('shows every warning of section 8 for the typed sensors and version', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText('Allow experimental versions'));
    await user.click(screen.getByLabelText('Allow incompatible versions'));
    await user.type(screen.getByRole('textbox', { name: /Sensor IDs/ }), '1-5');
    await screen.findByTestId('warning-failed');
    await user.click(screen.getByRole('combobox', { name: /Version/ }));
    await user.click(await screen.findByRole('option', { name: '4.3.0.2 · Experimental' }));
    expect(screen.getByTestId('warning-failed').textContent).toContain('Sensors in Failed state: 3');
    expect(screen.getByTestId('warning-notReady').textContent).toContain('4 (Updating)');
    expect(screen.getByTestId('warning-unknown').textContent).toContain('does not know: 5');
    expect(screen.getByTestId('warning-experimental').textContent).toContain('Version 4.3.0.2 is experimental');
    expect(screen.getByTestId('warning-incompatible').textContent).toContain(
      'sensors of another firmware variant: 1-4',
    );
    expect(screen.getByTestId('warning-mixed').textContent).toContain('4.1.x: 4; 4.2.x: 1-3');
  });

  it('explains a bad range, and submits seconds with amount and spacing for ROLLING', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    const submit = screen.getByRole('button', { name: 'Create deployment' });
    const ids = screen.getByRole('textbox', { name: /Sensor IDs/ });
    await user.type(ids, '9-2');
    await user.tab();
    expect(await screen.findByText('The range 9-2 goes down: write it as 2-9')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(ids);
    await user.type(ids, '1,2');
    await user.click(screen.getByRole('combobox', { name: /Version/ }));
    await user.click(await screen.findByRole('option', { name: '4.2.1.0 · Production' }));
    const spacing = screen.getByRole('spinbutton', { name: 'Spacing' });
    await user.clear(spacing);
    await user.type(spacing, '15');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByLabelText('Allow failed sensors'));
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(
      { sensors: [1, 2], version: '4.2.1.0', strategy: 'ROLLING', period: 3600, amount: 1, spacing: 900 },
      true,
    );
    await user.click(screen.getByLabelText('Immediate'));
    expect(screen.queryByRole('spinbutton', { name: 'Spacing' })).toBeNull();
    await user.click(submit);
    expect(onSubmit).toHaveBeenLastCalledWith(
      { sensors: [1, 2], version: '4.2.1.0', strategy: 'IMMEDIATE', period: 3600 },
      true,
    );
  });

  it('sends the safe-rollout rules switched on, validated; the wave gate only for ROLLING', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    const submit = screen.getByRole('button', { name: 'Create deployment' });
    await user.type(screen.getByRole('textbox', { name: /Sensor IDs/ }), '1,2');
    await user.click(screen.getByRole('combobox', { name: /Version/ }));
    await user.click(await screen.findByRole('option', { name: '4.2.1.0 · Production' }));
    await user.click(screen.getByLabelText('Halt automatically on failures'));
    await user.click(screen.getByLabelText('Wait for the previous wave'));
    await user.click(screen.getByLabelText('Retry failing sensors'));
    const retries = screen.getByRole('spinbutton', { name: 'Retries before quarantine' });
    await user.clear(retries);
    await user.type(retries, '11');
    expect(await screen.findByText('It must be less than 11')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(retries);
    await user.type(retries, '3');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    expect(onSubmit).toHaveBeenLastCalledWith(
      {
        sensors: [1, 2],
        version: '4.2.1.0',
        strategy: 'ROLLING',
        period: 3600,
        amount: 1,
        spacing: 3600,
        autoHalt: { failedPercent: 10, minFinished: 20 },
        waveSuccessPercent: 90,
        maxRetries: 3,
      },
      false,
    );
    await user.click(screen.getByLabelText('Immediate'));
    expect(screen.queryByLabelText('Wait for the previous wave')).toBeNull();
    await user.click(submit);
    expect(onSubmit).toHaveBeenLastCalledWith(
      {
        sensors: [1, 2],
        version: '4.2.1.0',
        strategy: 'IMMEDIATE',
        period: 3600,
        autoHalt: { failedPercent: 10, minFinished: 20 },
        maxRetries: 3,
      },
      false,
    );
  });
});
