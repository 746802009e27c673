/** The sensor status editor: exactly the allowed next statuses, none for Retired, permission, save. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, RecordContextProvider } from 'react-admin';
import { SENSOR_STATUSES, allowedNextStatuses, type SensorStatus } from '../../common/domain';
import { SensorStatusInput } from '../../src/resources/sensors/SensorStatusInput';
import type { Sensor } from '../../src/resources/sensors/types';
import { TestAdmin, appDataProvider } from './support/admin';

function signIn(permissions: string[]) {
  localStorage.setItem(
    'aq.session',
    JSON.stringify({
      user: { id: 3, name: 'technician', displayName: 'T', avatar: null, role: 'technician', permissions },
      role: 'technician',
      permissions,
      token: 'access',
      refreshToken: 'refresh',
    }),
  );
}

const sensor = (status: SensorStatus): Sensor => ({
  id: 7,
  info: { id: 7, currentInstallationId: 70, communication: 'GSM', contractor: null, status, measured: ['pm25'] },
  params: { factors: {} },
  tags: {},
});

/** The provider's `update` (`meta: { action: 'status' }`: PATCH /sensors/{id}/status). */
const update = vi.fn();

function renderStatus(status: SensorStatus) {
  return render(
    <TestAdmin dataProvider={appDataProvider({ update })}>
      <RecordContextProvider value={sensor(status)}>
        <SensorStatusInput />
      </RecordContextProvider>
      <Notification />
    </TestAdmin>,
  );
}

beforeEach(() => {
  localStorage.clear();
  update.mockReset();
  signIn(['view_sensors', 'edit_sensors_status']);
});

describe('SensorStatusInput', () => {
  it.each(SENSOR_STATUSES.filter((s) => s !== 'Retired'))(
    'offers exactly the statuses allowed after %s',
    async (status) => {
      const user = userEvent.setup();
      renderStatus(status);
      await user.click(screen.getByRole('button', { name: `${status}, status of sensor 7` }));
      const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
      expect(items.map((i) => i.textContent)).toEqual(allowedNextStatuses(status));
      expect(items.map((i) => i.textContent)).not.toContain(status);
      expect(items.map((i) => i.textContent)).not.toContain('Retired');
    },
  );

  it('offers no dropdown for a Retired sensor', () => {
    renderStatus('Retired');
    expect(screen.getByText('Retired')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[data-status-icon="Retired"]')).toBeTruthy();
  });

  it('is read-only without edit_sensors_status', () => {
    signIn(['view_sensors']);
    renderStatus('Installed');
    expect(screen.getByText('Installed')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows each option with its icon, saves the choice and says so', async () => {
    const user = userEvent.setup();
    update.mockResolvedValue({ data: { id: 7, info: { ...sensor('InRepair').info, status: 'InRepair' } } });
    renderStatus('Refurbishment');
    await user.click(screen.getByRole('button', { name: 'Refurbishment, status of sensor 7' }));
    const menu = await screen.findByRole('menu');
    expect(menu.querySelectorAll('[data-status-icon]')).toHaveLength(allowedNextStatuses('Refurbishment').length);
    await user.click(within(menu).getByRole('menuitem', { name: 'InRepair' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'sensors',
        expect.objectContaining({ id: 7, data: { info: expect.objectContaining({ status: 'InRepair' }) } }),
      ),
    );
    expect(update.mock.calls[0]![1].meta).toEqual({ action: 'status' });
    expect(await screen.findByText('Status changed!')).toBeTruthy();
  });

  it('sends one request for a double click on a menu item, and says only "Status changed!"', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    update.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ data: { id: 7, info: { ...sensor('InRepair').info, status: 'InRepair' } } });
        }),
    );
    renderStatus('ServiceRequired');
    await user.click(screen.getByRole('button', { name: 'ServiceRequired, status of sensor 7' }));
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'InRepair' });
    // Both clicks land before React re-renders: the menu item is still there for the second one.
    fireEvent.click(item);
    fireEvent.click(item);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('button', { name: /, status of sensor 7$/ }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await screen.findByText('Status changed!')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
  });
});
