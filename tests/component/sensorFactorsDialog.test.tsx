/** 'Update <param> Factors': comma → dot, fill 0/1/0, clear, required floats, empty removes stored factors, permissions of the chips. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { dialogFactorErrors, orderFactorErrors, toFactorSet } from '../../src/components/sensors/factors';
import { SensorFactorsDialog } from '../../src/resources/sensors/SensorFactorsDialog';
import { SensorFactorsField } from '../../src/resources/sensors/SensorFactorsField';
import type { Sensor } from '../../src/resources/sensors/types';
import type { RuleMessage } from '../../common/validation';
import { factorsUpdate } from './support/sensorUpdates';

const sensor: Sensor = {
  id: 2,
  info: { id: 2, currentInstallationId: null, contractor: null, status: 'Ready', measured: ['pm1', 'pm25', 'no2'] },
  params: { factors: { pm25: { A: -0.87, B: 1.119, C: 0.0014 } } },
  tags: {},
};

const updateSensorFactors = vi.fn();
const onClose = vi.fn();

function session(permissions: string[]) {
  localStorage.setItem(
    'aq.session',
    JSON.stringify({
      user: { id: 1, name: 'u', displayName: null, avatar: null, role: 'r', permissions },
      role: 'r',
      permissions,
      token: 't',
      refreshToken: 'r',
    }),
  );
}

const wrap = (ui: React.ReactNode) =>
  render(
    <AdminContext
      store={memoryStore()}
      i18nProvider={i18nProvider}
      dataProvider={testDataProvider({ update: factorsUpdate(updateSensorFactors) })}
    >
      {ui}
      <Notification />
    </AdminContext>,
  );

const field = (k: 'A' | 'B' | 'C') => screen.getByRole('textbox', { name: k }) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  session(['view_sensors', 'edit_factors', 'view_pm1_factors', 'view_pm25_factors', 'view_no2_factors']);
  updateSensorFactors.mockReset();
  updateSensorFactors.mockImplementation(
    async (_r: string, { param, factors }: { param: string; factors: unknown }) => ({ param, factors }),
  );
  onClose.mockReset();
});

describe('SensorFactorsDialog', () => {
  it('is titled after the parameter and starts from the stored factors', () => {
    wrap(<SensorFactorsDialog sensor={sensor} param="pm25" onClose={onClose} />);
    expect(screen.getByText('Update pm25 Factors')).toBeTruthy();
    expect([field('A').value, field('B').value, field('C').value]).toEqual(['-0.87', '1.119', '0.0014']);
  });

  it('turns a typed comma into a dot and saves numbers', async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm25" onClose={onClose} />);
    await user.clear(field('A'));
    await user.type(field('A'), '1,5');
    expect(field('A').value).toBe('1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateSensorFactors).toHaveBeenCalledWith('sensors', {
        id: 2,
        param: 'pm25',
        factors: { A: 1.5, B: 1.119, C: 0.0014 },
      }),
    );
    expect(await screen.findByText('All changes saved!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('fill sets 0, 1, 0', async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm1" onClose={onClose} />);
    expect(field('A').value).toBe('');
    expect(field('B').getAttribute('placeholder')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Fill the factors' }));
    expect([field('A').value, field('B').value, field('C').value]).toEqual(['0', '1', '0']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateSensorFactors).toHaveBeenCalledWith('sensors', {
        id: 2,
        param: 'pm1',
        factors: { A: 0, B: 1, C: 0 },
      }),
    );
  });

  it('clear empties the fields, and saving empty clears the factors', async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm25" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Clear the factors' }));
    expect([field('A').value, field('B').value, field('C').value]).toEqual(['', '', '']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateSensorFactors).toHaveBeenCalledWith('sensors', { id: 2, param: 'pm25', factors: null }),
    );
  });

  it('requires all three as floats once one is given', async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm1" onClose={onClose} />);
    await user.type(field('A'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('It must be a float')).toBeTruthy();
    expect(screen.getAllByText('It is required')).toHaveLength(2);
    expect(updateSensorFactors).not.toHaveBeenCalled();
    // After a failed save, filling re-validates the whole set.
    await user.click(screen.getByRole('button', { name: 'Fill the factors' }));
    await waitFor(() => expect(screen.queryByText('It is required')).toBeNull());
    expect(screen.queryByText('It must be a float')).toBeNull();
  });
});

describe('SensorFactorsDialog re-validation', () => {
  it("emptying the only filled field after a failed save clears the siblings' errors (stored factors: a removal)", async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm25" onClose={onClose} />);
    await user.clear(field('B'));
    await user.clear(field('C'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('It is required')).toHaveLength(2);
    await user.clear(field('A'));
    await waitFor(() => expect(screen.queryByText('It is required')).toBeNull());
    expect(screen.getByTestId('factors-clear-notice')).toBeTruthy();
  });

  it('with nothing stored, emptying the only filled field leaves all three required', async () => {
    const user = userEvent.setup();
    wrap(<SensorFactorsDialog sensor={sensor} param="pm1" onClose={onClose} />);
    await user.type(field('A'), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('It is required')).toHaveLength(2);
    await user.clear(field('A'));
    await waitFor(() => expect(screen.queryAllByText('It is required')).toHaveLength(3));
    expect(updateSensorFactors).not.toHaveBeenCalled();
  });
});

describe('SensorFactorsField', () => {
  const renderChips = () =>
    wrap(
      <RecordContextProvider value={sensor}>
        <SensorFactorsField />
      </RecordContextProvider>,
    );

  it('shows a chip per visible measured parameter, filled where factors are set, and opens the dialog', async () => {
    const user = userEvent.setup();
    renderChips();
    const chips = document.querySelectorAll('[data-has-factors]');
    expect([...chips].map((c) => c.textContent)).toEqual(['pm1', 'pm25', 'no2']);
    expect([...chips].map((c) => c.getAttribute('data-has-factors'))).toEqual(['false', 'true', 'false']);
    await user.click(screen.getByRole('button', { name: /^pm25 factors of sensor 2/ }));
    expect(await screen.findByText('Update pm25 Factors')).toBeTruthy();
  });

  it('hides parameters without view_<param>_factors and edits only with edit_factors or edit_<param>_factors', () => {
    session(['view_sensors', 'view_pm1_factors', 'view_pm25_factors', 'edit_pm25_factors']);
    renderChips();
    expect([...document.querySelectorAll('[data-has-factors]')].map((c) => c.textContent)).toEqual(['pm1', 'pm25']);
    expect(screen.queryByRole('button', { name: /^pm1 factors/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^pm25 factors/ })).toBeTruthy();
  });
});

/** A map of rule messages as their English (what the server answers). */
const english = (errors: Record<string, RuleMessage> | undefined) =>
  errors && Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m.en]));

describe('factor rules', () => {
  it('dialog: all empty or all floats; order form: a partly filled set is an error', () => {
    expect(dialogFactorErrors({ A: null, B: '', C: undefined })).toBeUndefined();
    expect(english(dialogFactorErrors({ A: '1', B: null, C: 'x' }))).toEqual({
      B: 'It is required',
      C: 'It must be a float',
    });
    expect(english(orderFactorErrors({ A: '1', B: null, C: null }))).toEqual({
      B: 'All factors must be filled',
      C: 'All factors must be filled',
    });
    expect(orderFactorErrors({ A: '1', B: '2', C: '3' })).toBeUndefined();
    expect(toFactorSet({ A: '1,5', B: '2', C: '-3' })).toEqual({ A: 1.5, B: 2, C: -3 });
    expect(toFactorSet({})).toBeNull();
  });
});
